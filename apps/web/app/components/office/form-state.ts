import { CODE_OK } from '@shop/contracts';
import { useCallback, useState } from 'react';
import { type Answer, failed, refusalOf } from './answers';

/** Per-field messages of a form, by the field's name as the server names it. */
export type FieldErrors = Record<string, string>;

/**
 * A back-office form's request state: busy while it sends, the messages beside its fields and the
 * form-level line. `send` posts and answers the server's answer when it took the request, or null
 * after showing the refusal (beside the named `fields` when it names one of them, else in one line;
 * `fields` may instead map the server's field names to the form's, see `refusalOf`).
 *
 * ```tsx
 * const form = useFormState();
 * const answer = await form.send(() => staffApi.post(path, body, { silent: true }), ['reason']);
 * if (answer) onDone();
 * // <FormFrame busy={form.busy} errors={form.errors} problem={form.problem} …>
 * ```
 */
export function useFormState() {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const reset = useCallback(() => {
    setErrors({});
    setProblem(null);
  }, []);
  const send = useCallback(
    async (request: () => Promise<Answer>, fields: Parameters<typeof refusalOf>[1]): Promise<Answer | null> => {
      setErrors({});
      setProblem(null);
      setBusy(true);
      const answer: Answer = await request().catch(failed);
      setBusy(false);
      if (answer.code === CODE_OK) return answer;
      const refusal = refusalOf(answer, fields);
      setErrors(refusal.fields);
      setProblem(refusal.problem);
      return null;
    },
    [],
  );
  return { busy, errors, problem, setErrors, setProblem, reset, send };
}
