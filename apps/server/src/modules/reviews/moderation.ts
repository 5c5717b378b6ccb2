import type { Db } from '../../db/database';

/**
 * The moderation rules a review is checked by before it is published (decision 0041): a link, an
 * e-mail address, a phone number or a word of the word list holds it for staff. The word list is
 * the `reviews.blocked_words` setting (a JSON array of words), or the default below when unset.
 */

export const BLOCKED_WORDS_SETTING = 'reviews.blocked_words';
export const DEFAULT_BLOCKED_WORDS = ['scam', 'fraud', 'idiot', 'stupid', 'fuck', 'shit', 'bitch', 'bastard'];

export const HeldFor = {
  link: 'Contains a link',
  email: 'Contains an e-mail address',
  phone: 'Contains a phone number',
  word: 'Contains a word on the moderation list',
} as const;

const LINK =
  /(?:\bhttps?:\/\/|\bwww\.|\b[a-z0-9][a-z0-9-]*\.(?:com|net|org|io|shop|store|xyz|info|biz|co|me|ru|cn|top|link|ly)\b)/i;
const EMAIL = /[^\s@]+@[^\s@]+\.[a-z]{2,}/i;
/** Seven digits or more, whatever spaces, dots, dashes or brackets sit between them. */
const PHONE = /(?:\+?\d[\s().-]{0,3}){7,}/;

const escapeRegExp = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Why the rules hold `content` for staff, or null when it may be published at once. */
export function heldFor(content: string, words: readonly string[]): string | null {
  if (EMAIL.test(content)) return HeldFor.email;
  if (LINK.test(content)) return HeldFor.link;
  if (PHONE.test(content)) return HeldFor.phone;
  const listed = words.map((word) => word.trim()).filter(Boolean);
  if (
    listed.length > 0 &&
    new RegExp(`(?:^|[^\\p{L}\\p{N}])(?:${listed.map(escapeRegExp).join('|')})(?:$|[^\\p{L}\\p{N}])`, 'iu').test(content)
  ) {
    return HeldFor.word;
  }
  return null;
}

/** The word list in force: the setting when it holds a JSON array of words, the default otherwise. */
export async function blockedWords(db: Db): Promise<string[]> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', BLOCKED_WORDS_SETTING).executeTakeFirst();
  if (!row) return DEFAULT_BLOCKED_WORDS;
  try {
    const parsed: unknown = JSON.parse(row.value);
    if (Array.isArray(parsed) && parsed.every((word) => typeof word === 'string')) return parsed;
  } catch {
    // a malformed setting falls back to the default list
  }
  return DEFAULT_BLOCKED_WORDS;
}
