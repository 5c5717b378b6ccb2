import type { TCsrAgent } from '@shop/contracts/chat-support';
import type { KeyboardEvent, Ref } from 'react';
import { Button } from '../../components/ui/button';
import { cx } from '../../lib/cx';
import type { useAgents } from './agents';
import { Initial, StatusDot } from './session-list';
import type { ConsoleTexts } from './texts';

type AgentPickerProps = {
  list: ReturnType<typeof useAgents>;
  /** the agents that may take the conversation */
  agents: TCsrAgent[];
  texts: ConsoleTexts;
  headingId: string;
  /** the error the choice is described by */
  describedBy: string | undefined;
  chosen: number | null;
  disabled: boolean;
  onChoose: (id: number) => void;
};

/** The transfer's agents: loading, failed, none, or one radio each, with Refresh and Load more. */
export function AgentPicker({ list, agents, texts, headingId, describedBy, chosen, disabled, onChoose }: AgentPickerProps) {
  const firstLoad = list.status === 'loading' && list.agents.length === 0;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-gray-900">
          {texts.chooseAgent}
        </h3>
        <Button
          variant="ghost"
          className="min-h-9 px-3 text-xs"
          busy={list.status === 'loading' && !firstLoad}
          disabled={disabled}
          onClick={() => void list.reload()}
        >
          {texts.refresh}
        </Button>
      </div>
      {firstLoad ? (
        <p role="status" className="py-4 text-center text-sm text-gray-600">
          {texts.agentsLoading}
        </p>
      ) : list.status === 'failed' ? (
        <div className="flex flex-col items-center gap-2 py-4 text-center">
          <p role="alert" className="text-sm text-red-700">
            {texts.agentsFailed}
          </p>
          <Button variant="secondary" className="min-h-9 px-3" onClick={() => void list.reload()}>
            {texts.retry}
          </Button>
        </div>
      ) : agents.length === 0 ? (
        <p className="rounded-md bg-gray-100 px-3 py-4 text-center text-sm text-gray-700">{texts.noOtherAgents}</p>
      ) : (
        <div role="radiogroup" aria-labelledby={headingId} aria-describedby={describedBy} className="flex flex-col gap-1.5">
          {agents.map((agent) => (
            <AgentOption
              key={agent.id}
              agent={agent}
              texts={texts}
              name={headingId}
              checked={chosen === agent.id}
              disabled={disabled}
              onChoose={() => onChoose(agent.id)}
            />
          ))}
        </div>
      )}
      {list.more ? (
        <Button
          variant="secondary"
          className="min-h-9 self-center px-3"
          busy={list.loadingMore}
          disabled={disabled}
          onClick={() => void list.loadMore()}
        >
          {texts.loadMore}
        </Button>
      ) : null}
    </div>
  );
}

type TransferQuestionProps = {
  ref: Ref<HTMLFieldSetElement>;
  texts: ConsoleTexts;
  question: string;
  /** the chosen agent is not connected */
  away: boolean;
  error: string | undefined;
  onKeyDown: (event: KeyboardEvent) => void;
  onConfirm: () => void;
  onCancel: () => void;
};

/** The question that confirms a transfer before it is sent. */
export function TransferQuestion({ ref, texts, question, away, error, onKeyDown, onConfirm, onCancel }: TransferQuestionProps) {
  return (
    <fieldset
      ref={ref}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      className="flex flex-col gap-3 rounded-md border border-gray-300 bg-gray-50 p-3 outline-none focus-visible:outline-2 focus-visible:outline-gray-900"
    >
      <legend className="float-left text-sm font-semibold text-gray-900">{question}</legend>
      {away ? <p className="text-sm text-gray-700">{texts.agentNotConnected}</p> : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button onClick={onConfirm}>{texts.confirmTransfer}</Button>
        <Button variant="secondary" onClick={onCancel}>
          {texts.cancel}
        </Button>
      </div>
    </fieldset>
  );
}

/** One agent to pick: a radio (arrow keys move between them) named by the agent, their status and presence. */
function AgentOption({
  agent,
  texts,
  name,
  checked,
  disabled,
  onChoose,
}: {
  agent: TCsrAgent;
  texts: ConsoleTexts;
  name: string;
  checked: boolean;
  disabled: boolean;
  onChoose: () => void;
}) {
  const away = agent.online === 0;
  return (
    <label
      className={cx(
        'flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gray-900 has-[:disabled]:cursor-default',
        checked ? 'border-gray-900 bg-gray-50' : 'border-gray-200 hover:border-gray-400',
      )}
      data-agent-online={agent.online}
    >
      <input
        type="radio"
        name={name}
        value={agent.id}
        checked={checked}
        disabled={disabled}
        onChange={onChoose}
        className="size-4 shrink-0 accent-gray-900"
      />
      <span className={cx('shrink-0', away && 'opacity-50')}>
        <Initial name={agent.nickname} src={agent.avatar || undefined} />
      </span>
      <span className="min-w-0 flex-1">
        <span className={cx('block truncate text-sm font-semibold', away ? 'text-gray-600' : 'text-gray-900')}>
          {agent.nickname}
        </span>
        <span className="flex flex-wrap items-center gap-x-2">
          <StatusDot status={agent.status} label={texts.statusNames[agent.status]} />
          {away ? <span className="text-xs text-gray-600">{texts.agentNotConnected}</span> : null}
        </span>
      </span>
    </label>
  );
}
