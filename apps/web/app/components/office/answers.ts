import type { z } from 'zod';

/** What a staff write answers, as the back office's forms read it. */
export type Answer = { code: number; msg: string; result?: unknown };

/** The server's per-field refusals (a 400 names each field), if the answer has them. */
export const fieldsOf = (answer: Answer) => (answer.result as { fields?: Record<string, string> } | null | undefined)?.fields;

/** A request that never got an answer, as an answer the form can show. */
export const failed = (error: unknown): Answer => ({ code: 0, msg: error instanceof Error ? error.message : 'Not saved' });

/** The server's refusal in one line: its field messages, or its message. */
export const refusalText = (answer: Answer) => {
  const fields = fieldsOf(answer);
  return fields ? Object.values(fields).join(' ') : answer.msg;
};

/** The first message for each field of a failed parse of the contracts' schema. */
export function issuesByField(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[String(issue.path[0] ?? 'form')] ??= issue.message;
  return fields;
}

/** The first message for each field of a failed parse, named by its whole path as the server names it ('big_image.0.title'). */
export function issuesByPath(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.map(String).join('.') || 'form'] ??= issue.message;
  return fields;
}

/** What a form shows of a refusal: per field when the server named one of the form's fields, else one line. */
export type Refusal = { fields: Record<string, string>; problem: string | null };

/**
 * Splits a refusal for a form: its messages beside the fields when the server named one of `names`
 * (or, given a function, whatever it makes of the server's fields), else the refusal in one line.
 */
export function refusalOf(
  answer: Answer,
  names: readonly string[] | ((fields: Record<string, string>) => Record<string, string> | null),
): Refusal {
  const fields = fieldsOf(answer);
  const shown = !fields ? null : typeof names === 'function' ? names(fields) : names.some((name) => fields[name]) ? fields : null;
  return shown ? { fields: shown, problem: null } : { fields: {}, problem: refusalText(answer) };
}
