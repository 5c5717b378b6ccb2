import type { TChatConfig } from '@shop/contracts/chat-protocol';
import { Dialog } from 'radix-ui';
import { type RefObject, useMemo, useRef } from 'react';
import { cx } from '../../../lib/cx';
import { loadUserInfo, useUserToken } from '../../../lib/session';
import { Composer, type ComposerHandle } from '../composer/composer';
import type { ChatLanguage } from '../language';
import { MessageList } from '../messages/message-list';
import { pendingAsMessage } from '../messages-merge';
import { widgetTexts } from '../texts';
import type { ChatController } from './chat-controller';
import { CsatForm } from './csat-form';
import { DialogHeader } from './dialog-header';
import { Announcement, ConnectionLine } from './dialog-notices';
import { SelectSession, SignedOut } from './dialog-placeholders';
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
  const signedIn = useUserToken() !== null;
  const me = state.me;

  const messages = useMemo(() => {
    if (!me) return state.messages;
    const waiting = state.pending
      .filter((message) => message.session_id === writingTo(state))
      .map((message, index) => pendingAsMessage(message, me.id, 'tourist', index));
    return waiting.length ? [...state.messages, ...waiting] : state.messages;
  }, [state, me]);

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
          <DialogHeader
            state={state}
            config={config}
            language={language}
            texts={texts}
            mobile={mobile}
            controller={controller}
            drag={drag}
          />

          <Announcement config={config} texts={texts} shown={!mobile} />

          <ConnectionLine state={state} texts={texts} />

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
