import { type FormEvent, type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { otherAgents, useAgents } from './agents';
import type { ConsoleTexts } from './texts';
import { AgentPicker, TransferQuestion } from './transfer-parts';

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
      <AgentPicker
        list={list}
        agents={others}
        texts={texts}
        headingId={headingId}
        describedBy={error && !confirming ? errorId : undefined}
        chosen={chosen}
        disabled={confirming}
        onChoose={(id) => {
          setChosen(id);
          setError(undefined);
        }}
      />
      {error && !confirming ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}

      {confirming && target ? (
        <TransferQuestion
          ref={question}
          texts={texts}
          question={texts.confirmTransferTo(visitorName, target.nickname)}
          away={target.online === 0}
          error={error}
          onKeyDown={onQuestionKeyDown}
          onConfirm={confirm}
          onCancel={cancel}
        />
      ) : (
        <Button type="submit" disabled={list.status !== 'ready' || others.length === 0}>
          {texts.transferButton}
        </Button>
      )}
    </form>
  );
}
