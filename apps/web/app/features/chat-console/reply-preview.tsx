import type { TQuickReply } from '@shop/contracts/chat-support';
import { type ChatLanguage, ChatMarkdown, messageTexts } from '../chat';
import { quickReplyLabel } from './quick-replies';

/**
 * A quick reply's or a knowledge-base answer's text as the visitor will see it: the chat's own
 * Markdown renderer. Inside a button or an option (`inert`) it is a picture of the text only: its
 * links cannot be reached there, and the control's own name says what it is.
 */
export function ReplyPreview({
  source,
  language,
  inert = false,
  className,
}: {
  source: string;
  language: ChatLanguage;
  inert?: boolean;
  className?: string;
}) {
  return (
    <div className={className} inert={inert} aria-hidden={inert ? true : undefined} data-reply-preview="">
      <ChatMarkdown source={source} tone="theirs" texts={messageTexts(language)} foldingOn={false} />
    </div>
  );
}

/** A quick reply as an option to pick: its name, then a picture of its text. */
export function QuickReplyOption({
  reply,
  language,
  previewClassName,
}: {
  reply: Pick<TQuickReply, 'title' | 'content'>;
  language: ChatLanguage;
  previewClassName: string;
}) {
  return (
    <>
      <span className="block truncate text-sm font-medium text-gray-900">{quickReplyLabel(reply)}</span>
      <ReplyPreview source={reply.content} language={language} inert className={previewClassName} />
    </>
  );
}
