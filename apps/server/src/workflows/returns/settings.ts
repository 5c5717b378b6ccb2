import { RETURN_WINDOW_DAYS } from '@shop/contracts/returns';
import type { Db } from '../../db/database';

/** The shop's settings for returns: how long after delivery a return may be asked, and where parcels go. */

export const RETURN_WINDOW_SETTING = 'returns.window_days';
export const RETURN_ADDRESS_SETTING = 'returns.address';
export const DEFAULT_RETURN_ADDRESS =
  'Returns, Fashion Shop Warehouse, 100 Harbor Road, Unit 5, Oakland, CA 94607, United States';

async function setting(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** The days after delivery a return may be asked for: the shop's setting, or 30. */
export async function returnWindowDays(db: Db): Promise<number> {
  const days = Number(await setting(db, RETURN_WINDOW_SETTING));
  return Number.isInteger(days) && days >= 0 && days <= 365 ? days : RETURN_WINDOW_DAYS;
}

/** Where the shopper sends the parcel: the shop's setting, or the warehouse. */
export async function returnAddress(db: Db): Promise<string> {
  return (await setting(db, RETURN_ADDRESS_SETTING))?.trim() || DEFAULT_RETURN_ADDRESS;
}
