import type { TChatConfig } from '@shop/contracts/chat-protocol';
import { Dialog } from 'radix-ui';
import { type RefObject, useMemo, useRef, useState } from 'react';
import { CloseIcon } from '../../../components/ui/icons';
import { cx } from '../../../lib/cx';
import { loadUserInfo, useUserToken } from '../../../lib/session';
import { Composer, type ComposerHandle } from '../composer/composer';
import { CHAT_LANGUAGES, type ChatLanguage, isChatLanguage } from '../language';
import { MessageList } from '../messages/message-list';
import { pendingAsMessage } from '../messages-merge';
import { type WidgetTexts, widgetTexts } from '../texts';
import type { ChatController } from './chat-controller';
import { ChatBubbleIcon, MegaphoneIcon, MoveIcon } from './chat-icons';
import { CsatForm } from './csat-form';
import { OfflineNotice } from './offline-notice';
import { useDraggable } from './use-draggable';
import { hasOlder, type WidgetState, writingTo } from './widget-state';

export type ChatDialogProps = {
  controller: ChatController;
  config: TChatConfig;
  state: WidgetState;
  language: ChatLanguage;
  mobile: boolean;
  onClose: () => void;
  /** the launcher: the focus goes back to it when the dialog closes */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
};

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900';
const iconButton = cx('flex size-10 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100', focusRing);

const noticeThemes: Record<string, string> = {
  info: 'border-sky-200 bg-sky-50 text-sky-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  error: 'border-red-200 bg-red-50 text-red-900',
};

/** Renews the shopper's access token (the API client refreshes it on the 409 the user-info call meets). */
const renewToken = () => loadUserInfo();

/**
 * spec 2 "Live chat window": full screen at 768 px and below (and on a phone held sideways), else
 * 700 px wide and draggable by its header (pointer, or the move button and arrow keys). The focus
 * moves into it on open and back to the launcher on close; Escape closes it. It shows the agent's
 * name and status, the announcement (not on mobile), the connection's state, the conversation or
 * the 'select a session' placeholder, and the composer.
 */
