import { z } from 'zod';
import { envelope, listResult } from './envelope';
import { coercedId, text, wholeNumber } from './fields';
import { POINTS_REASONS, REFERRAL_STATUSES } from './points-rules';

export * from './points-rules';

/** epoch milliseconds */
const ZTime = z.number().int();

/** GET /shop/user/UserPoints: the balance, points waiting on orders not yet completed, and the next to expire. */
export const ZUserPoints = z.object({
  balance: z.number().int().nonnegative(),
  /** what orders paid and not yet completed will earn when they complete */
  pending: z.number().int().nonnegative(),
  /** points that expire within POINTS_EXPIRY_NOTICE_DAYS, unless spent first */
  expiring_points: z.number().int().nonnegative(),
  /** when the first of them expire (null: none soon) */
  expiring_at: ZTime.nullable(),
  /** earned by reviews, all time */
  review_points: z.number().int().nonnegative(),
});
export type TUserPoints = z.infer<typeof ZUserPoints>;
export const ZUserPointsResponse = envelope(ZUserPoints);

/** GET /shop/user/UserPointsLogList (spec 7: page, pagesize); `reason` narrows it (review: MyPointsComment). */
export const ZPointsLogQuery = z.object({
  page: wholeNumber('page', 1, 10_000).default(1),
  pagesize: wholeNumber('pagesize', 1, 100).default(20),
  reason: z.enum(POINTS_REASONS, { error: 'reason is not a known kind of points' }).optional(),
});
export type TPointsLogQuery = z.input<typeof ZPointsLogQuery>;

export const ZPointsLogEntry = z.object({
  id: z.number().int(),
  /** signed: earned is positive, used or expired negative */
  points: z.number().int(),
  reason: z.enum(POINTS_REASONS),
  label: z.string(),
  /** the order the movement belongs to, when it belongs to one */
  order_id: z.number().int().nullable(),
  created_at: ZTime,
  /** for points earned: when they expire (oldest first) */
  expires_at: ZTime.nullable(),
});
export type TPointsLogEntry = z.infer<typeof ZPointsLogEntry>;
export const ZPointsLog = listResult(ZPointsLogEntry);
export type TPointsLog = z.infer<typeof ZPointsLog>;
export const ZPointsLogResponse = envelope(ZPointsLog);

/** GET /shop/user/referrals: what ByFriends shows. */
export const ZReferralSummary = z.object({
  invitation_code: z.string(),
  /** the share link's path and query (`/login?invite=CODE`): the page puts the shop's origin before it */
  share_path: z.string(),
  reward_points: z.number().int(),
  rewards_per_month: z.number().int(),
  return_window_days: z.number().int(),
  friends: z.object({
    registered: z.number().int(),
    ordered: z.number().int(),
    rewarded: z.number().int(),
    not_rewarded: z.number().int(),
  }),
  points_earned: z.number().int(),
});
export type TReferralSummary = z.infer<typeof ZReferralSummary>;
export const ZReferralSummaryResponse = envelope(ZReferralSummary);

export const ZFriendsQuery = z.object({
  page: wholeNumber('page', 1, 10_000).default(1),
  pagesize: wholeNumber('pagesize', 1, 100).default(20),
});

/** A friend as the inviter sees them: a first name and an initial, never an address. */
export const ZFriend = z.object({
  id: z.number().int(),
  name: z.string(),
  joined_at: ZTime,
  status: z.enum(REFERRAL_STATUSES),
  /** when the reward is due (the first order's return window closes), while it waits */
  reward_due_at: ZTime.nullable(),
  points: z.number().int(),
});
export type TFriend = z.infer<typeof ZFriend>;
export const ZFriends = listResult(ZFriend);
export type TFriends = z.infer<typeof ZFriends>;
export const ZFriendsResponse = envelope(ZFriends);

/** POST /admin/users/:id/points (points.adjust): a signed number of points and why. */
export const ZPointsAdjustRequest = z
  .object({
    points: z
      .number({ error: 'points must be a number' })
      .int('points must be a whole number')
      .min(-1_000_000, 'points must be at least -1000000')
      .max(1_000_000, 'points must be at most 1000000')
      .refine((value) => value !== 0, 'points must not be 0'),
    reason: text({ error: 'reason is required' })
      .trim()
      .min(3, 'reason must be at least 3 characters')
      .max(200, 'reason must be at most 200 characters'),
  })
  .strict();
export type TPointsAdjustRequest = z.infer<typeof ZPointsAdjustRequest>;

export const ZPointsAdjustParams = z.object({ id: coercedId('id') });

export const ZPointsAdjusted = z.object({ user_id: z.number().int(), points: z.number().int(), balance: z.number().int() });
export const ZPointsAdjustedResponse = envelope(ZPointsAdjusted);
