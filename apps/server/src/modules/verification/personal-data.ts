import type { Db } from '../../db/database';

/** Forgets the e-mail codes issued for the account, in `trx` (a cancelled account has no use for them). */
export async function eraseCodesOf(trx: Db, userId: number): Promise<void> {
  await trx.deleteFrom('email_codes').where('user_id', '=', userId).execute();
}
