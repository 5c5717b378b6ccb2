import type { TChatConfig, TChatSession, TChatUser } from '@shop/contracts/chat-protocol';
import type { TQuickReply } from '@shop/contracts/chat-support';
import { type RefObject, useMemo, useRef, useState } from 'react';
import { ChevronLeftIcon } from '../../components/ui/icons';
import type { ChatLanguage } from '../chat';
import {
  Composer,
  type ComposerAssist,
  type ComposerHandle,
  MessageList,
  type PendingMessage,
  pendingAsMessage,
  useMobileChat,
} from '../chat';
import { type AgentToolsTexts, agentToolsTexts } from './agent-tools-texts';
import { type Conversation, hasOlder, type NotesState, SNOOZE_CHOICES, type SnoozeChoice, snoozeUntil } from './console-state';
import { ConversationLabels } from './labels';
import { NotesPanel } from './notes-panel';
import { fillFor, type QuickReplies } from './quick-replies';
import { QuickReplyPicker } from './quick-reply-picker';
import { LifecycleBadges, StatusDot } from './session-list';
import { useSlashReplies } from './slash-replies';
import { staffApi, staffToken } from './staff-session';
import type { ConsoleTexts } from './texts';
import type { ConsoleActions } from './use-console';

type Props = {
  session: TChatSession;
  me: TChatUser;
  /** may act on conversations that are not theirs (chat.configure) */
  supervisor: boolean;
  conversation: Conversation | undefined;
  /** the conversation's private notes (decision 0058) */
  notes: NotesState | undefined;
  connected: boolean;
  pending: PendingMessage[];
  typing: boolean;
  config: TChatConfig | null;
  language: ChatLanguage;
  texts: ConsoleTexts;
  quickReplies: QuickReplies;
  actions: ConsoleActions;
  onBack: () => void;
  toolsToggleRef: RefObject<HTMLButtonElement | null>;
  toolsOpen: boolean;
  onToggleTools: () => void;
};

/** The open conversation: who it is with, the messages (history paged in as the agent scrolls up) and the composer. */
export function ConversationPane({
  session,
  me,
  supervisor,
  conversation,
  notes,
  connected,
  pending,
  typing,
  config,
  language,
  texts,
  quickReplies,
  actions,
  onBack,
  toolsToggleRef,
  toolsOpen,
  onToggleTools,
}: Props) {
  const messages = useMemo(
    () => [...(conversation?.messages ?? []), ...pending.map((p, index) => pendingAsMessage(p, me.id, 'csr', index))],
    [conversation?.messages, pending, me.id],
  );
  const tools = agentToolsTexts(language);
  // the conversation's agent, or a supervisor, keeps its notes and labels
  const manages = session.status !== 'closed' && (session.csr_id === me.id || supervisor);

  return (
    <div className="flex min-h-0 min-w-0 flex-1 flex-col overflow-hidden bg-white">
      <div className="flex flex-wrap items-center gap-2 border-b border-gray-200 px-2 py-2 md:px-4">
        <button
          type="button"
          onClick={onBack}
          aria-label={texts.conversations}
          className="flex size-10 items-center justify-center rounded-md hover:bg-gray-100 md:hidden"
        >
          <ChevronLeftIcon />
        </button>
        <ConversationTitle session={session} typing={typing} texts={texts} tools={tools} canEdit={manages} actions={actions} />
        {session.status !== 'closed' && (session.csr_id === me.id || supervisor) ? (
          <LifecycleActions session={session} texts={texts} actions={actions} />
        ) : null}
        <button
          ref={toolsToggleRef}
          type="button"
          onClick={onToggleTools}
          aria-expanded={toolsOpen}
          className="min-h-10 rounded-md border border-gray-300 px-3 text-sm hover:border-gray-900 lg:hidden"
        >
          {texts.tools}
        </button>
      </div>
      <NotesPanel
        key={session.id}
        sessionId={session.id}
        notes={notes}
        texts={tools}
        canWrite={manages}
        connected={connected}
        onLoad={actions.loadNotes}
        onAdd={actions.addNote}
      />
      {conversation?.loaded ? (
        <MessageList
          messages={messages}
          myId={me.id}
          myIdentity="csr"
          language={language}
          hasMore={hasOlder(conversation)}
          loadingOlder={conversation.loadingOlder}
          onLoadOlder={() => actions.loadOlder(session.id)}
          className="min-h-0 flex-1"
        />
      ) : (
        <p role="status" className="flex flex-1 items-center justify-center text-sm text-gray-600">
          {texts.loading}
        </p>
      )}
      {/* only the conversation's own agent writes in it; a supervisor reads */}
      {config && session.csr_id === me.id ? (
        <ConsoleComposer
          sessionId={session.status === 'closed' ? null : session.id}
          config={config}
          language={language}
          texts={texts}
          tools={tools}
          quickReplies={quickReplies}
          actions={actions}
        />
      ) : null}
    </div>
  );
}

