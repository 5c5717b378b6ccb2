import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { pointsRepo } from './repo';

/**
 * A shopper's points: an append-only ledger (decision 0023). Every change is a row with a signed
 * amount, a reason and its source; a source moves points once per reason, and the balance is the
 * sum of the shopper's rows. A spend is checked against the balance in the same transaction as it
 * is written, behind the shopper's row lock, so concurrent spends never take the balance below 0.
 */

/** Why points moved. */
export type PointsReason =
  | 'opening_balance'
  | 'order_spend'
  | 'order_cancelled'
  | 'staff_adjustment'
  | 'account_closed'
  /** a coupon bought with points (RedeemPointsMore) */
  | 'coupon_redeem';
/** What moved them: an order, the account itself (an opening balance), a staff adjustment, a shopper's coupon. */
export type PointsSourceType = 'order' | 'account' | 'adjustment' | 'coupon';

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

export const PointsMessages = {
  balance: (available: number) => `You have ${available} points`,
} as const;

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
