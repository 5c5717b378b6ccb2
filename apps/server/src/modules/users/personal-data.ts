import type { Db } from '../../db/database';
import { pointsRepo, usersRepo } from './repo';

/**
 * The users module's part of an account's erasure and of its export (decision 0026). The row of a
 * cancelled account stays, so that its orders and ledger still name an account, but it holds
 * nothing of the person: no names, phone, avatar or password, and an address that cannot receive
 * mail and frees the real one to register again.
 */

/** The address a cancelled account keeps: unique per account, under a reserved domain that never receives mail. */
export const erasedEmail = (userId: number) => `cancelled-${userId}@erased.invalid`;

/** Erases the shopper's personal fields in `trx`; true when the account was active (and is now cancelled). */
export async function eraseUser(trx: Db, userId: number, at: number): Promise<boolean> {
  const result = await trx
    .updateTable('users')
    .set({
      email: erasedEmail(userId),
      password_hash: '',
      first_name: '',
      last_name: '',
      mobile: '',
      dial_code: '',
      avatar: '',
      marketing_consent: 0,
      marketing_consent_at: null,
      email_verified_at: null,
      status: 'cancelled',
      updated_at: at,
    })
    .where('id', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The account row, in `db` or the caller's transaction (on PostgreSQL, held until it ends). */
export async function accountOf(db: Db, userId: number) {
  await pointsRepo(db).lockShopper(userId);
  return usersRepo(db).findById(userId);
}

/** The profile as the shop holds it, without the password's hash. */
export async function profileOf(db: Db, userId: number) {
  const user = await usersRepo(db).findById(userId);
  if (!user) return null;
  const { password_hash: _hash, ...profile } = user;
  return profile;
}
