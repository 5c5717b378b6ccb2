import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import type { ConsoleTexts } from './texts';

type Props = {
  texts: ConsoleTexts;
  /** the open conversation's visitor, or null when none is open */
  visitorName: string | null;
  myId: number | null;
  onTransfer: (csrId: number) => boolean;
};

/** A positive whole agent number typed by the agent, or null. */
export function parseAgentNumber(value: string): number | null {
  const trimmed = value.trim();
  if (!/^\d{1,9}$/.test(trimmed)) return null;
  const id = Number(trimmed);
  return id > 0 ? id : null;
}

/**
 * The transfer tab (issue 6 item 6): hands the open conversation to another agent by their agent
 * number. The server checks the number names an agent and answers with a tip ('会话转接成功~') or an
 * error, both shown as toasts; the conversation then leaves this console.
 */
export function TransferPanel({ texts, visitorName, myId, onTransfer }: Props) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = parseAgentNumber(value);
    if (id === null || id === myId) {
      setError(texts.agentNumberInvalid);
      return;
    }
    setError(undefined);
    if (onTransfer(id)) setValue('');
  };

  return (
    <div className="flex flex-col gap-3 p-3">
      <p className="text-sm text-gray-700">{texts.transferIntro}</p>
      {myId !== null ? <p className="text-sm text-gray-600">{texts.yourNumber(myId)}</p> : null}
      {visitorName === null ? (
        <p className="rounded-md bg-gray-100 px-3 py-2 text-sm text-gray-700">{texts.needConversation}</p>
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-3" aria-label={texts.transfer}>
          <p className="text-sm font-medium text-gray-900">{texts.conversationWith(visitorName)}</p>
          <Field
            label={texts.agentNumber}
            inputMode="numeric"
            autoComplete="off"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={error}
            hint={texts.agentNumberHint}
          />
          <Button type="submit">{texts.transferButton}</Button>
        </form>
      )}
    </div>
  );
}
