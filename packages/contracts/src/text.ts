/**
 * The text policy's two functions (decision 0012), without zod so that pages may use them: the
 * request schemas in fields.ts and the page loaders that read text from the URL share them.
 */

/** C0 controls except tab (09), newline (0A) and carriage return (0D). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it finds
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g;
/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it finds
const UNSAFE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `value` holds a character the shop does not store (a control character or a lone surrogate). */
export const hasUnsafeText = (value: string) => UNSAFE.test(value);

/** Free text as the shop keeps it: controls other than tab/newline/CR dropped, lone surrogates as U+FFFD. */
export function cleanText(value: string): string {
  if (!UNSAFE.test(value)) return value;
  return value.replace(CONTROL, '').replace(LONE_SURROGATE, '\uFFFD');
}
