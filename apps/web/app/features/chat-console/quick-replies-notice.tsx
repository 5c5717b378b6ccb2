import type { TQuickReply } from '@shop/contracts/chat-support';
import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';
import type { QuickReplies } from './quick-replies';
import type { ConsoleTexts } from './texts';

/**
 * What the quick replies' tab and the composer's picker show instead of the list: that the replies
 * load, that loading failed (`failure`, each place its own), or that none are there or match.
 */
export function QuickRepliesNotice({
  quickReplies,
  shown,
  texts,
  className,
  failure,
}: {
  quickReplies: QuickReplies;
  /** the replies the search matches */
  shown: TQuickReply[];
  texts: ConsoleTexts;
  /** the padding of the messages */
  className?: string;
  failure: ReactNode;
}) {
  if (quickReplies.status === 'loading') {
    return (
      <p role="status" className={cx(className, 'text-sm text-gray-600')}>
        {texts.loading}
      </p>
    );
  }
  if (quickReplies.status === 'failed') return failure;
  if (shown.length > 0) return null;
  return (
    <p className={cx(className, 'text-sm text-gray-600')}>
      {quickReplies.replies.length ? texts.noMatches : texts.noQuickReplies}
    </p>
  );
}

/** The quick replies are listed: loaded, and some match the search. */
export const listsQuickReplies = (quickReplies: QuickReplies, shown: TQuickReply[]) =>
  quickReplies.status === 'ready' && shown.length > 0;
