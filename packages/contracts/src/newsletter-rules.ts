import { Messages, SIGNUP_OFFER_USD } from './constants';

/**
 * The newsletter sign-up without zod (spec 2 "Footer and floating widgets", spec 5 "Newsletter and
 * floating signup"), so the footer and the floating widget carry no schema code; newsletter.ts has
 * the request schemas.
 */

/** Where a sign-up was made: the footer's form or the floating widget (the consent record keeps it). */
export const NEWSLETTER_SOURCES = ['footer', 'floating'] as const;
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number];

/**
 * The words shown beside each form, as the consent record keeps them: what the shopper agreed to
 * is the text of the form they used, word for word.
 */
export const NEWSLETTER_CONSENT_TEXT: Record<NewsletterSource, string> = {
  footer: `Sign up for our newsletter and get $${SIGNUP_OFFER_USD}: new arrivals, style stories and offers by e-mail. Unsubscribe at any time.`,
  floating: `Get $${SIGNUP_OFFER_USD} when you join our newsletter: new arrivals, style stories and offers by e-mail. Unsubscribe at any time.`,
};

/**
 * spec 5: letters, digits, underscore or hyphen, then @, then a dotted domain. Both forms use it
 * (the footer's original pattern carried a stray symbol after its end; decision 0034).
 */
export const NEWSLETTER_EMAIL_PATTERN = /^[A-Za-z0-9_-]+@[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)+$/;

/** spec 5: the message for an address as typed, or null when it may be sent. */
export function newsletterEmailError(value: string): string | null {
  const email = value.trim();
  if (!email) return Messages.fieldRequired;
  if (email.length > 254 || !NEWSLETTER_EMAIL_PATTERN.test(email)) return Messages.newsletterEmailInvalid;
  return null;
}

export const NewsletterPaths = {
  /** the address and where it was given: a pending sign-up, its consent request and a code by e-mail */
  subscribe: '/api/newsletter/subscribe',
  /** the address and its code: the subscription is confirmed (double opt-in) */
  confirm: '/api/newsletter/confirm',
} as const;

export const NewsletterMessages = {
  codeSent: 'We have sent a code to your email. Enter it to confirm your subscription.',
  subscribed: 'You are subscribed to our newsletter.',
  /** a guest whose address has no account: the offer comes with an account that proves the address */
  guestRegister: `Register with this email and verify it in your account to receive your $${SIGNUP_OFFER_USD} offer.`,
  /** a guest whose address has an account: the offer went to that account */
  guestSignIn: `This email has an account: sign in to find your $${SIGNUP_OFFER_USD} offer in My Points.`,
} as const;
