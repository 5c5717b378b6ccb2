import type { TChatConfig } from '@shop/contracts/chat-protocol';
import { useState } from 'react';
import { CloseIcon } from '../../../components/ui/icons';
import { cx, focusRing } from '../../../lib/cx';
import type { WidgetTexts } from '../texts';
import { MegaphoneIcon } from './chat-icons';
import { connectionNotice } from './dialog-status';
import type { WidgetState } from './widget-state';

const noticeThemes: Record<string, string> = {
  info: 'border-sky-200 bg-sky-50 text-sky-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  error: 'border-red-200 bg-red-50 text-red-900',
};

type AnnouncementProps = {
  config: Pick<TChatConfig, 'notice' | 'notice_theme'>;
  texts: WidgetTexts;
  /** false on mobile, where it is never shown */
  shown: boolean;
};

/** spec 2: the shop's announcement at the top of the chat (not on mobile), until the shopper closes it. */
export function Announcement({ config, texts, shown }: AnnouncementProps) {
  const [hidden, setHidden] = useState(false);
  if (!shown || !config.notice || hidden) return null;
  return (
    <section
      aria-label={texts.announcement}
      className={cx('flex items-start gap-2 border-b px-4 py-2 text-sm', noticeThemes[config.notice_theme] ?? noticeThemes.info)}
      data-chat-announcement=""
    >
      <MegaphoneIcon className="mt-0.5 shrink-0" width={18} height={18} />
      <p className="min-w-0 flex-1 break-words">{config.notice}</p>
      <button
        type="button"
        onClick={() => setHidden(true)}
        aria-label={texts.closeAnnouncement}
        className={cx('shrink-0 rounded-full p-1 hover:bg-black/5', focusRing)}
      >
        <CloseIcon width={16} height={16} />
      </button>
    </section>
  );
}

/** spec 8: the connection's state under the header; read out, and shown while it is not open. */
export function ConnectionLine({ state, texts }: { state: Pick<WidgetState, 'connection' | 'off'>; texts: WidgetTexts }) {
  const connectionText = connectionNotice(state, texts);
  return (
    <p
      role="status"
      className={cx(
        'px-4 text-center text-sm',
        connectionText ? 'border-b border-amber-200 bg-amber-50 py-1.5 text-amber-900' : 'sr-only',
      )}
      data-chat-connection={state.connection}
    >
      {connectionText}
    </p>
  );
}
