import { Tabs } from 'radix-ui';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { cx } from '../../lib/cx';
import { notify } from '../../lib/toast';
import { type ChatLanguage, useChatLanguage } from '../chat';
import { agentToolsTexts } from './agent-tools-texts';
import { notificationPermission, offersNotifications, SHAKE_MS } from './alerts';
import { ContactPanel } from './contact-panel';
import { ConversationPane } from './conversation-pane';
import { ConversationSearch } from './conversation-search';
import { KnowledgePanel } from './knowledge-panel';
import { LanguageSelect } from './language-select';
import { QueueCount, QueueList, queueTexts } from './queue-list';
import { fillFor, useQuickReplies } from './quick-replies';
import { QuickRepliesPanel } from './quick-replies-panel';
import { searchTexts } from './search-texts';
import { SessionList } from './session-list';
import { signOutStaff } from './staff-session';
import { StatusSwitch } from './status-switch';
import { type ConsoleTexts, consoleTexts } from './texts';
import { TouristList } from './tourist-list';
import { TrajectoryPanel } from './trajectory-panel';
import { TransferPanel } from './transfer-panel';
import { useConsole } from './use-console';

type ListTab = 'sessions' | 'queue' | 'tourists' | 'search';
type ToolTab = 'quick-replies' | 'transfer' | 'trajectory' | 'knowledge';

// Two rows of two: four tabs with their counts do not fit one row of the list's 240–300 px column,
// nor of the tools' 320–390 px one, and a tab running under the next pane cannot be clicked.
const tabClass =
  'inline-flex min-h-11 items-center justify-center whitespace-nowrap border-b-2 border-transparent px-2 text-sm font-semibold text-gray-600 hover:text-gray-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gray-900 data-[state=active]:border-gray-900 data-[state=active]:text-gray-900';
const panelClass = 'flex min-h-0 flex-1 flex-col data-[state=inactive]:hidden';
const toolTabClass =
  'min-h-11 whitespace-nowrap border-b-2 border-transparent px-1.5 text-[13px] font-semibold text-gray-600 hover:text-gray-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gray-900 data-[state=active]:border-gray-900 data-[state=active]:text-gray-900';

/** The console's shake (spec 9: 400 ms); still for agents who prefer reduced motion. */
const SHAKE_CSS = `@keyframes agent-console-shake{0%,100%{transform:translateX(0)}20%,60%{transform:translateX(-6px)}40%,80%{transform:translateX(6px)}}
.agent-console-shake{animation:agent-console-shake ${SHAKE_MS}ms ease-in-out}
@media (prefers-reduced-motion:reduce){.agent-console-shake{animation:none}}`;

/**
 * The agents' console (issue 6 item 6): conversations and visitors on the left, the open
 * conversation in the middle, the tools (quick replies, transfer, trajectory, knowledge base) on the
 * right — below 1024 px the tools open as a side sheet, below 768 px the list and the conversation
 * take turns.
 */
