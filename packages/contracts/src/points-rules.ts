/**
 * Points and referrals (issue 15, items 3 and 6) without zod, so the account pages carry no schema
 * code (points.ts has the schemas). Earning, expiry and referral figures are named once here and
 * read by the server and the pages alike.
 */
import { POINTS_PER_DOLLAR } from './orders-rules';

export { POINTS_MAX_SHARE_PERCENT, POINTS_PER_DOLLAR } from './orders-rules';

/** 1 point per whole dollar of goods paid (decision 0032). */
export const POINTS_EARNED_PER_DOLLAR = 1;
/** Points for a published review, the same whatever its stars. */
export const REVIEW_POINTS = 50;
/** Points expire this many calendar months after they were earned, oldest first. */
export const POINTS_VALID_MONTHS = 12;
/** The shopper is told this many days before points expire. */
export const POINTS_EXPIRY_NOTICE_DAYS = 30;
const DAY_MS = 86_400_000;
export const POINTS_EXPIRY_NOTICE_MS = POINTS_EXPIRY_NOTICE_DAYS * DAY_MS;

/** The days after delivery in which an order may be returned (shared with returns). */
export const RETURN_WINDOW_DAYS = 30;
export const RETURN_WINDOW_MS = RETURN_WINDOW_DAYS * DAY_MS;

/** What the inviter earns once a friend's first order is kept past its return window. */
export const REFERRAL_REWARD_POINTS = 500;
/** At most this many referral rewards per inviter in a calendar month (UTC). */
export const REFERRAL_REWARDS_PER_MONTH = 10;

/**
 * The goods an order paid for, in cents: the goods at their sale prices, less the coupon and less
 * the points spent on it; shipping, surcharges, insurance and customs are not goods (decision 0032).
 */
export function goodsPaidCents(order: {
  goods_amount: number;
  discount_amount: number;
  coupon_amount: number;
  points_amount: number;
}): number {
  return Math.max(0, order.goods_amount - order.discount_amount - order.coupon_amount - order.points_amount);
}

/** Points earned by goods paid: 1 per whole dollar, the cents below a dollar earn nothing. */
export const pointsEarnedFor = (goodsPaid: number): number =>
  Math.floor((Math.max(0, goodsPaid) * POINTS_EARNED_PER_DOLLAR) / 100);

/** Points as dollars: 100 points are $1. */
export const pointsWorthCents = (points: number): number => Math.floor((points * 100) / POINTS_PER_DOLLAR);

/** When points earned at `earnedAt` expire: the same moment POINTS_VALID_MONTHS calendar months later (UTC). */
export function pointsExpireAt(earnedAt: number): number {
  const date = new Date(earnedAt);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + POINTS_VALID_MONTHS);
  // the 29th–31st of a shorter month end on its last day, not in the next month
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return date.getTime();
}

/** Why points moved, as the ledger records it. */
export const POINTS_REASONS = [
  'opening_balance',
  'order_earned',
  'order_spend',
  'order_cancelled',
  'order_refunded',
  'refund_returned',
  'review',
  'review_withdrawn',
  'review_refunded',
  'referral_reward',
  'staff_adjustment',
  'coupon_redeem',
  'expired',
  'account_closed',
] as const;
export type PointsReasonName = (typeof POINTS_REASONS)[number];

/** How each movement reads in the points history. */
export const POINTS_REASON_LABELS: Record<PointsReasonName, string> = {
  opening_balance: 'Opening balance',
  order_earned: 'Earned on an order',
  order_spend: 'Used on an order',
  order_cancelled: 'Returned from a cancelled order',
  order_refunded: 'Taken back for a refund',
  refund_returned: 'Returned with a refund',
  review: 'Earned for a review',
  review_withdrawn: 'Taken back for a rejected review',
  review_refunded: 'Taken back: the reviewed item was refunded',
  referral_reward: 'Earned for inviting a friend',
  staff_adjustment: 'Adjusted by customer service',
  coupon_redeem: 'Used for a coupon',
  expired: 'Expired',
  account_closed: 'Account closed',
};

/** Where a referred friend stands. */
export const REFERRAL_STATUSES = ['registered', 'ordered', 'rewarded', 'not_rewarded'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];
export const REFERRAL_STATUS_LABELS: Record<ReferralStatus, string> = {
  registered: 'Registered',
  ordered: 'Ordered',
  rewarded: 'Rewarded',
  not_rewarded: 'Not rewarded',
};

export const PointsPaths = {
  summary: '/shop/user/UserPoints',
  log: '/shop/user/UserPointsLogList',
  referrals: '/shop/user/referrals',
  friends: '/shop/user/friends',
  /** staff: POST with the shopper's id in the path */
  adjust: (userId: number | string) => `/admin/users/${userId}/points`,
} as const;

/** The account pages (spec 2, /ShoppingListMain/). */
export const PointsPages = {
  myPoints: '/ShoppingListMain/MyPoints',
  detail: '/ShoppingListMain/PointsDetail',
  comment: '/ShoppingListMain/MyPointsComment',
  redeem: '/ShoppingListMain/RedeemPointsMore',
  byFriends: '/ShoppingListMain/ByFriends',
  myFriends: '/ShoppingListMain/MyFriends',
} as const;

/** The share link that opens the register tab with the code filled in. */
export const inviteLink = (origin: string, code: string) => `${origin}/login?invite=${encodeURIComponent(code)}`;

export const ReferralMessages = {
  ownCode: 'You cannot use your own invitation code',
  knownIdentity: 'Invitation codes are for people new to our shop: this e-mail or phone is already known to us',
} as const;

export const PointsMessages = {
  balance: (available: number) => `You have ${available} points`,
  adjusted: 'Points adjusted',
  belowZero: (available: number) => `The shopper has ${available} points: the balance cannot go below 0`,
} as const;
