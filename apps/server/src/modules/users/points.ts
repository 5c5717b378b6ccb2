import { randomUUID } from 'node:crypto';
import {
  goodsPaidCents,
  POINTS_EXPIRY_NOTICE_MS,
  POINTS_REASON_LABELS,
  PointsMessages,
  type PointsReasonName,
  pointsEarnedFor,
  pointsExpireAt,
  REVIEW_POINTS,
} from '@shop/contracts/points-rules';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { emit } from '../../infra/events';
import { pointsRepo, usersRepo } from './repo';

/**
 * A shopper's points: an append-only ledger (decision 0023). Every change is a row with a signed
 * amount, a reason and its source; a source moves points once per reason, and the balance is the
 * sum of the shopper's rows. A spend is checked against the balance in the same transaction as it
 * is written, behind the shopper's row lock, so concurrent spends never take the balance below 0.
 */

/** Why points moved (the contracts list them with their labels). */
export type PointsReason = PointsReasonName;
/**
 * What moved them: an order, the account itself (an opening balance), a staff adjustment, a
 * refund (`<order>:<refund>`), a review, a referral, an expiry (`<shopper>:<newest earning>`), a
 * coupon bought with points (the shopper's coupon).
 */
export type PointsSourceType = 'order' | 'account' | 'adjustment' | 'refund' | 'review' | 'referral' | 'expiry' | 'coupon';

export type PointsEntry = {
  userId: number;
  /** a positive number of points; `spendPoints` debits it, `creditPoints` credits it */
  points: number;
  reason: PointsReason;
  source: { type: PointsSourceType; id: number | string };
  /** the staff member who acted, when one did */
  staffId?: number | null;
  at: number;
};

export { PointsMessages };

/** The shopper's balance, in `db` or the caller's transaction. */
export function pointsBalance(db: Db, userId: number): Promise<number> {
  return pointsRepo(db).balance(userId);
}

const row = (entry: PointsEntry, amount: number) => ({
  user_id: entry.userId,
  amount,
  reason: entry.reason,
  source_type: entry.source.type,
  source_id: String(entry.source.id),
  staff_id: entry.staffId ?? null,
  created_at: entry.at,
});

function checkAmount(points: number) {
  if (!Number.isSafeInteger(points) || points <= 0) throw new Error(`points must be a positive integer, got ${points}`);
}

/**
 * Credits points once per source and reason: a repeated event credits nothing and answers false.
 * Crediting never needs the balance, so it takes no lock.
 */
export async function creditPoints(db: Db, entry: PointsEntry): Promise<boolean> {
  checkAmount(entry.points);
  return pointsRepo(db).append(row(entry, entry.points));
}

/**
 * Debits points: within the caller's transaction (or one of its own), the shopper's row is locked,
 * the balance read and the debit written; a balance short of it is a 400 on `points` naming the
 * balance. Once per source and reason, like a credit: a repeat debits nothing and answers false.
 */
export async function spendPoints(db: Db, entry: PointsEntry): Promise<boolean> {
  checkAmount(entry.points);
  if (!db.isTransaction) return db.transaction().execute((trx) => spendPoints(trx, entry));
  const repo = pointsRepo(db);
  await repo.lockShopper(entry.userId);
  const available = await repo.balance(entry.userId);
  if (available < entry.points) throw AppError.field('points', PointsMessages.balance(available));
  return repo.append(row(entry, -entry.points));
}

/**
 * Closes a cancelled account's points: one debit of the whole balance (the account is its source,
 * so it is written once), behind the shopper's row lock. The ledger keeps its rows and sums to 0.
 */
export async function closePoints(trx: Db, userId: number, at: number): Promise<number> {
  const repo = pointsRepo(trx);
  await repo.lockShopper(userId);
  const balance = await repo.balance(userId);
  if (balance <= 0) return 0;
  await repo.append(
    row({ userId, points: balance, reason: 'account_closed', source: { type: 'account', id: userId }, at }, -balance),
  );
  return balance;
}

/** The shopper's ledger, oldest first, for the export of their data. */
export function pointsLedgerOf(db: Db, userId: number) {
  return pointsRepo(db).rowsOf(userId);
}

