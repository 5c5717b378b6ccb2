import type { COUPON_SCOPES, COUPON_SOURCES } from '@shop/contracts/coupon-rules';

/** Where shoppers get a coupon of a template, in the office's words. */
export const SOURCE_LABELS: Record<(typeof COUPON_SOURCES)[number], string> = {
  center: 'Coupon centre',
  registration: 'Welcome (registration)',
  newsletter: 'Welcome (newsletter)',
  referral: 'Referral',
  staff: 'Granted by staff',
  points: 'Bought with points',
};

/** What a template's discount applies to, in the office's words. */
export const SCOPE_LABELS: Record<(typeof COUPON_SCOPES)[number], string> = {
  all: 'Every product',
  categories: 'Some categories',
  products: 'Some products',
};
