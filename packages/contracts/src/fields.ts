import { z } from 'zod';
import { cleanText, hasUnsafeText } from './text';

export { cleanText, hasUnsafeText };

/**
 * The shop's one answer to "what may a request carry" (decision 0012). Every request schema takes
 * its ids, free text and keys from here, so SQLite and PostgreSQL see the same values:
 *
 * - ids are whole numbers within the `integer` (int4) columns that hold them: 1..2147483647;
 * - free text (messages, searches, names, content) is cleaned: C0 control characters other than
 *   tab, newline and carriage return are dropped, and a lone UTF-16 surrogate becomes U+FFFD;
 * - identifiers, slugs and keys holding such a character are refused with a clear 400.
 */

/** The largest value of a PostgreSQL `integer` column (every id column is one: serial / integer). */
export const INT4_MAX = 2_147_483_647;

/** The messages of an id that is not one: each its own, or one `message` for every way it can be wrong. */
const idMessages = (name: string, message?: string) => ({
  type: message ?? `${name} must be a number`,
  int: message ?? `${name} must be a whole number`,
  positive: message ?? `${name} must be positive`,
  max: message ?? `${name} is not a known id`,
});

/** A JSON id (a body field): a whole number in 1..INT4_MAX. */
export const id = (name = 'id', message?: string) => {
  const m = idMessages(name, message);
  return z.number({ error: m.type }).int(m.int).positive(m.positive).max(INT4_MAX, m.max);
};

/** An id written as text (a query or path parameter, a form field): "123" → 123, bounded as `id`. */
export const coercedId = (name = 'id', message?: string) => {
  const m = idMessages(name, message);
  return z.coerce.number({ error: m.type }).int(m.int).positive(m.positive).max(INT4_MAX, m.max);
};

/**
 * Free text: cleaned before any other check, so `.trim().min(1)` and `.max(n)` after it see the
 * text as it will be stored. It stays a string schema, so the usual string checks chain on.
 */
export const text = (params?: Parameters<typeof z.string>[0]) => z.string(params).overwrite(cleanText);

/** The message of a key, slug or identifier holding a control character or a lone surrogate. */
export const unsafeKeyMessage = (name: string) => `${name} holds characters that are not allowed`;

/**
 * An identifier, slug or key: refused (400) when it holds a control character or a lone surrogate,
 * since a cleaned key would name something else.
 */
export const key = (name: string, params?: Parameters<typeof z.string>[0]) =>
  z.string(params ?? { error: `${name} is required` }).refine((value) => !hasUnsafeText(value), unsafeKeyMessage(name));

/** A whole number between `min` and `max`, taken from a query string's text too (page, pagesize, status). */
export const wholeNumber = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);

/** An amount in US dollars with at most 2 decimals (the server keeps integer cents), from `min` up to $100,000. */
export const dollars = (name: string, min = 0) =>
  z
    .number({ error: `${name} must be a number` })
    .min(min, min > 0 ? `${name} must be greater than 0` : `${name} must not be negative`)
    .max(100_000, `${name} is too large`)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, `${name} must have at most 2 decimals`);

/** A picture on this site (/…) or an https address; empty for none. */
export const pictureAddress = text()
  .trim()
  .max(500, 'The address may be at most 500 characters')
  .refine(
    (url) => url === '' || /^(\/(?!\/)|https:\/\/)[^\s"'()\\]+$/.test(url),
    'Give a path on this site (/…) or an https:// address',
  );