// ---------------------------------------------------------------- earning and giving back

/** What an order's completion earns: the goods it paid for (decision 0032). */
export type OrderEarning = {
  orderId: number;
  userId: number;
  goods_amount: number;
  discount_amount: number;
  coupon_amount: number;
  points_amount: number;
};

/** Credits the points an order earns, once per order; answers the points credited (0 for a repeat or nothing to earn). */
export async function earnOrderPoints(db: Db, order: OrderEarning, at: number): Promise<number> {
  const points = pointsEarnedFor(goodsPaidCents(order));
  if (points === 0) return 0;
  const credited = await creditPoints(db, {
    userId: order.userId,
    points,
    reason: 'order_earned',
    source: { type: 'order', id: order.orderId },
    at,
  });
  return credited ? points : 0;
}

/**
 * Takes back an order's earned points in proportion to what was refunded: after refunds of
 * `refundedTotal` cents of the `goodsPaid` cents of goods, floor(earned × refundedTotal / goodsPaid)
 * points stand reversed in all, so partial refunds add up to the whole once everything is refunded.
 * `refundedTotal` is the order's refunded goods so far, this refund included; `refundId` makes the
 * reversal once per refund. Points already spent are not taken below 0: the reversal is cut to the
 * balance (decision 0032). Answers the points taken back.
 */
export async function reverseOrderPoints(
  db: Db,
  refund: { userId: number; orderId: number; refundId: number | string; refundedTotal: number; goodsPaid: number; at: number },
): Promise<number> {
  if (!db.isTransaction) return db.transaction().execute((trx) => reverseOrderPoints(trx, refund));
  const repo = pointsRepo(db);
  await repo.lockShopper(refund.userId);
  const earned = await repo.amountOf('order', String(refund.orderId), 'order_earned');
  if (earned <= 0 || refund.goodsPaid <= 0) return 0;
  const share = Math.min(Math.max(refund.refundedTotal, 0), refund.goodsPaid);
  const target = Math.floor((earned * share) / refund.goodsPaid);
  const already = -(await repo.sumOfSources('refund', `${refund.orderId}:`, 'order_refunded'));
  const balance = await repo.balance(refund.userId);
  const points = Math.min(target - already, balance);
  if (points <= 0) return 0;
  const entry: PointsEntry = {
    userId: refund.userId,
    points,
    reason: 'order_refunded',
    source: { type: 'refund', id: `${refund.orderId}:${refund.refundId}` },
    at: refund.at,
  };
  return (await repo.append(row(entry, -points))) ? points : 0;
}

/** Gives back, with a refund, the points the shopper spent on the refunded units, once per refund. */
export function returnRefundedPoints(
  db: Db,
  refund: { userId: number; orderId: number; refundId: number; points: number; at: number },
): Promise<boolean> {
  if (refund.points <= 0) return Promise.resolve(false);
  return creditPoints(db, {
    userId: refund.userId,
    points: refund.points,
    reason: 'refund_returned',
    source: { type: 'refund', id: `${refund.orderId}:${refund.refundId}` },
    at: refund.at,
  });
}

/** The points an order earned (0 until it completes). */
export function orderEarnedPoints(db: Db, orderId: number): Promise<number> {
  return pointsRepo(db).amountOf('order', String(orderId), 'order_earned');
}

/** Credits a published review's points (the same whatever its stars), once per review. */
export function creditReviewPoints(db: Db, review: { userId: number; reviewId: number; at: number }): Promise<boolean> {
  return creditPoints(db, {
    userId: review.userId,
    points: REVIEW_POINTS,
    reason: 'review',
    source: { type: 'review', id: review.reviewId },
    at: review.at,
  });
}

/**
 * Takes back a review's points when staff reject it, once per review: what the review earned, cut
 * to the balance when some of it has been spent (as an order's reversal is, decision 0032).
 * Answers the points taken back.
 */
