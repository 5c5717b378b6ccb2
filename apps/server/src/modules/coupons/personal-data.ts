import type { Db } from '../../db/database';
import { couponsRepo } from './repo';

/**
 * The coupons module's part of an account's export and erasure (decision 0026): the export lists
 * every coupon the shopper held; erasure removes the unused ones (a cancelled account uses none)
 * and keeps the used ones with the orders that used them. The welcome offers' claims are hashes
 * of an address or number, kept so an offer is not taken twice (decision 0029).
 */
export function couponsOf(db: Db, userId: number) {
  return couponsRepo(db).allOf(userId);
}

export async function eraseCoupons(trx: Db, userId: number): Promise<void> {
  await couponsRepo(trx).deleteUnused(userId);
}