export default function ChatDialog({ controller, config, state, language, mobile, onClose, returnFocusTo }: ChatDialogProps) {
  const texts = widgetTexts(language);
  const drag = useDraggable<HTMLDivElement>();
  const composer = useRef<ComposerHandle>(null);
  const content = useRef<HTMLDivElement | null>(null);
  const [noticeHidden, setNoticeHidden] = useState(false);
  const signedIn = useUserToken() !== null;
  const me = state.me;

  const messages = useMemo(() => {
    if (!me) return state.messages;
    const waiting = state.pending
      .filter((message) => message.session_id === writingTo(state))
      .map((message, index) => pendingAsMessage(message, me.id, 'tourist', index));
    return waiting.length ? [...state.messages, ...waiting] : state.messages;
  }, [state, me]);

  const title = state.agent?.nickname || config.app_name;
  const status =
    state.sessionStatus === 'queued'
      ? texts.waitingForAgent
      : state.agent
        ? texts.statusNames[state.agent.status]
        : state.sessionId === null
          ? config.app_name
          : texts.waitingForAgent;
  const showTyping = state.agentTyping && config.input_status_display === 'yes';
  const connectionText = connectionNotice(state, texts);

  const setRefs = (element: HTMLDivElement | null) => {
    content.current = element;
    drag.element.current = element;
  };

  return (
    <Dialog.Root
      open
      modal={mobile}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Content
          ref={setRefs}
          aria-describedby={undefined}
          style={mobile ? undefined : drag.style}
          className={cx(
            'fixed z-50 flex flex-col overflow-hidden bg-white text-gray-900 focus:outline-none',
            mobile
              ? 'inset-0 h-dvh w-screen'
              : 'right-6 bottom-24 h-[min(640px,calc(100dvh-8rem))] w-[700px] max-w-[calc(100vw-3rem)] rounded-2xl border border-gray-200 shadow-[0_12px_48px_rgb(0_0_0/0.24)]',
          )}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            // on a phone the dialog itself takes the focus, so the keyboard does not cover the conversation at once
            if (composer.current && !mobile) composer.current.focus();
            else content.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          onEscapeKeyDown={(event) => {
            // Escape closes an open emoji, goods or orders panel first
            if (composer.current?.closePanel()) event.preventDefault();
          }}
          // on desktop the shop stays usable around the chat: clicking the page does not close it
          onInteractOutside={(event) => {
            if (!mobile) event.preventDefault();
          }}
          data-chat-dialog={mobile ? 'mobile' : 'desktop'}
        >
          <header
            className={cx(
              'flex items-center gap-3 border-b border-gray-200 px-4 py-2.5',
              mobile ? undefined : 'cursor-move select-none',
            )}
            {...(mobile
              ? {}
              : {
                  onPointerDown: drag.handle.onPointerDown,
                  onPointerMove: drag.handle.onPointerMove,
                  onPointerUp: drag.handle.onPointerUp,
                  onPointerCancel: drag.handle.onPointerCancel,
                })}
          >
            <Avatar url={state.agent?.avatar ?? ''} />
            <div className="min-w-0 flex-1">
              <Dialog.Title className="truncate text-base font-semibold text-gray-950">{title}</Dialog.Title>
              <p className="flex items-center gap-1.5 truncate text-xs text-gray-600" data-chat-agent-status="">
                {state.agent && state.sessionStatus !== 'queued' ? (
                  <span
                    aria-hidden="true"
                    className={cx(
                      'size-2 rounded-full',
                      state.agent.status === 'online'
                        ? 'bg-emerald-500'
                        : state.agent.status === 'busy'
                          ? 'bg-amber-500'
                          : 'bg-gray-400',
                    )}
                  />
                ) : null}
                <span>{showTyping ? `${title} ${texts.typing}` : status}</span>
              </p>
            </div>
            <label className="sr-only" htmlFor="chat-language">
              {texts.language}
            </label>
            <select
              id="chat-language"
              data-no-drag=""
              value={language}
              onChange={(event) => {
                if (isChatLanguage(event.target.value)) controller.setLanguage(event.target.value);
              }}
              className={cx('h-9 rounded-md border border-gray-300 bg-white px-2 text-sm', focusRing)}
            >
              {CHAT_LANGUAGES.map((code) => (
                <option key={code} value={code}>
                  {texts.languageNames[code]}
                </option>
              ))}
            </select>
            {mobile ? null : (
              // the header around it takes the pointer; the arrow keys move the window from here
              <button
                type="button"
                aria-label={texts.moveChat}
                onKeyDown={drag.handle.onKeyDown}
                className={cx(iconButton, 'cursor-move touch-none')}
              >
                <MoveIcon />
              </button>
            )}
            <Dialog.Close asChild>
              <button type="button" data-no-drag="" aria-label={texts.closeChat} className={iconButton} data-chat-close="">
                <CloseIcon />
              </button>
            </Dialog.Close>
          </header>

          {!mobile && config.notice && !noticeHidden ? (
            <section
              aria-label={texts.announcement}
              className={cx(
                'flex items-start gap-2 border-b px-4 py-2 text-sm',
                noticeThemes[config.notice_theme] ?? noticeThemes.info,
              )}
              data-chat-announcement=""
            >
              <MegaphoneIcon className="mt-0.5 shrink-0" width={18} height={18} />
              <p className="min-w-0 flex-1 break-words">{config.notice}</p>
              <button
                type="button"
                onClick={() => setNoticeHidden(true)}
                aria-label={texts.closeAnnouncement}
                className={cx('shrink-0 rounded-full p-1 hover:bg-black/5', focusRing)}
              >
                <CloseIcon width={16} height={16} />
              </button>
            </section>
          ) : null}

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

          {state.off?.signedOut ? null : (
            <OfflineNotice
              identity={me?.id ?? null}
              headers={() => controller.uploadHeaders()}
              texts={texts}
              language={language}
            />
          )}

          <div className="flex min-h-0 flex-1 flex-col bg-gray-50">
            {state.off?.signedOut ? (
              <SignedOut texts={texts} />
            ) : writingTo(state) === null || !me ? (
              <SelectSession
                texts={texts}
                busy={state.connection !== 'open' || state.distributing || !me}
                onStart={() => controller.startConversation()}
              />
            ) : (
              <MessageList
                messages={messages}
                myId={me.id}
                myIdentity="tourist"
                language={language}
                hasMore={hasOlder(state)}
                loadingOlder={state.loadingOlder}
                onLoadOlder={() => controller.loadOlder()}
                className="min-h-0 flex-1"
              />
            )}
          </div>

          {state.off?.signedOut ? null : (
            <CsatForm
              key={state.sessionId ?? 0}
              csat={state.csat}
              texts={texts}
              onRate={(stars, comment) => controller.rate(stars, comment)}
            />
          )}
          {state.off?.signedOut ? null : (
            <Composer
              ref={composer}
              language={language}
              identity="tourist"
              guest={!signedIn}
              signedIn={signedIn}
              mobile={mobile}
              sessionId={writingTo(state)}
              config={config}
              onSend={(message) => controller.sendMessage(message)}
              onTyping={(typing) => controller.sendTyping(typing)}
              uploadHeaders={() => controller.uploadHeaders()}
              onAuthExpired={renewToken}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The connection's state in words (spec 8), or '' while it is open. */
function connectionNotice(state: WidgetState, texts: WidgetTexts): string {
  switch (state.connection) {
    case 'idle':
    case 'connecting':
      return texts.connecting;
    case 'reconnecting':
      return texts.reconnecting;
    case 'off':
      return state.off?.signedOut ? texts.signedOut : texts.chatUnavailable;
    default:
      return '';
  }
}

function Avatar({ url }: { url: string }) {
  const safe = /^(\/(?!\/)|https:\/\/)/.test(url) ? url : '';
  if (safe)
    return <img src={safe} alt="" width={40} height={40} className="size-10 shrink-0 rounded-full bg-gray-100 object-cover" />;
  return (
    <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-gray-900 text-white">
      <ChatBubbleIcon />
    </span>
  );
}

/** The sign-in session ended: the conversation is gone from the page; a reload chats as a visitor. */
function SignedOut({ texts }: { texts: WidgetTexts }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center" data-chat-signed-out="">
      <h3 className="text-base font-semibold text-gray-950">{texts.signedOut}</h3>
      <p className="max-w-xs text-sm text-gray-600">{texts.signedOutHint}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className={cx('min-h-11 rounded-full bg-gray-900 px-5 text-sm font-semibold text-white hover:bg-gray-700', focusRing)}
      >
        {texts.reload}
      </button>
    </div>
  );
}

/** spec 2: the 'select a session' placeholder, while there is no conversation to show. */
function SelectSession({ texts, busy, onStart }: { texts: WidgetTexts; busy: boolean; onStart: () => void }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center" data-chat-placeholder="">
      <ChatBubbleIcon width={40} height={40} className="text-gray-400" />
      <h3 className="text-base font-semibold text-gray-950">{texts.selectSession}</h3>
      <p className="max-w-xs text-sm text-gray-600">{texts.selectSessionHint}</p>
      <button
        type="button"
        onClick={onStart}
        disabled={busy}
        aria-busy={busy || undefined}
        className={cx(
          'min-h-11 rounded-full bg-gray-900 px-5 text-sm font-semibold text-white hover:bg-gray-700 disabled:cursor-not-allowed disabled:bg-gray-300 disabled:text-gray-600',
          focusRing,
        )}
      >
        {texts.startConversation}
      </button>
    </div>
  );
}
