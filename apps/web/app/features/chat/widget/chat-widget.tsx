import type { TChatConfig } from '@shop/contracts/chat-protocol';
import { type ComponentType, lazy, type RefObject, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { cx, focusRing } from '../../../lib/cx';
import { loadUserInfo } from '../../../lib/session';
import { useChatLanguage } from '../language';
import { type WidgetTexts, widgetTexts } from '../texts';
import { chatShownOn, loadChatConfig, PATH_DEBOUNCE_MS } from './chat-config';
import { ChatController } from './chat-controller';
import type { ChatDialogProps } from './chat-dialog';
import { ChatBubbleIcon } from './chat-icons';
import { Invitation, NewMessageTip } from './launcher-notes';
import { hasReopenLink, takeReopenLink } from './reopen-link';
import { useDraggable } from './use-draggable';
import { useMobileChat } from './use-mobile';
import { initialWidgetState, type WidgetState } from './widget-state';

/**
 * spec 2 "Live chat window", the shopper's side: the floating launcher with its unread badge, the
 * new-message tooltip and the invitation box on every storefront page but the configured ones. The
 * dialog (and the Markdown, images and diagrams in it) is its own chunk, loaded on the first open.
 */

const importDialog = () => import('./chat-dialog');
const ChatDialog = lazy<ComponentType<ChatDialogProps>>(importDialog);
const prefetchDialog = () => {
  importDialog().catch(() => {
    // tried again when the dialog is opened
  });
};

/** The automatic invitations shown in this visit (spec 3: auto_invitation_max). */
const INVITATIONS_KEY = 'chat_invitations';

function invitationsShown(): number {
  try {
    return Number(window.sessionStorage.getItem(INVITATIONS_KEY) ?? 0) || 0;
  } catch {
    return 0;
  }
}

function countInvitation() {
  try {
    window.sessionStorage.setItem(INVITATIONS_KEY, String(invitationsShown() + 1));
  } catch {
    // session storage disabled: the invitation is still shown once on this page
  }
}

/** The path, once it has stayed the same for PATH_DEBOUNCE_MS (spec 2). */
function useSettledPath(): string {
  const { pathname } = useLocation();
  const [settled, setSettled] = useState(pathname);
  useEffect(() => {
    if (pathname === settled) return;
    const timer = window.setTimeout(() => setSettled(pathname), PATH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, settled]);
  return settled;
}

/** Renews the access token: the API client refreshes it on the 409 the user-info call meets (shared with the header's). */
const refreshToken = () => loadUserInfo();

export default function ChatWidget() {
  const [config, setConfig] = useState<TChatConfig | null>(null);
  const path = useSettledPath();
  // the link of a reply mail (decision 0060): traded for the visitor's identity before the chat connects
  const [reopening, setReopening] = useState<'no' | 'pending' | 'open'>(() => (hasReopenLink() ? 'pending' : 'no'));

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the address the page was opened at
  useEffect(() => {
    if (reopening !== 'pending') return;
    takeReopenLink().then((open) => setReopening(open ? 'open' : 'no'));
  }, []);

  useEffect(() => {
    let active = true;
    loadChatConfig().then((loaded) => {
      if (active) setConfig(loaded);
    });
    return () => {
      active = false;
    };
  }, []);

  const shown = config !== null && chatShownOn(path, config.not_start_paths);
  if (!config || reopening === 'pending') return null;
  return <Widget config={config} shown={shown} path={path} openAtStart={reopening === 'open'} />;
}

function Widget({
  config,
  shown,
  path,
  openAtStart,
}: {
  config: TChatConfig;
  shown: boolean;
  path: string;
  /** open the dialog at once: a reply mail's link brought the visitor back to their conversation */
  openAtStart: boolean;
}) {
  const [controller, setController] = useState<ChatController | null>(null);
  const language = useChatLanguage();
  const texts = widgetTexts(language);
  const mobile = useMobileChat();
  const launcher = useRef<HTMLButtonElement>(null);

  // The connection starts on the first page where the chat is shown, and lasts the visit.
  useEffect(() => {
    if (!shown || controller) return;
    const created = new ChatController({ config, refreshToken });
    created.start();
    if (openAtStart) created.open();
    setController(created);
  }, [shown, controller, config, openAtStart]);
  useEffect(() => () => controller?.stop(), [controller]);

  const state = useSyncExternalStore(
    controller?.subscribe ?? noSubscribe,
    controller?.getSnapshot ?? initialSnapshot,
    initialSnapshot,
  );

  // spec 7 trajectory: every page the visitor settles on
  // biome-ignore lint/correctness/useExhaustiveDependencies: the settled path says when the page changed
  useEffect(() => {
    if (!controller) return;
    controller.trajectory({ url: window.location.href, title: document.title });
  }, [controller, path]);

  useEffect(() => {
    if (!controller) return;
    const onVisibility = () => {
      if (document.visibilityState === 'visible') controller.pageVisible();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [controller]);

  useAutoInvitation(config, controller, state, shown);

  // a dialog closed on a page without the chat stays closed
  useEffect(() => {
    if (!shown && state.open) controller?.close();
  }, [shown, state.open, controller]);

  // off for good: gone, unless the shopper was signed out, which the widget says
  if (!shown || !controller || (state.off && !state.off.signedOut)) return null;

  const toggle = () => {
    if (state.open) controller.close();
    else controller.open();
  };

  return (
    <>
      <Launcher
        launcherRef={launcher}
        config={config}
        texts={texts}
        state={state}
        mobile={mobile}
        onToggle={toggle}
        onOpen={() => controller.open()}
        onDismissTooltip={() => controller.dismissTooltip()}
        onDismissInvitation={() => controller.dismissInvitation()}
      />
      {state.open ? (
        <Suspense fallback={<DialogLoading texts={texts} mobile={mobile} />}>
          <ChatDialog
            controller={controller}
            config={config}
            state={state}
            language={language}
            mobile={mobile}
            onClose={() => controller.close()}
            returnFocusTo={launcher}
          />
        </Suspense>
      ) : null}
    </>
  );
}

const noSubscribe = () => () => {};
const initialSnapshot = () => initialWidgetState;

/**
 * spec 3 auto_invitation_*: after auto_invitation_timing seconds on the site the visitor is
 * invited, at most auto_invitation_max times a visit, and (auto_invitation_no_session) only while
 * they have no conversation.
 */
function useAutoInvitation(config: TChatConfig, controller: ChatController | null, state: WidgetState, shown: boolean) {
  const latest = useRef(state);
  latest.current = state;
  useEffect(() => {
    if (!controller || !shown || config.auto_invitation_switch !== 'yes') return;
    if (invitationsShown() >= config.auto_invitation_max) return;
    const timer = window.setTimeout(() => {
      const now = latest.current;
      if (now.open || now.invitation || invitationsShown() >= config.auto_invitation_max) return;
      if (config.auto_invitation_no_session === 'yes' && now.sessionId !== null && now.sessionStatus !== 'closed') return;
      countInvitation();
      controller.invite('auto');
    }, Math.max(0, config.auto_invitation_timing) * 1000);
    return () => window.clearTimeout(timer);
  }, [controller, shown, config]);
}

type LauncherProps = {
  launcherRef: RefObject<HTMLButtonElement | null>;
  config: Pick<TChatConfig, 'new_user_tip' | 'auto_invitation_bg'>;
  texts: WidgetTexts;
  state: WidgetState;
  mobile: boolean;
  onToggle: () => void;
  onOpen: () => void;
  onDismissTooltip: () => void;
  onDismissInvitation: () => void;
};

/** The floating, draggable button, with the new-message tooltip and the invitation box above it. */
function Launcher({
  launcherRef,
  config,
  texts,
  state,
  mobile,
  onToggle,
  onOpen,
  onDismissTooltip,
  onDismissInvitation,
}: LauncherProps) {
  const drag = useDraggable<HTMLDivElement>();
  const label = state.unread > 0 ? `${texts.openChat}, ${texts.unreadBadge(state.unread)}` : texts.openChat;
  return (
    <div
      ref={drag.element}
      style={drag.style}
      className={cx(
        'fixed right-4 z-40 flex flex-col items-end gap-3 print:hidden',
        mobile ? 'bottom-24' : 'bottom-6 md:right-6',
        state.open && mobile ? 'hidden' : undefined,
      )}
      data-chat-launcher=""
    >
      {/* new incoming messages are announced while the dialog is closed */}
      <div aria-live="polite" className="flex flex-col items-end gap-3">
        {state.tooltip && !state.open ? (
          <NewMessageTip message={state.tooltip} texts={texts} onOpen={onOpen} onDismiss={onDismissTooltip} />
        ) : null}
        {state.invitation && !state.open ? (
          <Invitation
            config={config}
            agentName={state.invitation.agent?.nickname}
            texts={texts}
            onOpen={onOpen}
            onDismiss={onDismissInvitation}
          />
        ) : null}
      </div>
      <button
        ref={launcherRef}
        type="button"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={state.open}
        onPointerEnter={prefetchDialog}
        onFocus={prefetchDialog}
        onClick={() => {
          if (!drag.consumeDrag()) onToggle();
        }}
        {...drag.handle}
        className={cx(
          'relative flex size-14 touch-none items-center justify-center rounded-full bg-gray-900 text-white shadow-[0_8px_24px_rgb(0_0_0/0.28)] hover:bg-gray-700',
          focusRing,
        )}
        data-chat-open-button=""
      >
        <ChatBubbleIcon width={26} height={26} />
        {state.unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute -top-1 -right-1 flex min-w-6 items-center justify-center rounded-full border-2 border-white bg-red-600 px-1 text-xs font-bold leading-5 text-white"
            data-chat-unread=""
          >
            {state.unread > 99 ? '99+' : state.unread}
          </span>
        ) : null}
      </button>
    </div>
  );
}

function DialogLoading({ texts, mobile }: { texts: WidgetTexts; mobile: boolean }) {
  return (
    <div
      role="status"
      className={cx(
        'fixed z-50 flex items-center justify-center bg-white text-sm text-gray-700 shadow-[0_12px_48px_rgb(0_0_0/0.24)]',
        mobile ? 'inset-0' : 'right-6 bottom-24 h-40 w-[700px] max-w-[calc(100vw-3rem)] rounded-2xl border border-gray-200',
      )}
    >
      {texts.loading}
    </div>
  );
}
