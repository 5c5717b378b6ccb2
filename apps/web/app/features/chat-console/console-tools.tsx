import type { TChatSession } from '@shop/contracts/chat-protocol';
import { Tabs } from 'radix-ui';
import { useCallback, useEffect } from 'react';
import { cx } from '../../lib/cx';
import { notify } from '../../lib/toast';
import type { ChatLanguage } from '../chat';
import { agentToolsTexts } from './agent-tools-texts';
import type { ConsoleActions } from './console-actions';
import type { ConsoleState } from './console-state';
import { panelClass, toolTabClass } from './console-tabs';
import { ContactPanel } from './contact-panel';
import { KnowledgePanel } from './knowledge-panel';
import { fillFor, type QuickReplies } from './quick-replies';
import { QuickRepliesPanel } from './quick-replies-panel';
import type { ConsoleTexts } from './texts';
import { TrajectoryPanel } from './trajectory-panel';
import { TransferPanel } from './transfer-panel';
import type { ToolsSheet, ToolTab } from './use-tools-sheet';

/** The tools' tabs in their order, each named by its text. */
const toolTabs = ['quick-replies', 'transfer', 'trajectory', 'knowledge'] as const;
const toolTabLabels = {
  'quick-replies': 'quickReplies',
  transfer: 'transfer',
  trajectory: 'trajectory',
  knowledge: 'knowledgeBase',
} as const satisfies Record<ToolTab, keyof ConsoleTexts>;

type ConsoleToolsProps = {
  sheet: ToolsSheet;
  state: ConsoleState;
  actions: ConsoleActions;
  /** the open conversation */
  active: TChatSession | null;
  /** the visitor whose pages the trajectory tab shows */
  trajectoryTarget: { id: number; name: string } | null;
  connected: boolean;
  /** the agent may write in the open conversation */
  writes: boolean;
  quickReplies: QuickReplies;
  language: ChatLanguage;
  texts: ConsoleTexts;
};

/**
 * The console's right column (a side sheet below 1024 px): the contact panel, then the quick
 * replies, transfer, trajectory and knowledge base as tabs.
 */
export function ConsoleTools({
  sheet,
  state,
  actions,
  active,
  trajectoryTarget,
  connected,
  writes,
  quickReplies,
  language,
  texts,
}: ConsoleToolsProps) {
  // The trajectory tab asks for the pages of whoever it shows, once per visitor.
  useEffect(() => {
    if (sheet.tab !== 'trajectory' || !connected || !trajectoryTarget) return;
    if (state.trajectory?.touristId === trajectoryTarget.id) return;
    actions.trajectory(trajectoryTarget.id, 1);
  }, [sheet.tab, connected, trajectoryTarget, state.trajectory?.touristId, actions]);

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

  return (
    <>
      {sheet.open ? (
        // below 1024 px the tools are a side sheet over the conversation; a press beside it closes it
        <div aria-hidden="true" className="fixed inset-0 z-30 bg-black/20 lg:hidden" onClick={sheet.close} />
      ) : null}
      <aside
        ref={sheet.panel}
        tabIndex={-1}
        aria-label={texts.tools}
        className={cx(
          'min-h-0 flex-col border-l border-gray-200 bg-white outline-none lg:static lg:flex lg:w-auto lg:shadow-none',
          sheet.open ? 'fixed inset-y-0 right-0 z-40 flex w-[min(390px,100%)] shadow-xl' : 'hidden',
        )}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && sheet.open) sheet.close();
        }}
      >
        <div className="flex items-center justify-between border-b border-gray-200 px-3 py-1 lg:hidden">
          <p className="text-sm font-semibold">{texts.tools}</p>
          <button
            type="button"
            onClick={sheet.close}
            aria-label={`${texts.tools}: ✕`}
            className="flex size-10 items-center justify-center rounded-md hover:bg-gray-100"
          >
            <span aria-hidden="true">✕</span>
          </button>
        </div>
        <ContactPanel sessionId={active?.id ?? null} language={language} />
        <Tabs.Root
          value={sheet.tab}
          onValueChange={(value) => sheet.setTab(value as ToolTab)}
          className="flex min-h-0 flex-1 flex-col"
        >
          <Tabs.List aria-label={texts.tools} className="grid grid-cols-2 border-b border-gray-200">
            {toolTabs.map((tab) => (
              <Tabs.Trigger key={tab} value={tab} className={toolTabClass}>
                {texts[toolTabLabels[tab]]}
              </Tabs.Trigger>
            ))}
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
    </>
  );
}
