import type { TChatConfig } from '@shop/contracts/chat-protocol';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { cx } from '../../lib/cx';
import type { ChatLanguage } from '../chat';
import { agentToolsTexts } from './agent-tools-texts';
import type { ConsoleActions } from './console-actions';
import type { ConsoleState } from './console-state';
import { panelClass, tabClass } from './console-tabs';
import { ConversationSearch } from './conversation-search';
import { CountBadge } from './person-row';
import { QueueCount, QueueList, queueTexts } from './queue-list';
import { searchTexts } from './search-texts';
import { SessionList } from './session-list';
import type { ConsoleTexts } from './texts';
import { TouristList } from './tourist-list';

type ListTab = 'sessions' | 'queue' | 'tourists' | 'search';

type ConsoleListsProps = {
  state: ConsoleState;
  config: TChatConfig | null;
  language: ChatLanguage;
  texts: ConsoleTexts;
  actions: ConsoleActions;
  connected: boolean;
  /** a conversation is open (below 768 px the lists then give way to it) */
  hidden: boolean;
  onSelect: (sessionId: number) => void;
  /** opens a conversation the search found */
  onOpenFound: (sessionId: number) => void;
  onShowTrajectory: (visitor: { id: number; name: string }) => void;
};

/** The console's left column: the agent's conversations, the queue, the visitors and the search, as tabs. */
export function ConsoleLists({
  state,
  config,
  language,
  texts,
  actions,
  connected,
  hidden,
  onSelect,
  onOpenFound,
  onShowTrajectory,
}: ConsoleListsProps) {
  const [listTab, setListTab] = useState<ListTab>('sessions');
  /** taking a visitor from the queue or the visitors list shows the conversations */
  const startChat = (id: number) => {
    setListTab('sessions');
    actions.startChat(id);
  };
  return (
    <aside
      aria-label={texts.conversations}
      className={cx('min-h-0 flex-col border-r border-gray-200 bg-white md:flex', hidden ? 'hidden' : 'flex')}
    >
      <Tabs.Root value={listTab} onValueChange={(value) => setListTab(value as ListTab)} className="flex min-h-0 flex-1 flex-col">
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
            typing={config?.input_status_display === 'no' ? {} : state.typing}
            texts={texts}
            toolsTexts={agentToolsTexts(language)}
            onSelect={onSelect}
            onTake={actions.startChat}
            onPin={actions.pin}
            onList={actions.showList}
          />
        </Tabs.Content>
        <Tabs.Content value="queue" forceMount className={panelClass}>
          <QueueList queue={state.queue} language={language} texts={queueTexts[language]} onTake={startChat} />
        </Tabs.Content>
        <Tabs.Content value="tourists" forceMount className={panelClass}>
          <TouristList
            tourists={state.tourists}
            loaded={state.touristsLoaded}
            texts={texts}
            onRefresh={actions.refreshTourists}
            onStartChat={startChat}
            onInvite={actions.invite}
            onShowTrajectory={(id) => {
              const tourist = state.tourists.find((t) => t.id === id);
              onShowTrajectory({ id, name: tourist?.nickname ?? String(id) });
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
            onOpen={(session) => onOpenFound(session.id)}
            onTake={actions.startChat}
          />
        </Tabs.Content>
      </Tabs.Root>
    </aside>
  );
}

/** The count of unread messages on the conversations' tab. */
function UnreadTotal({ count, texts }: { count: number; texts: ConsoleTexts }) {
  return <CountBadge count={count} label={texts.unread(count)} className="bg-red-600" />;
}
