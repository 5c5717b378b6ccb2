import type { Db } from '../../db/database';

/** The reviews module's part of returns (decision 0047). */

/** Of these photo addresses, the ones this shopper uploaded (a return's photos are the shopper's own uploads). */
export async function ownUploads(db: Db, userId: number, urls: readonly string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await db
    .selectFrom('review_photos')
    .select('url')
    .where('user_id', '=', userId)
    .where('url', 'in', [...urls])
    .execute();
  return new Set(rows.map((row) => row.url));
}

/** The reviews written for these order lines (their points go when the line is refunded in full). */
export function reviewsOfLines(db: Db, lineIds: readonly number[]) {
  if (lineIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('reviews')
    .select(['id', 'user_id', 'order_item_id'])
    .where('order_item_id', 'in', [...lineIds])
    .execute();
}
