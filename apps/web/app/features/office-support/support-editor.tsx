import { CODE_OK } from '@shop/contracts';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { type Answer, failed, fieldsOf, issuesByField } from '../../components/office/answers';
import { staffApi } from '../chat-console';
import { PanelForm } from './panel-form';

/** What went wrong with a write: the server's words per field, and in one line. */
export type Problem = { fields: Record<string, string>; refusal: string | null };

/** Sends a checked request; answers null when saved, or what went wrong (per field, or in one line). */
export async function save(path: string, data: unknown): Promise<Problem | null> {
  const answer: Answer = await staffApi.post(path, data, { silent: true }).catch(failed);
  if (answer.code === CODE_OK) return null;
  return { fields: fieldsOf(answer) ?? {}, refusal: answer.msg };
}

/**
 * The editor of a quick reply or a knowledge-base entry: `check` reads the form and parses it with
 * the contracts' schema (loaded late), the result is sent to `path`, and `saved` is announced.
 * The server's per-field refusals are shown beside their fields, which `children` draws.
 */
export function SupportEditor({
  titleId,
  title,
  submit,
  path,
  saved,
  check,
  onCancel,
  onSaved,
  children,
}: {
  titleId: string;
  title: string;
  submit: string;
  path: string;
  saved: string;
  check: (data: FormData) => Promise<z.ZodSafeParseResult<unknown>>;
  onCancel: () => void;
  onSaved: (text: string) => void;
  children: (errors: Record<string, string>) => ReactNode;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = await check(new FormData(event.currentTarget));
    setRefusal(null);
    if (!parsed.success) return setErrors(issuesByField(parsed.error));
    setErrors({});
    setBusy(true);
    const problem = await save(path, parsed.data);
    setBusy(false);
    if (!problem) return onSaved(saved);
    setErrors(problem.fields);
    setRefusal(problem.refusal);
  };

  return (
    <PanelForm
      titleId={titleId}
      title={title}
      submit={submit}
      busy={busy}
      errors={errors}
      refusal={refusal}
      onSubmit={onSubmit}
      onCancel={onCancel}
    >
      {children(errors)}
    </PanelForm>
  );
}