export function AgentConsole() {
  const language: ChatLanguage = useChatLanguage();
  const texts = consoleTexts[language];
  const { state, config, retryConfig, notice, shake, signedOut, actions } = useConsole({ language, texts });
  const quickReplies = useQuickReplies(state.me !== null);
  const [listTab, setListTab] = useState<ListTab>('sessions');
  const [toolTab, setToolTab] = useState<ToolTab>('quick-replies');
  const [toolsOpen, setToolsOpen] = useState(false);
  const [permission, setPermission] = useState(notificationPermission);
  /** the visitor whose trajectory the tab shows when it is not the open conversation's */
  const [trajectoryVisitor, setTrajectoryVisitor] = useState<{ id: number; name: string } | null>(null);
  const toolsToggle = useRef<HTMLButtonElement>(null);
  const toolsPanel = useRef<HTMLElement>(null);

  useEffect(() => {
    if (signedOut) void signOutStaff();
  }, [signedOut]);

  // the agent's own conversation, or one a supervisor opened from All
  const active = useMemo(
    () => state.sessions.find((s) => s.id === state.activeId) ?? state.list.data.find((s) => s.id === state.activeId) ?? null,
    [state.sessions, state.list.data, state.activeId],
  );
  const connected = state.connection === 'open' && state.me !== null;
  // only the conversation's own agent writes in it (a supervisor reads): the tools that send agree
  const writes = connected && !!active && active.status !== 'closed' && active.csr_id === state.me?.id;
  const trajectoryTarget = trajectoryVisitor ?? (active ? { id: active.session_user_id, name: active.nickname } : null);

  // The trajectory tab asks for the pages of whoever it shows, once per visitor.
  useEffect(() => {
    if (toolTab !== 'trajectory' || !connected || !trajectoryTarget) return;
    if (state.trajectory?.touristId === trajectoryTarget.id) return;
    actions.trajectory(trajectoryTarget.id, 1);
  }, [toolTab, connected, trajectoryTarget, state.trajectory?.touristId, actions]);

  const select = useCallback(
    (sessionId: number) => {
      setTrajectoryVisitor(null);
      actions.select(sessionId);
    },
    [actions],
  );

  const openTools = (tab: ToolTab) => {
    setToolTab(tab);
    setToolsOpen(true);
  };
  // The side sheet (below 1024 px) takes the focus when it opens and gives it back when it closes.
  useEffect(() => {
    if (toolsOpen) toolsPanel.current?.focus();
  }, [toolsOpen]);
  const closeTools = () => {
    setToolsOpen(false);
    toolsToggle.current?.focus();
  };

  const sendText = useCallback((content: string) => void actions.sendMessage({ type: 'text', content }), [actions]);
  /** A quick reply sent from its tab: with its variables filled, or not at all while one is left to fill (decision 0058). */
  const sendReply = useCallback(
    (content: string) => {
      const sessionId = state.activeId;
      if (sessionId === null) return;
      void fillFor(actions, sessionId, content).then((filled) => {
        if (filled.unfilled.length) notify.error(agentToolsTexts(language).fillIn(filled.unfilled));
        else void actions.sendMessage({ type: 'text', content: filled.text });
      });
    },
    [actions, state.activeId, language],
  );
  const askPermission = async () => {
    try {
      setPermission(await window.Notification.requestPermission());
    } catch {
      setPermission(notificationPermission());
    }
  };

  if (config.failed) {
    return (
      <CenteredMessage>
        <p role="alert">{texts.wsError}</p>
        <Button onClick={retryConfig}>{texts.retry}</Button>
      </CenteredMessage>
    );
  }

  return (
    <div
      className={cx('flex h-dvh flex-col bg-gray-50 text-gray-900', shake > 0 && 'agent-console-shake')}
      data-testid="agent-console"
      data-shaking={shake > 0 ? 'true' : undefined}
    >
      <style href="agent-console-shake" precedence="default">
        {SHAKE_CSS}
      </style>
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1.5 border-b border-gray-200 bg-white px-4 py-1.5">
        {/* On a phone the title and the agent's line each hold a row of their own from the first paint, so that
            the shop's name and the agent's number arriving later move nothing below them. */}
        <h1 className="basis-full truncate text-base font-semibold md:mr-auto md:basis-auto">
          {texts.consoleTitle}
          {/* the shop's name and the agent's number give way below 1280 px, so that the header keeps one row on a laptop */}
          {config.config ? (
            <span className="ml-2 text-sm font-normal text-gray-600 md:max-xl:hidden">{config.config.app_name}</span>
          ) : null}
        </h1>
        <p className="min-h-5 basis-full text-sm text-gray-700 md:basis-auto">
          {state.me ? (
            <>
              {state.me.nickname}{' '}
              <span className="text-xs text-gray-500 md:max-xl:hidden">· {texts.yourNumber(state.me.id)}</span>
            </>
          ) : null}
        </p>
        <StatusSwitch status={state.status} disabled={!connected} texts={texts} onChange={actions.changeStatus} />
        <LanguageSelect language={language} texts={texts} />
        {offersNotifications(config.config, permission) ? (
          <Button variant="secondary" className="min-h-9 px-3 text-xs" onClick={() => void askPermission()}>
            {texts.enableNotifications}
          </Button>
        ) : config.config?.new_message_notification === 'yes' && permission === 'denied' ? (
          <span className="text-xs text-gray-600">{texts.notificationsBlocked}</span>
        ) : null}
        <Button variant="ghost" className="ml-auto min-h-9 px-3 md:ml-0" onClick={() => void signOutStaff()}>
          {texts.signOut}
        </Button>
      </header>

      {/* "Connecting…" lies over the top of the lists rather than pushing them down and back up a moment later */}
      <div role="status" aria-live="polite" className="relative z-20 empty:hidden">
        {notice ? (
          <p className="flex flex-wrap items-center justify-center gap-3 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900">
            {notice}
            {state.connection === 'off' ? (
              <Button variant="secondary" className="min-h-9 px-3" onClick={actions.reconnect}>
                {texts.reconnect}
              </Button>
            ) : null}
          </p>
        ) : state.connection === 'connecting' || (state.connection === 'idle' && !config.config) ? (
          <p className="absolute inset-x-0 top-0 bg-gray-100 px-4 py-2 text-center text-sm text-gray-700 shadow-sm">
            {texts.connecting}
          </p>
        ) : null}
      </div>

      <div className="relative grid min-h-0 flex-1 grid-cols-1 md:grid-cols-[minmax(240px,300px)_minmax(0,1fr)] lg:grid-cols-[minmax(240px,300px)_minmax(0,1fr)_minmax(320px,390px)]">
        <aside
          aria-label={texts.conversations}
          className={cx('min-h-0 flex-col border-r border-gray-200 bg-white md:flex', active ? 'hidden' : 'flex')}
        >
          <Tabs.Root
            value={listTab}
            onValueChange={(value) => setListTab(value as ListTab)}
            className="flex min-h-0 flex-1 flex-col"
          >
            <Tabs.List aria-label={texts.conversations} className="grid grid-cols-2 border-b border-gray-200">
              <Tabs.Trigger value="sessions" className={tabClass}>
                {texts.conversations}
                <UnreadTotal count={state.sessions.reduce((sum, s) => sum + s.unread_message_count, 0)} texts={texts} />
              </Tabs.Trigger>
              <Tabs.Trigger value="queue" className={tabClass}>
                {queueTexts[language].queue}
                <QueueCount queue={state.queue} texts={queueTexts[language]} />
              </Tabs.Trigger>
              <Tabs.Trigger value="tourists" className={tabClass}>
                {texts.visitors}
              </Tabs.Trigger>
              <Tabs.Trigger value="search" className={tabClass}>
                {searchTexts[language].tab}
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="sessions" forceMount className={panelClass}>
              <SessionList
                sessions={state.sessions}
                list={state.list}
                myId={state.me?.id ?? null}
                activeId={state.activeId}
                typing={config.config?.input_status_display === 'no' ? {} : state.typing}
                texts={texts}
                toolsTexts={agentToolsTexts(language)}
                onSelect={select}
                onTake={actions.startChat}
                onPin={actions.pin}
                onList={actions.showList}
              />
            </Tabs.Content>
            <Tabs.Content value="queue" forceMount className={panelClass}>
              <QueueList
                queue={state.queue}
                language={language}
                texts={queueTexts[language]}
                onTake={(id) => {
                  setListTab('sessions');
                  actions.startChat(id);
                }}
              />
            </Tabs.Content>
            <Tabs.Content value="tourists" forceMount className={panelClass}>
              <TouristList
                tourists={state.tourists}
                loaded={state.touristsLoaded}
                texts={texts}
                onRefresh={actions.refreshTourists}
                onStartChat={(id) => {
                  setListTab('sessions');
                  actions.startChat(id);
                }}
                onInvite={actions.invite}
                onShowTrajectory={(id) => {
                  const tourist = state.tourists.find((t) => t.id === id);
                  setTrajectoryVisitor({ id, name: tourist?.nickname ?? String(id) });
                  openTools('trajectory');
                }}
              />
            </Tabs.Content>
            <Tabs.Content value="search" forceMount className={panelClass}>
              <ConversationSearch
                language={language}
                connected={connected}
                supervisor={state.list.counts.all !== null}
                send={actions.send}
                listen={actions.listen}
                onOpen={(session) => {
                  setTrajectoryVisitor(null);
                  actions.reveal(session.id);
                }}
                onTake={actions.startChat}
              />
            </Tabs.Content>
          </Tabs.Root>
        </aside>

        <section
          aria-label={active ? texts.conversationWith(active.nickname) : texts.selectConversation}
          className={cx('min-h-0 min-w-0 flex-col md:flex', active ? 'flex' : 'hidden')}
        >
          {active && state.me ? (
            <ConversationPane
              session={active}
              me={state.me}
              supervisor={state.list.counts.all !== null}
              conversation={state.conversations[active.id]}
              notes={state.notes[active.id]}
              connected={state.connection === 'open'}
              pending={state.pending.filter((p) => p.session_id === active.id)}
              typing={config.config?.input_status_display !== 'no' && !!state.typing[active.id]}
              config={config.config}
              language={language}
              texts={texts}
              quickReplies={quickReplies}
              actions={actions}
              onBack={() => actions.select(null)}
              toolsToggleRef={toolsToggle}
              toolsOpen={toolsOpen}
              onToggleTools={() => (toolsOpen ? closeTools() : openTools(toolTab))}
            />
          ) : (
            <div className="flex flex-1 flex-col items-center justify-center gap-2 p-8 text-center">
              <p className="text-lg font-semibold text-gray-900">{texts.selectConversation}</p>
              <p className="max-w-sm text-sm text-gray-600">{texts.selectConversationHint}</p>
            </div>
          )}
        </section>

        {toolsOpen ? (
          // below 1024 px the tools are a side sheet over the conversation; a press beside it closes it
          <div aria-hidden="true" className="fixed inset-0 z-30 bg-black/20 lg:hidden" onClick={closeTools} />
        ) : null}
        <aside
          ref={toolsPanel}
          tabIndex={-1}
          aria-label={texts.tools}
          className={cx(
            'min-h-0 flex-col border-l border-gray-200 bg-white outline-none lg:static lg:flex lg:w-auto lg:shadow-none',
            toolsOpen ? 'fixed inset-y-0 right-0 z-40 flex w-[min(390px,100%)] shadow-xl' : 'hidden',
          )}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && toolsOpen) closeTools();
          }}
        >
          <div className="flex items-center justify-between border-b border-gray-200 px-3 py-1 lg:hidden">
            <p className="text-sm font-semibold">{texts.tools}</p>
            <button
              type="button"
              onClick={closeTools}
              aria-label={`${texts.tools}: ✕`}
              className="flex size-10 items-center justify-center rounded-md hover:bg-gray-100"
            >
              <span aria-hidden="true">✕</span>
            </button>
          </div>
          <ContactPanel sessionId={active?.id ?? null} language={language} />
          <Tabs.Root
            value={toolTab}
            onValueChange={(value) => setToolTab(value as ToolTab)}
            className="flex min-h-0 flex-1 flex-col"
          >
            <Tabs.List aria-label={texts.tools} className="grid grid-cols-2 border-b border-gray-200">
              <Tabs.Trigger value="quick-replies" className={toolTabClass}>
                {texts.quickReplies}
              </Tabs.Trigger>
              <Tabs.Trigger value="transfer" className={toolTabClass}>
                {texts.transfer}
              </Tabs.Trigger>
              <Tabs.Trigger value="trajectory" className={toolTabClass}>
                {texts.trajectory}
              </Tabs.Trigger>
              <Tabs.Trigger value="knowledge" className={toolTabClass}>
                {texts.knowledgeBase}
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="quick-replies" className={panelClass}>
              <QuickRepliesPanel
                quickReplies={quickReplies}
                texts={texts}
                language={language}
                canSend={writes}
                onSend={sendReply}
              />
            </Tabs.Content>
            <Tabs.Content value="transfer" className={panelClass}>
              <TransferPanel
                key={active?.id ?? 'none'}
                texts={texts}
                visitorName={active?.nickname ?? null}
                myId={state.me?.id ?? null}
                onTransfer={actions.transfer}
              />
            </Tabs.Content>
            <Tabs.Content value="trajectory" className={panelClass}>
              <TrajectoryPanel
                texts={texts}
                language={language}
                trajectory={state.trajectory?.touristId === trajectoryTarget?.id ? state.trajectory : null}
                visitorName={trajectoryTarget?.name ?? null}
                onMore={() => {
                  if (state.trajectory) actions.trajectory(state.trajectory.touristId, state.trajectory.page + 1);
                }}
              />
            </Tabs.Content>
            <Tabs.Content value="knowledge" className={panelClass}>
              <KnowledgePanel
                texts={texts}
                knowledge={state.knowledge}
                connected={connected}
                language={language}
                canSend={writes}
                onSearch={actions.knowledge}
                onSend={sendText}
              />
            </Tabs.Content>
          </Tabs.Root>
        </aside>
      </div>
    </div>
  );
}

function UnreadTotal({ count, texts }: { count: number; texts: ConsoleTexts }) {
  if (count <= 0) return null;
  return (
    <span className="ml-1.5 rounded-full bg-red-600 px-1.5 py-0.5 text-xs text-white">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{texts.unread(count)}</span>
    </span>
  );
}

function CenteredMessage({ children }: { children: ReactNode }) {
  return <div className="flex min-h-dvh flex-col items-center justify-center gap-4 p-8 text-center">{children}</div>;
}
