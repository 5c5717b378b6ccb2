import { CODE_OK } from '@shop/contracts';
import { useState } from 'react';
import type { Outcome } from '../../components/office/form-frame';
import { staffApi } from '../chat-console';

/**
 * Saves one of the chat's settings forms (the settings, the business hours): busy while it sends,
 * the server's per-field messages, and one line that says it is saved or what went wrong. `save`
 * answers what the server saved, for the form to show, or null. `fieldsOf` names the server's
 * field messages as the form's fields do.
 */
export function useSettingsSave<T>(
  path: string,
  words: { saved: string; refused: string },
  fieldsOf: (fields: Record<string, string>) => Record<string, string> = (fields) => fields,
) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const save = async (body: unknown): Promise<T | null> => {
    setBusy(true);
    setErrors({});
    setMessage(null);
    const answer = await staffApi
      .post<T>(path, body, { silent: true })
      .catch((failure: unknown) => ({ code: 0, msg: failure instanceof Error ? failure.message : 'Not saved', result: null }));
    setBusy(false);
    if (answer.code === CODE_OK && answer.result) {
      setMessage({ ok: true, text: words.saved });
      return answer.result;
    }
    const fields = fieldsOf((answer.result as { fields?: Record<string, string> } | null)?.fields ?? {});
    setErrors(fields);
    setMessage({ ok: false, text: Object.keys(fields).length ? words.refused : answer.msg });
    return null;
  };
  return { errors, message, busy, save };
}
