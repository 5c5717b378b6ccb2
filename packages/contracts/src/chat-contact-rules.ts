/**
 * The agent console's contact panel and what an agent does for the shopper from it (decision
 * 0059), without zod so the console carries no schema code (chat-contact.ts has the schemas):
 * the paths, the goodwill limits by role and the texts.
 */
import { ROLE_LABELS, type StaffRoleName } from './permissions';

export const ContactPaths = {
  panel: '/admin/kefu/contact',
  orderCard: '/admin/kefu/contact/order-card',
  tracking: '/admin/kefu/contact/tracking',
  returnQuote: '/admin/kefu/contact/return/quote',
  startReturn: '/admin/kefu/contact/return',
  goodwill: '/admin/kefu/contact/goodwill',
} as const;

/**
 * The most a goodwill coupon may be worth, in US cents, by the granting agent's role: a support
 * agent a small amount, a shop operator more, an administrator the most. The one place these live.
 */
export const GOODWILL_LIMIT_CENTS: Record<StaffRoleName, number> = {
  csr: 1_000,
  operator: 2_500,
  admin: 10_000,
};

/** A goodwill coupon is good for this many days from the grant. */
export const GOODWILL_VALID_DAYS = 30;

/** How many of each list the panel shows (newest first). */
export const CONTACT_PANEL_ROWS = 10;

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export const ContactTexts = {
  title: 'Contact',
  notSignedIn: 'Not signed in',
  notSignedInHint: 'This visitor chats as a guest. Once they sign in, their orders, bag and wishlist show here.',
  guestNoActions: 'The visitor is not signed in: there is no account to act for',
  noTracking: 'This order has no tracking number yet',
  goodwillOverLimit: (role: StaffRoleName) =>
    `A ${ROLE_LABELS[role].toLowerCase()} may grant a goodwill coupon of at most ${usd(GOODWILL_LIMIT_CENTS[role])}`,
  goodwillName: 'Goodwill coupon from customer service',
  goodwillDescription: 'With our apologies: a coupon from our customer service team.',
  goodwillTemplateCode: (cents: number) => `goodwill-${cents}`,
  shopperGone: 'This shopper’s account is closed',
  cardSent: 'The order card is in the conversation',
  trackingSent: 'The tracking link is in the conversation',
  returnStarted: 'The return is started',
  goodwillGranted: 'The coupon is granted',
  /** the chat's words to the shopper */
  trackingMessage: (orderNo: string, carrier: string, trackingNo: string, url: string) =>
    url
      ? `Your order ${orderNo} is on its way with ${carrier}: tracking number [${trackingNo}](${url}).`
      : `Your order ${orderNo} is on its way with ${carrier}: tracking number ${trackingNo}.`,
  returnMessage: (returnNo: string, goods: string, num: number, amount: string) =>
    `I started a return for you: ${num} × ${goods}, request ${returnNo}. The refund would be $${amount} once the parcel is back; you can follow it under Return/Exchange.`,
  goodwillMessage: (amount: string) =>
    `I have added a goodwill coupon of $${amount} to your account, with our apologies. You will find it under My Coupons.`,
  returnNote: (agent: string) => `Started for you by ${agent} of customer service`,
  usd,
} as const;
