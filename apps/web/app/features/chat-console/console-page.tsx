import type { TChatConfig, TChatSession } from '@shop/contracts/chat-protocol';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { Button } from '../../components/ui/button';
import { cx } from '../../lib/cx';
import { type ChatLanguage, useChatLanguage } from '../chat';
import { SHAKE_MS } from './alerts';
import type { ConsoleActions } from './console-actions';
import { ConnectionNotice, ConsoleHeader } from './console-header';
import { ConsoleLists } from './console-lists';
import type { ConsoleState } from './console-state';
import { ConsoleTools } from './console-tools';
import { ConversationPane } from './conversation-pane';
import { type QuickReplies, useQuickReplies } from './quick-replies';
import { signOutStaff } from './staff-session';
import { type ConsoleTexts, consoleTexts } from './texts';
import { useConsole } from './use-console';
import { type ToolsSheet, useToolsSheet } from './use-tools-sheet';

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
  const sheet = useToolsSheet();
  /** the visitor whose trajectory the tab shows when it is not the open conversation's */
  const [trajectoryVisitor, setTrajectoryVisitor] = useState<{ id: number; name: string } | null>(null);

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

  const select = useCallback(
    (sessionId: number) => {
      setTrajectoryVisitor(null);
      actions.select(sessionId);
    },
    [actions],
  );

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
      <ConsoleHeader
        config={config.config}
        me={state.me}
        status={state.status}
        connected={connected}
        language={language}
        texts={texts}
        onChangeStatus={actions.changeStatus}
      />

      {/* "Connecting…" lies over the top of the lists rather than pushing them down and back up a moment later */}
      <ConnectionNotice
        notice={notice}
        connection={state.connection}
        configured={config.config !== null}
        texts={texts}
        onReconnect={actions.reconnect}
      />

      <div className="relative grid min-h-0 flex-1 grid-cols-1 md:grid-cols-[minmax(240px,300px)_minmax(0,1fr)] lg:grid-cols-[minmax(240px,300px)_minmax(0,1fr)_minmax(320px,390px)]">
        <ConsoleLists
          state={state}
          config={config.config}
          language={language}
          texts={texts}
          actions={actions}
          connected={connected}
          hidden={!!active}
          onSelect={select}
          onOpenFound={(sessionId) => {
            setTrajectoryVisitor(null);
            actions.reveal(sessionId);
          }}
          onShowTrajectory={(visitor) => {
            setTrajectoryVisitor(visitor);
            sheet.show('trajectory');
          }}
        />

        <OpenConversation
          active={active}
          state={state}
          config={config.config}
          language={language}
          texts={texts}
          quickReplies={quickReplies}
          actions={actions}
          sheet={sheet}
        />

        <ConsoleTools
          sheet={sheet}
          state={state}
          actions={actions}
          active={active}
          trajectoryTarget={trajectoryTarget}
          connected={connected}
          writes={writes}
          quickReplies={quickReplies}
          language={language}
          texts={texts}
        />
      </div>
    </div>
  );
}

function CenteredMessage({ children }: { children: ReactNode }) {
  return <div className="flex min-h-dvh flex-col items-center justify-center gap-4 p-8 text-center">{children}</div>;
}

type OpenConversationProps = {
  active: TChatSession | null;
  state: ConsoleState;
  config: TChatConfig | null;
  language: ChatLanguage;
  texts: ConsoleTexts;
  quickReplies: QuickReplies;
  actions: ConsoleActions;
  sheet: ToolsSheet;
};

/** The console's middle column: the open conversation, or the hint to pick one. */
function OpenConversation({ active, state, config, language, texts, quickReplies, actions, sheet }: OpenConversationProps) {
  return (
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
          typing={config?.input_status_display !== 'no' && !!state.typing[active.id]}
          config={config}
          language={language}
          texts={texts}
          quickReplies={quickReplies}
          actions={actions}
          onBack={() => actions.select(null)}
          toolsToggleRef={sheet.toggle}
          toolsOpen={sheet.open}
          onToggleTools={sheet.flip}
        />
      ) : (
        <div className="flex flex-1 flex-col items-center justify-center gap-2 p-8 text-center">
          <p className="text-lg font-semibold text-gray-900">{texts.selectConversation}</p>
          <p className="max-w-sm text-sm text-gray-600">{texts.selectConversationHint}</p>
        </div>
      )}
    </section>
  );
}
