import { CODE_OK } from '@shop/contracts';
import { useState } from 'react';
import { type Answer, failed, refusalText } from '../../components/office/answers';
import type { Outcome } from '../../components/office/form-frame';

/**
 * A profile form's write (the points adjustment, the coupon grant): the messages of its check beside
 * the fields, then the request, busy while it runs, and its result in one line — the form emptied
 * after a success, the server's refusal in words after a failure.
 */
export function useProfileWrite() {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);

  /** The form's own check refused it: its messages go beside the fields and nothing is sent. */
  const refuse = (fields: Record<string, string>) => {
    setOutcome(null);
    setErrors(fields);
  };

  /** Sends `request`; a success says `done` of its answer, empties `form` and calls `onDone`. */
  const send = async (
    form: HTMLFormElement,
    request: () => Promise<Answer>,
    done: (answer: Answer) => string,
    onDone: () => void,
  ) => {
    setOutcome(null);
    setErrors({});
    setBusy(true);
    const answer: Answer = await request().catch(failed);
    setBusy(false);
    if (answer.code !== CODE_OK) return setOutcome({ ok: false, text: refusalText(answer) });
    setOutcome({ ok: true, text: done(answer) });
    form.reset();
    onDone();
  };

  return { busy, errors, outcome, refuse, send };
}
