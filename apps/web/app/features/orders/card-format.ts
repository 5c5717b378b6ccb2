import { CardMessages, cardExpired, luhnValid } from '@shop/contracts/orders-rules';

/**
 * The card form's typing rules: what the shopper types is kept as digits and shown the way the
 * card prints it. Pure functions, so the form and its tests share them.
 */

/** Only the digits of what was typed or pasted. */
export const digitsOf = (typed: string) => typed.replace(/\D/g, '');

/** American Express numbers start 34 or 37 and have 15 digits in groups of 4, 6 and 5. */
const isAmex = (digits: string) => /^3[47]/.test(digits);

/** The longest number a card network issues. */
export const CARD_NUMBER_MAX_DIGITS = 19;

/** How many digits the card's number has at most: 15 for American Express, otherwise 19. */
export const cardNumberMaxDigits = (digits: string) => (isAmex(digits) ? 15 : CARD_NUMBER_MAX_DIGITS);

/** The number as printed on the card: '4242424242424242' → '4242 4242 4242 4242' (Amex 4-6-5). */
export function formatCardNumber(typed: string): string {
  const digits = digitsOf(typed).slice(0, cardNumberMaxDigits(digitsOf(typed)));
  const groups = isAmex(digits) ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/**
 * The expiry as 'MM / YY' while typing: '1' stays '1', '4' becomes '04 / ' (no month starts with 4),
 * '1228' becomes '12 / 28'. Deleting back over the separator works because only digits are kept.
 */
export function formatExpiry(typed: string, deleting = false): string {
  let digits = digitsOf(typed).slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits} / `;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export type Expiry = { month: number; year: number };

/** 'MM / YY' as a month and a four-digit year; null when it is not a date. */
export function parseExpiry(text: string): Expiry | null {
  const digits = digitsOf(text);
  if (digits.length !== 4) return null;
  const month = Number(digits.slice(0, 2));
  const year = 2000 + Number(digits.slice(2));
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** The expiry is one field here (the server's two, month and year, are both shown under it). */
export const EXPIRY_INVALID = 'Please enter the expiry date as MM / YY';

export type CardDraft = { number: string; expiry: string; cvc: string; name: string };
export type CardErrors = Partial<Record<keyof CardDraft, string>>;

/** What is wrong with the card as typed, field by field; an empty object when it can be sent. */
export function cardErrors(draft: CardDraft, now = new Date()): CardErrors {
  const errors: CardErrors = {};
  const number = digitsOf(draft.number);
  if (!luhnValid(number)) errors.number = CardMessages.numberInvalid;

  const expiry = parseExpiry(draft.expiry);
  if (!expiry) errors.expiry = EXPIRY_INVALID;
  else if (cardExpired(expiry.month, expiry.year, now)) errors.expiry = CardMessages.expired;

  if (!/^\d{3,4}$/.test(draft.cvc.trim())) errors.cvc = CardMessages.cvcInvalid;
  if (!draft.name.trim()) errors.name = CardMessages.nameRequired;
  return errors;
}

/** The last four digits, for messages ('•••• 4242'). */
export const lastFour = (typed: string) => digitsOf(typed).slice(-4);

/** The server names the card's fields `card.number`, `card.exp_month`…; the form has one expiry field. */
const SERVER_FIELDS: Record<string, keyof CardDraft> = {
  'card.number': 'number',
  'card.exp_month': 'expiry',
  'card.exp_year': 'expiry',
  'card.cvc': 'cvc',
  'card.name': 'name',
};

/** The server's field messages (`result.fields`) on the form's fields: the first for each. */
export function cardErrorsFromServer(result: unknown): CardErrors {
  const fields = (result as { fields?: Record<string, string> } | null)?.fields ?? {};
  const shown: CardErrors = {};
  for (const [name, message] of Object.entries(fields)) {
    const field = SERVER_FIELDS[name];
    if (field && !shown[field]) shown[field] = message;
  }
  return shown;
}
