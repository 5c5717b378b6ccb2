import { type TAddressAddRequest, ZAddressAddRequest } from '@shop/contracts/address';
import type { Db } from '../db/database';
import { DEMO_ACCOUNTS } from './accounts';

/**
 * Seed and test factory for an address: checked and written in the stored form by the same rules
 * as the API (so '80202' and 'CO' come out as the API would keep them). Every field can be given.
 */
export async function buildAddress(
  db: Db,
  userId: number,
  input: Partial<TAddressAddRequest> = {},
  now = Date.now(),
): Promise<{ id: number }> {
  const address = ZAddressAddRequest.parse({
    first_name: 'Test',
    last_name: 'Shopper',
    phone: '+12025550143',
    country: 'US',
    state: 'CA',
    city: 'San Francisco',
    address1: '1 Market St',
    postcode: '94105',
    ...input,
  });
  return db
    .insertInto('addresses')
    .values({ ...address, user_id: userId, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** The demo shopper's address book: a default one in Denver and one in London. */
export async function seedAddresses(db: Db, now = Date.now()) {
  const shopper = await db.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNTS.shopper.email).executeTakeFirst();
  if (!shopper) return;
  const { first_name, last_name } = DEMO_ACCOUNTS.shopper;
  await buildAddress(
    db,
    shopper.id,
    {
      first_name,
      last_name,
      phone: '+13035550148',
      country: 'US',
      state: 'CO',
      city: 'Denver',
      address1: '1437 Bannock St',
      address2: 'Apt 4',
      postcode: '80202',
      is_default: 1,
    },
    now,
  );
  await buildAddress(
    db,
    shopper.id,
    {
      first_name,
      last_name,
      phone: '+447400123456',
      country: 'GB',
      state: 'England',
      city: 'London',
      address1: '221B Baker Street',
      postcode: 'NW1 6XE',
      is_default: 0,
    },
    now + 1,
  );
}