export async function withdrawReviewPoints(
  db: Db,
  review: { userId: number; reviewId: number; at: number; why?: 'review_withdrawn' | 'review_refunded' },
): Promise<number> {
  if (!db.isTransaction) return db.transaction().execute((trx) => withdrawReviewPoints(trx, review));
  const repo = pointsRepo(db);
  await repo.lockShopper(review.userId);
  const earned = await repo.amountOf('review', String(review.reviewId), 'review');
  // taken back once, whichever of a rejection or a refund comes first
  const taken =
    (await repo.amountOf('review', String(review.reviewId), 'review_withdrawn')) +
    (await repo.amountOf('review', String(review.reviewId), 'review_refunded'));
  if (taken < 0) return 0;
  const points = Math.min(earned, await repo.balance(review.userId));
  if (points <= 0) return 0;
  const entry: PointsEntry = {
    userId: review.userId,
    points,
    reason: review.why ?? 'review_withdrawn',
    source: { type: 'review', id: review.reviewId },
    at: review.at,
  };
  return (await repo.append(row(entry, -points))) ? points : 0;
}

/**
 * A staff member's adjustment with its reason, under the shopper's lock: a credit, or a debit the
 * balance must cover (a 400 on `points` naming the balance). Answers the balance after it.
 */
export async function adjustPoints(
  trx: Db,
  adjustment: { userId: number; points: number; staffId: number; note: string; at: number },
): Promise<number> {
  const repo = pointsRepo(trx);
  await repo.lockShopper(adjustment.userId);
  const balance = await repo.balance(adjustment.userId);
  if (balance + adjustment.points < 0) throw AppError.field('points', PointsMessages.belowZero(balance));
  const entry: PointsEntry = {
    userId: adjustment.userId,
    points: Math.abs(adjustment.points),
    reason: 'staff_adjustment',
    source: { type: 'adjustment', id: `${adjustment.staffId}:${adjustment.at}:${randomUUID()}` },
    staffId: adjustment.staffId,
    at: adjustment.at,
  };
  await repo.append({ ...row(entry, adjustment.points), note: adjustment.note });
  return balance + adjustment.points;
}

// ---------------------------------------------------------------- expiry, oldest first

/** An earning and what is left of it once every debit has taken from the oldest earnings first. */
export type PointsLot = { ledgerId: number; earnedAt: number; expiresAt: number; left: number };

/**
 * The shopper's earnings with what is left of each: every debit (spends, reversals, expiries,
 * closing) takes from the oldest earning first (FIFO), so what is left is always the newest.
 */
export function pointsLots(movements: Array<{ id: number; amount: number; created_at: number }>): PointsLot[] {
  let debits = movements.reduce((sum, movement) => sum + (movement.amount < 0 ? -movement.amount : 0), 0);
  const lots: PointsLot[] = [];
  for (const movement of movements) {
    if (movement.amount <= 0) continue;
    const taken = Math.min(debits, movement.amount);
    debits -= taken;
    lots.push({
      ledgerId: movement.id,
      earnedAt: movement.created_at,
      expiresAt: pointsExpireAt(movement.created_at),
      left: movement.amount - taken,
    });
  }
  return lots;
}

/** The points left that expire by `until`, and when the first of them do. */
export function expiringBy(lots: PointsLot[], until: number): { points: number; at: number | null; newest: number | null } {
  const due = lots.filter((lot) => lot.left > 0 && lot.expiresAt <= until);
  return {
    points: due.reduce((sum, lot) => sum + lot.left, 0),
    at: due.length ? Math.min(...due.map((lot) => lot.expiresAt)) : null,
    newest: due.length ? Math.max(...due.map((lot) => lot.ledgerId)) : null,
  };
}

/**
 * Expires the shopper's points whose 12 months have run out by `now`, as one ledger row (its source
 * is the newest earning it closes, so a repeat writes nothing). Answers the points expired.
 */
export async function expirePointsOf(trx: Db, userId: number, now: number): Promise<number> {
  const repo = pointsRepo(trx);
  await repo.lockShopper(userId);
  const due = expiringBy(pointsLots(await repo.movementsOf(userId)), now);
  if (due.points <= 0 || due.newest === null) return 0;
  const entry: PointsEntry = {
    userId,
    points: due.points,
    reason: 'expired',
    source: { type: 'expiry', id: `${userId}:${due.newest}` },
    at: now,
  };
  return (await repo.append(row(entry, -due.points))) ? due.points : 0;
}