type ConversationTitleProps = {
  session: TChatSession;
  typing: boolean;
  texts: ConsoleTexts;
  tools: AgentToolsTexts;
  /** the labels may be changed */
  canEdit: boolean;
  actions: ConsoleActions;
};

/** The open conversation's visitor: name, presence, typing, lifecycle, their rating's comment and the labels. */
function ConversationTitle({ session, typing, texts, tools, canEdit, actions }: ConversationTitleProps) {
  // at least 12 rem: in a narrow pane the actions go to the next line rather than squeeze the name and labels
  return (
    <div className="min-w-48 flex-1">
      <h2 className="truncate text-base font-semibold text-gray-900">{session.nickname}</h2>
      <p className="flex items-center gap-2 text-xs text-gray-600">
        <StatusDot status={session.session_user_status} label={texts.statusNames[session.session_user_status]} />
        <span aria-live="polite">{typing ? texts.typing : ''}</span>
        <span aria-live="polite" className="flex items-center gap-2">
          <LifecycleBadges session={session} texts={texts} />
        </span>
      </p>
      {session.rating?.comment ? <p className="truncate text-xs text-gray-600">“{session.rating.comment}”</p> : null}
      <div className="mt-1">
        <ConversationLabels
          name={session.nickname}
          labels={session.labels}
          texts={tools}
          canEdit={canEdit}
          onAdd={(label) => actions.label(session.id, 'add', label)}
          onRemove={(label) => actions.label(session.id, 'remove', label)}
        />
      </div>
    </div>
  );
}

const uploadHeaders = (): Record<string, string> => {
  const token = staffToken();
  return token ? { authorization: `Bearer ${token}` } : {};
};

/**
 * The shared composer as an agent uses it: staff uploads, the quick-reply picker among its tools and
 * under `/` with their variables filled (decision 0058), and no orders picker (an agent has no shop
 * orders of their own; goods stay under spec 6's rule).
 */
