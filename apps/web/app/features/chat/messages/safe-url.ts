/**
 * Addresses that come inside a message (image and file URLs, links, the pictures of goods cards)
 * are written by the other side of the chat and stored as sent, so none is put into the page
 * before it passes here: only web addresses and paths on this site survive — never javascript:,
 * data:, vbscript: or anything a browser might read as such.
 */

/** Where the address is used: `media` (img, video, audio, download) or `link` (an <a> to follow). */
export type UrlUse = 'media' | 'link';

const SCHEMES: Record<UrlUse, readonly string[]> = {
  // blob: is only ever made by this page (a local preview of an upload)
  media: ['http:', 'https:', 'blob:'],
  link: ['http:', 'https:', 'mailto:', 'tel:'],
};

// C0 controls, DEL and the invisible characters browsers drop from inside a scheme ("java\tscript:")
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what is refused
const HIDDEN = /[\u0000-\u001f\u007f\u00ad\u200b-\u200f\u2028\u2029\ufeff]/;

/** `value` when it is safe to use as `use`, else null. Relative paths and //host addresses are web addresses. */
export function safeUrl(value: unknown, use: UrlUse): string | null {
  if (typeof value !== 'string') return null;
  const url = value.trim();
  if (url === '' || url.length > 4096 || HIDDEN.test(url) || url.includes('\\')) return null;
  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(url);
  if (!scheme) return url;
  return SCHEMES[use].includes(`${scheme[1]?.toLowerCase()}:`) ? url : null;
}

/** The address `url` resolves to from this page (for the image's background HEAD request). */
export function resolveUrl(url: string, base: string): string {
  try {
    return new URL(url, base).href;
  } catch {
    return url;
  }
}