/**
 * Tells the shopper, once, of points that expire within POINTS_EXPIRY_NOTICE_DAYS: `points.expiring`
 * is written when an earning newer than the last one told about comes within the notice period.
 */
export async function noticeExpiringPoints(trx: Db, userId: number, now: number): Promise<boolean> {
  const repo = pointsRepo(trx);
  const soon = expiringBy(pointsLots(await repo.movementsOf(userId)), now + POINTS_EXPIRY_NOTICE_MS);
  if (soon.points <= 0 || soon.newest === null || soon.at === null) return false;
  const user = await usersRepo(trx).findById(userId);
  if (user?.status !== 'active') return false;
  const recorded = await repo.recordExpiryNotice({
    user_id: userId,
    ledger_id: soon.newest,
    expires_at: soon.at,
    notified_at: now,
  });
  if (!recorded) return false;
  await emit(trx, 'points.expiring', { user_id: userId, email: user.email, points: soon.points, expires_at: soon.at }, now);
  return true;
}

const EXPIRY_BATCH = 200;
const YEAR_MS = 365 * 86_400_000;

/** The job's backlog: shoppers holding points with an earning 12 months old, who may have points to expire (at most 10,000 counted). */
export async function pointsExpiryBacklog(db: Db, now: number): Promise<number> {
  return (await pointsRepo(db).holdersEarnedBy(now - YEAR_MS, 0, 10_000)).length;
}

/**
 * The points-expiry job's run: for every shopper who may have points due, each in a transaction of
 * its own, the points past their 12 months expire and the points expiring within the notice period
 * are told about once. Safe to repeat: both writes are once per earning.
 */
export async function expireAndNoticePoints(db: Db, now: number): Promise<{ expired: number; noticed: number }> {
  // 12 calendar months are at least 365 days: nothing earned later can be due or need a notice yet
  const earnedBy = now + POINTS_EXPIRY_NOTICE_MS - YEAR_MS;
  const outcome = { expired: 0, noticed: 0 };
  let after = 0;
  for (;;) {
    const holders = await pointsRepo(db).holdersEarnedBy(earnedBy, after, EXPIRY_BATCH);
    for (const userId of holders) {
      await db.transaction().execute(async (trx) => {
        outcome.expired += await expirePointsOf(trx, userId, now);
        if (await noticeExpiringPoints(trx, userId, now)) outcome.noticed += 1;
      });
    }
    if (holders.length < EXPIRY_BATCH) return outcome;
    after = holders[holders.length - 1] as number;
  }
}

// ---------------------------------------------------------------- what the shopper sees

/** The balance, the next points to expire, and the points reviews earned (the orders module adds `pending`). */
export async function pointsOverview(db: Db, userId: number, now: number) {
  const repo = pointsRepo(db);
  const [balance, movements, reviewPoints, withdrawn, refunded] = await Promise.all([
    repo.balance(userId),
    repo.movementsOf(userId),
    repo.sumOf(userId, 'review'),
    repo.sumOf(userId, 'review_withdrawn'),
    repo.sumOf(userId, 'review_refunded'),
  ]);
  const soon = expiringBy(pointsLots(movements), now + POINTS_EXPIRY_NOTICE_MS);
  return {
    balance,
    expiring_points: soon.points,
    expiring_at: soon.at,
    review_points: Math.max(0, reviewPoints + withdrawn + refunded),
  };
}

/** A page of the shopper's points history, newest first. */
export async function pointsLog(db: Db, userId: number, query: { page: number; pagesize: number; reason?: PointsReason }) {
  const { rows, total } = await pointsRepo(db).page(userId, query.page, query.pagesize, query.reason);
  return {
    total,
    data: rows.map((entry) => {
      const reason = entry.reason as PointsReason;
      return {
        id: entry.id,
        points: entry.amount,
        reason,
        label: POINTS_REASON_LABELS[reason] ?? entry.reason,
        order_id: entry.source_type === 'order' ? Number(entry.source_id) : null,
        created_at: entry.created_at,
        expires_at: entry.amount > 0 ? pointsExpireAt(entry.created_at) : null,
      };
    }),
  };
}
