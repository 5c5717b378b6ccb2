import type { TCsrAgent } from '@shop/contracts/chat-support';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { cx } from '../../lib/cx';
import { otherAgents, useAgents } from './agents';
import { Initial, StatusDot } from './session-list';
import type { ConsoleTexts } from './texts';

type Props = {
  texts: ConsoleTexts;
  /** the open conversation's visitor, or null when none is open */
  visitorName: string | null;
  myId: number | null;
  /** sends the transfer; false when it could not be sent (the chat is not connected) */
  onTransfer: (csrId: number) => boolean;
};

/**
 * The transfer tab (issue 6 item 6): hands the open conversation to another agent, picked from the
 * agents with their status (connected ones first; those not connected shown, marked). The choice is
 * confirmed before it is sent; the server answers with a tip ('会话转接成功~') or an error, both shown
 * as toasts, and the conversation then leaves this console. The list is read each time the tab opens
 * (the console mounts one panel per conversation), and again on Refresh.
 */
export function TransferPanel({ texts, visitorName, myId, onTransfer }: Props) {
  const list = useAgents(visitorName !== null);
  const others = useMemo(() => otherAgents(list.agents, myId), [list.agents, myId]);
  const [chosen, setChosen] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const form = useRef<HTMLFormElement>(null);
  const question = useRef<HTMLFieldSetElement>(null);
  /** set when the question is taken back: the focus returns to the button that asked it */
  const refocus = useRef(false);
  const headingId = useId();
  const errorId = useId();
  const target = others.find((agent) => agent.id === chosen) ?? null;

  // the question takes the focus when it appears, so it is read out and Tab reaches its answers
  useEffect(() => {
    if (confirming) question.current?.focus();
    else if (refocus.current) form.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
    refocus.current = false;
  }, [confirming]);

  // a choice that left the list (after a refresh) is no choice
  useEffect(() => {
    if (chosen !== null && list.status === 'ready' && !target) {
      setChosen(null);
      setConfirming(false);
    }
  }, [chosen, list.status, target]);

  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (!target) {
      setError(texts.pickAgent);
      return;
    }
    setError(undefined);
    setConfirming(true);
  };

  const cancel = () => {
    refocus.current = true;
    setConfirming(false);
    setError(undefined);
  };

  const confirm = () => {
    if (!target) return;
    if (!onTransfer(target.id)) {
      setError(texts.transferNotSent);
      return;
    }
    setError(undefined);
    setConfirming(false);
    setChosen(null);
  };

  const onQuestionKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    // only the question closes, not the tools sheet around it
    event.stopPropagation();
    cancel();
  };

  if (visitorName === null) {
    return (
      <div className="flex flex-col gap-3 p-3">
        <p className="text-sm text-gray-700">{texts.transferIntro}</p>
        <p className="rounded-md bg-gray-100 px-3 py-2 text-sm text-gray-700">{texts.needConversation}</p>
      </div>
    );
  }

  const firstLoad = list.status === 'loading' && list.agents.length === 0;

  return (
    <form
      ref={form}
      noValidate
      onSubmit={ask}
      aria-label={texts.transfer}
      className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-3"
    >
      <p className="text-sm text-gray-700">{texts.transferIntro}</p>
      <p className="text-sm font-medium text-gray-900">{texts.conversationWith(visitorName)}</p>
      <div className="flex flex-col gap-2">
        <div className="flex items-center justify-between gap-2">
          <h3 id={headingId} className="text-sm font-semibold text-gray-900">
            {texts.chooseAgent}
          </h3>
          <Button
            variant="ghost"
            className="min-h-9 px-3 text-xs"
            busy={list.status === 'loading' && !firstLoad}
            disabled={confirming}
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
        ) : others.length === 0 ? (
          <p className="rounded-md bg-gray-100 px-3 py-4 text-center text-sm text-gray-700">{texts.noOtherAgents}</p>
        ) : (
          <div
            role="radiogroup"
            aria-labelledby={headingId}
            aria-describedby={error && !confirming ? errorId : undefined}
            className="flex flex-col gap-1.5"
          >
            {others.map((agent) => (
              <AgentOption
                key={agent.id}
                agent={agent}
                texts={texts}
                name={headingId}
                checked={chosen === agent.id}
                disabled={confirming}
                onChoose={() => {
                  setChosen(agent.id);
                  setError(undefined);
                }}
              />
            ))}
          </div>
        )}
        {list.more ? (
          <Button
            variant="secondary"
            className="min-h-9 self-center px-3"
            busy={list.loadingMore}
            disabled={confirming}
            onClick={() => void list.loadMore()}
          >
            {texts.loadMore}
          </Button>
        ) : null}
      </div>
      {error && !confirming ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}

      {confirming && target ? (
        <fieldset
          ref={question}
          tabIndex={-1}
          onKeyDown={onQuestionKeyDown}
          className="flex flex-col gap-3 rounded-md border border-gray-300 bg-gray-50 p-3 outline-none focus-visible:outline-2 focus-visible:outline-gray-900"
        >
          <legend className="float-left text-sm font-semibold text-gray-900">
            {texts.confirmTransferTo(visitorName, target.nickname)}
          </legend>
          {target.online === 0 ? <p className="text-sm text-gray-700">{texts.agentNotConnected}</p> : null}
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button onClick={confirm}>{texts.confirmTransfer}</Button>
            <Button variant="secondary" onClick={cancel}>
              {texts.cancel}
            </Button>
          </div>
        </fieldset>
      ) : (
        <Button type="submit" disabled={list.status !== 'ready' || others.length === 0}>
          {texts.transferButton}
        </Button>
      )}
    </form>
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
