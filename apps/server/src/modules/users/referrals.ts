import { createHash } from 'node:crypto';
import {
  REFERRAL_REWARD_POINTS,
  REFERRAL_REWARDS_PER_MONTH,
  REFERRAL_STATUSES,
  RETURN_WINDOW_DAYS,
  RETURN_WINDOW_MS,
  ReferralMessages,
  type ReferralStatus,
  type TFriends,
  type TReferralSummary,
} from '@shop/contracts/points';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { emit } from '../../infra/events';
import { creditPoints } from './points';
import { referralsRepo, usersRepo } from './repo';

/**
 * Referrals (decision 0033): a friend who registers with a shopper's invitation code is linked to
 * them once; the inviter earns REFERRAL_REWARD_POINTS when the friend's first completed order has
 * outlived its return window. Every rule that must hold under concurrent requests is a unique key
 * or a conditional write: one referral per friend, one account per known e-mail or phone, one
 * status move per step, one count per reward within the month's limit.
 */

/** An e-mail address as the shop compares people: lower case, without a +tag. */
export function comparableEmail(email: string): string {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@');
  return `${local.split('+')[0]}@${domain}`;
}

const digestOf = (kind: 'email' | 'phone', value: string) => createHash('sha256').update(`${kind}:${value}`).digest('hex');

/**
 * At registration, in its transaction: records the new account's e-mail address and phone number
 * as known (digests), and links it to the inviter whose code it gave. The code is refused (a 400 on
 * `invitation_code`, and the registration with it) when it is the shopper's own (the inviter's
 * address or phone) or when the address or phone is already known to the shop.
 */
export async function recordNewAccount(
  trx: Db,
  account: { userId: number; email: string; mobile: string; inviterId: number | null; at: number },
): Promise<void> {
  const repo = referralsRepo(trx);
  const email = comparableEmail(account.email);
  const newEmail = await repo.recordIdentity({
    kind: 'email',
    digest: digestOf('email', email),
    user_id: account.userId,
    created_at: account.at,
  });
  const newPhone =
    account.mobile === '' ||
    (await repo.recordIdentity({
      kind: 'phone',
      digest: digestOf('phone', account.mobile),
      user_id: account.userId,
      created_at: account.at,
    }));
  if (account.inviterId === null) return;

  const inviter = await usersRepo(trx).findById(account.inviterId);
  if (!inviter) throw AppError.field('invitation_code', ReferralMessages.knownIdentity);
  if (comparableEmail(inviter.email) === email || (account.mobile !== '' && inviter.mobile === account.mobile)) {
    throw AppError.field('invitation_code', ReferralMessages.ownCode);
  }
  if (!newEmail || !newPhone || (account.mobile !== '' && (await repo.phoneHeldByOther(account.mobile, account.userId)))) {
    throw AppError.field('invitation_code', ReferralMessages.knownIdentity);
  }
  await repo.insert({
    inviter_id: account.inviterId,
    friend_id: account.userId,
    status: 'registered',
    created_at: account.at,
    updated_at: account.at,
  });
}

/**
 * The friend's first completed order: the referral waits for its return window, which opens at
 * delivery (completion, in this shop). A later order changes nothing; false when nothing moved.
 */
export function referralOrderCompleted(trx: Db, order: { friendId: number; orderId: number; deliveredAt: number }) {
  return referralsRepo(trx).markOrdered(order.friendId, order.orderId, order.deliveredAt + RETURN_WINDOW_MS, order.deliveredAt);
}

/** Referrals whose order's return window has closed by `now`, oldest due first. */
export function referralsDue(db: Db, now: number, limit: number) {
  return referralsRepo(db).due(now, limit);
}

const monthOf = (at: number) => new Date(at).toISOString().slice(0, 7);

export type ReferralOutcome = 'rewarded' | 'monthly_limit' | 'order_returned' | 'inviter_closed' | 'moved';

/**
 * Settles a referral whose return window has closed, in the caller's transaction: an order no
 * longer kept (returned or refunded) sends the friend back to waiting for a first kept order; else
 * the inviter is rewarded unless the month's rewards are used up. Each outcome is one conditional
 * move from `ordered`, so a referral settles once however often this runs.
 */
