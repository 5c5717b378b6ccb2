import type { Db } from '../../db/database';

/** The address book's part of an account's erasure and export (decision 0026). */

/** Deletes every address of the shopper in `trx` (orders keep their own copy of the address). */
export async function eraseAddresses(trx: Db, userId: number): Promise<void> {
  await trx.deleteFrom('addresses').where('user_id', '=', userId).execute();
}

/** The shopper's address book. */
export function addressesOf(db: Db, userId: number) {
  return db
    .selectFrom('addresses')
    .select([
      'first_name',
      'last_name',
      'phone',
      'country',
      'state',
      'city',
      'address1',
      'address2',
      'postcode',
      'is_default',
      'created_at',
      'updated_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}