function ConsoleComposer({
  sessionId,
  config,
  language,
  texts,
  tools,
  quickReplies,
  actions,
}: {
  sessionId: number | null;
  config: TChatConfig;
  language: ChatLanguage;
  texts: ConsoleTexts;
  tools: AgentToolsTexts;
  quickReplies: QuickReplies;
  actions: ConsoleActions;
}) {
  const composer = useRef<ComposerHandle>(null);
  const mobile = useMobileChat();
  /** variables a chosen reply left for the agent to fill, said until they are gone from the text */
  const [unfilled, setUnfilled] = useState<string[]>([]);

  /** Puts a quick reply in, its variables filled: in place of the `/` query, or at the caret. */
  const choose = async (content: string, replaceAll: boolean) => {
    if (sessionId === null) return;
    const filled = await fillFor(actions, sessionId, content);
    setUnfilled(filled.unfilled);
    const first = filled.unfilled.length ? filled.text.indexOf(`{${filled.unfilled[0]}}`) : -1;
    if (replaceAll) {
      // the first variable left is selected, so typing replaces it
      composer.current?.replace(
        filled.text,
        first >= 0 ? { start: first, end: first + (filled.unfilled[0]?.length ?? 0) + 2 } : undefined,
      );
    } else {
      composer.current?.insert(filled.text);
      composer.current?.focus();
    }
  };

  const slash = useSlashReplies({
    quickReplies,
    texts: tools,
    language,
    disabled: sessionId === null,
    onChoose: (reply: TQuickReply) => void choose(reply.content, true),
  });
  const assist = {
    ...slash,
    onText: (text: string) => {
      slash.onText(text);
      if (unfilled.length) setUnfilled((names) => names.filter((name) => text.includes(`{${name}}`)));
    },
  };

  return (
    <>
      <p role="status" className={unfilled.length ? 'bg-amber-50 px-3 py-1.5 text-sm text-amber-900' : 'sr-only'} data-fill-in="">
        {unfilled.length ? tools.fillIn(unfilled) : ''}
      </p>
      <ConsoleComposerBox
        composer={composer}
        sessionId={sessionId}
        config={config}
        language={language}
        texts={texts}
        quickReplies={quickReplies}
        actions={actions}
        mobile={mobile}
        assist={assist}
        onPick={(content) => void choose(content, false)}
      />
    </>
  );
}

function ConsoleComposerBox({
  composer,
  sessionId,
  config,
  language,
  texts,
  quickReplies,
  actions,
  mobile,
  assist,
  onPick,
}: {
  composer: RefObject<ComposerHandle | null>;
  sessionId: number | null;
  config: TChatConfig;
  language: ChatLanguage;
  texts: ConsoleTexts;
  quickReplies: QuickReplies;
  actions: ConsoleActions;
  mobile: boolean;
  assist: ComposerAssist;
  onPick: (content: string) => void;
}) {
  return (
    <Composer
      ref={composer}
      language={language}
      identity="csr"
      guest={false}
      signedIn={false}
      ownOrders={false}
      mobile={mobile}
      sessionId={sessionId}
      config={config}
      onSend={actions.sendMessage}
      onTyping={actions.typing}
      uploadHeaders={uploadHeaders}
      onAuthExpired={staffApi.refresh}
      assist={assist}
      tools={
        <QuickReplyPicker
          quickReplies={quickReplies}
          texts={texts}
          language={language}
          disabled={sessionId === null}
          onPick={onPick}
        />
      }
    />
  );
}

/** Resolve or reopen the conversation, or snooze it until a chosen time (decision 0053). */
function LifecycleActions({ session, texts, actions }: { session: TChatSession; texts: ConsoleTexts; actions: ConsoleActions }) {
  const buttonClass = 'min-h-10 rounded-md border border-gray-300 px-3 text-sm hover:border-gray-900';
  return (
    <div className="flex shrink-0 items-center gap-1.5">
      {session.state === 'open' ? (
        <button type="button" className={buttonClass} onClick={() => actions.changeState(session.id, 'resolved')}>
          {texts.resolve}
        </button>
      ) : (
        <button type="button" className={buttonClass} onClick={() => actions.changeState(session.id, 'open')}>
          {texts.reopen}
        </button>
      )}
      {session.state !== 'snoozed' ? (
        <select
          aria-label={texts.snoozeFor}
          value=""
          onChange={(event) => {
            const choice = event.target.value as SnoozeChoice;
            if (choice) actions.changeState(session.id, 'snoozed', snoozeUntil(choice, Date.now()));
          }}
          className="min-h-10 max-w-28 rounded-md border border-gray-300 bg-white px-2 text-sm"
        >
          <option value="">{texts.snooze}</option>
          {SNOOZE_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {texts.snoozeChoices[choice]}
            </option>
          ))}
        </select>
      ) : null}
    </div>
  );
}