export async function settleReferral(
  trx: Db,
  referral: { id: number; inviter_id: number; friend_id: number },
  orderKept: boolean,
  now: number,
): Promise<ReferralOutcome> {
  const repo = referralsRepo(trx);
  if (!orderKept) {
    const moved = await repo.move(referral.id, 'ordered', {
      status: 'registered',
      order_id: null,
      reward_due_at: null,
      updated_at: now,
    });
    return moved ? 'order_returned' : 'moved';
  }
  const inviter = await usersRepo(trx).findById(referral.inviter_id);
  if (inviter?.status !== 'active') {
    const moved = await repo.move(referral.id, 'ordered', { status: 'not_rewarded', note: 'account_closed', updated_at: now });
    return moved ? 'inviter_closed' : 'moved';
  }
  const claimed = await repo.move(referral.id, 'ordered', {
    status: 'rewarded',
    points: REFERRAL_REWARD_POINTS,
    updated_at: now,
  });
  if (!claimed) return 'moved';
  if (!(await repo.countReward(referral.inviter_id, monthOf(now), REFERRAL_REWARDS_PER_MONTH))) {
    await repo.move(referral.id, 'rewarded', { status: 'not_rewarded', points: 0, note: 'monthly_limit', updated_at: now });
    return 'monthly_limit';
  }
  await creditPoints(trx, {
    userId: referral.inviter_id,
    points: REFERRAL_REWARD_POINTS,
    reason: 'referral_reward',
    source: { type: 'referral', id: referral.id },
    at: now,
  });
  await emit(
    trx,
    'referral.rewarded',
    { inviter_id: referral.inviter_id, friend_id: referral.friend_id, points: REFERRAL_REWARD_POINTS },
    now,
  );
  return 'rewarded';
}

/** What ByFriends shows: the code, the link's path, how it works in figures, and what was earned. */
export async function referralSummary(db: Db, userId: number): Promise<TReferralSummary> {
  const user = await usersRepo(db).findById(userId);
  if (user?.status !== 'active') throw AppError.unauthorized();
  const rows = await referralsRepo(db).summary(userId);
  const count = (status: ReferralStatus) => rows.find((row) => row.status === status)?.count ?? 0;
  return {
    invitation_code: user.invitation_code,
    share_path: `/login?invite=${encodeURIComponent(user.invitation_code)}`,
    reward_points: REFERRAL_REWARD_POINTS,
    rewards_per_month: REFERRAL_REWARDS_PER_MONTH,
    return_window_days: RETURN_WINDOW_DAYS,
    friends: {
      registered: count('registered'),
      ordered: count('ordered'),
      rewarded: count('rewarded'),
      not_rewarded: count('not_rewarded'),
    },
    points_earned: rows.reduce((sum, row) => sum + (row.status === 'rewarded' ? row.points : 0), 0),
  };
}

/** MyFriends: the inviter's friends, newest first; a friend shows as a first name and an initial. */
export async function friendsOf(db: Db, userId: number, query: { page: number; pagesize: number }): Promise<TFriends> {
  const { rows, total } = await referralsRepo(db).page(userId, query.page, query.pagesize);
  return {
    total,
    data: rows.map((friend) => ({
      id: friend.id,
      name:
        friend.account_status === 'active'
          ? [friend.first_name, friend.last_name ? `${friend.last_name.slice(0, 1)}.` : ''].filter(Boolean).join(' ') || 'Friend'
          : 'Closed account',
      joined_at: friend.created_at,
      status: REFERRAL_STATUSES.includes(friend.status) ? friend.status : 'registered',
      reward_due_at: friend.status === 'ordered' ? friend.reward_due_at : null,
      points: friend.points,
    })),
  };
}

/** The referrals the shopper is part of, as inviter or friend (Download my data). */
export function referralsOf(db: Db, userId: number) {
  return referralsRepo(db).of(userId);
}

/** Erasure: referrals still waiting that involve the shopper end without a reward. */
export function closeReferrals(trx: Db, userId: number, at: number): Promise<void> {
  return referralsRepo(trx).closeOpen(userId, at);
}
