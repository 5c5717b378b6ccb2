import { centsToAmount } from './pricing';

/**
 * Coupons without zod (statuses, kinds, sources, paths, the texts of every refusal and of every
 * reason a coupon cannot be used), so the coupon pages stay light; coupons.ts has the schemas.
 *
 * A coupon template is a fixed amount or a percentage (with a cap) off the goods it applies to
 * (all goods, chosen categories or chosen products), from a minimum spend; a shopper holds
 * coupons of a template, each valid between two dates and used by one order at most.
 */

/** What a held coupon is now: `expired` is worked out from the time (an unused coupon past its end). */
export const COUPON_STATUSES = ['unused', 'used', 'expired'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

/** The tabs of /ShoppingListMain/MyCoupons, in order: `status` is what GET /shop/userCoupon/list takes ('' = all). */
export const COUPON_STATUS_TABS = [
  { status: 'unused', label: 'Unused' },
  { status: 'used', label: 'Used' },
  { status: 'expired', label: 'Expired' },
] as const;

/** A fixed amount off, or a percentage off with an optional cap. */
export const COUPON_KINDS = ['fixed', 'percent'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** What the coupon applies to. */
export const COUPON_SCOPES = ['all', 'categories', 'products'] as const;
export type CouponScope = (typeof COUPON_SCOPES)[number];

/** How a template's coupons are obtained. */
export const COUPON_SOURCES = ['center', 'registration', 'newsletter', 'referral', 'staff', 'points'] as const;
export type CouponSource = (typeof COUPON_SOURCES)[number];

/** Fixed dates, or a number of days from receipt. */
export const COUPON_VALIDITY_KINDS = ['fixed', 'days'] as const;
export type CouponValidityKind = (typeof COUPON_VALIDITY_KINDS)[number];

/** Why a held coupon cannot be used for a bag or a product (each with its text in CouponReasons). */
export const COUPON_UNUSABLE_REASONS = [
  'used',
  'expired',
  'not_started',
  'min_spend',
  'not_applicable',
  'first_order_only',
] as const;
export type CouponUnusableReason = (typeof COUPON_UNUSABLE_REASONS)[number];

/** Paging of the coupon lists (like the order list: page from 1, `limit` a page). */
export const COUPON_PAGE_SIZE_DEFAULT = 10;
export const COUPON_PAGE_SIZE_MAX = 50;
/** The most categories or products a template may name. */
export const COUPON_TARGETS_MAX = 200;
/** The coupon.expiring message goes this long before a coupon's end. */
export const COUPON_EXPIRING_NOTICE_MS = 3 * 24 * 60 * 60 * 1000;

export const CouponPaths = {
  center: '/shop/coupon/center',
  receive: '/shop/coupon/receive',
  list: '/shop/userCoupon/list',
  usable: '/api/coupon/index',
  adminList: '/admin/coupons/list',
  adminAdd: '/admin/coupons/add',
  adminEdit: '/admin/coupons/edit',
  adminPause: '/admin/coupons/pause',
  adminGrant: '/admin/coupons/grant',
} as const;

const usd = (cents: number) => `$${centsToAmount(cents)}`;

/** The texts of every coupon answer and refusal. */
export const CouponMessages = {
  received: 'Coupon received',
  notFound: 'Coupon not found',
  /** the template is paused, or not offered in the coupon centre */
  unavailable: 'This coupon is not available',
  soldOut: 'Sorry, this coupon has all been claimed',
  limitReached: (limit: number) =>
    limit === 1 ? 'You have already received this coupon' : `You can receive this coupon at most ${limit} times`,
  ended: 'This coupon has ended',
  /** POST /shop/order/create or /preview with a coupon another order took first, or one past use */
  taken: 'This coupon has already been used',
  saved: 'Coupon saved',
  paused: 'Coupon paused',
  resumed: 'Coupon resumed',
  granted: 'Coupon granted',
  rulesLocked: 'The discount rules cannot change once coupons have been received',
  totalBelowIssued: (issued: number) => `total cannot be below the ${issued} already received`,
} as const;

/** Why a coupon cannot be used, in the shopper's words (shown greyed beside it at checkout). */
export const CouponReasons: Record<CouponUnusableReason, (detail: { minSpendCents: number; startAt: number }) => string> = {
  used: () => 'This coupon has already been used',
  expired: () => 'This coupon has expired',
  not_started: ({ startAt }) => `This coupon can be used from ${new Date(startAt).toISOString().slice(0, 10)}`,
  min_spend: ({ minSpendCents }) => `Spend at least ${usd(minSpendCents)} on eligible items to use this coupon`,
  not_applicable: () => 'This coupon does not apply to these items',
  first_order_only: () => 'This coupon is for your first order only',
};

/**
 * The coupon's terms in one line: "$10.00 off on orders of $50.00 or more", "20% off", "15% off
 * up to $30.00 on orders of $100.00 or more".
 */
export function couponSummary(rule: {
  kind: CouponKind;
  amountCents: number;
  percent: number;
  maxDiscountCents: number | null;
  minSpendCents: number;
}): string {
  const off = rule.kind === 'fixed' ? `${usd(rule.amountCents)} off` : `${rule.percent}% off`;
  const cap = rule.kind === 'percent' && rule.maxDiscountCents !== null ? ` up to ${usd(rule.maxDiscountCents)}` : '';
  const min = rule.minSpendCents > 0 ? ` on orders of ${usd(rule.minSpendCents)} or more` : '';
  return `${off}${cap}${min}`;
}
