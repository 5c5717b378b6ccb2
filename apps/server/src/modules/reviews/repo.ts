import type { TReviewSort, TReviewStatus } from '@shop/contracts/reviews';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import { pageOf } from '../../db/paging';
import type { ReviewPhotosTable, ReviewsTable } from '../../db/schema';

export type ReviewRow = Selectable<ReviewsTable>;
/** A review with what is shown with it: the line's product and the reviewer's name. */
export type ReviewView = ReviewRow & {
  goods_name: string;
  goods_url: string;
  image: string;
  sku_text: string;
  first_name: string;
  last_name: string;
};

export type GoodsFilter = { goodsId: number; rating?: number; withPhotos?: boolean; sort: TReviewSort };

/** The reviews' SQL. */
export function reviewsRepo(db: Db) {
  const viewed = () =>
    db
      .selectFrom('reviews')
      .innerJoin('order_items', 'order_items.id', 'reviews.order_item_id')
      .innerJoin('users', 'users.id', 'reviews.user_id')
      .selectAll('reviews')
      .select([
        'order_items.goods_name',
        'order_items.goods_url',
        'order_items.image',
        'order_items.sku_text',
        'users.first_name',
        'users.last_name',
      ]);

  function goodsQuery(filter: GoodsFilter) {
    let query = viewed().where('reviews.goods_id', '=', filter.goodsId).where('reviews.status', '=', 'published');
    if (filter.rating !== undefined) query = query.where('reviews.rating', '=', filter.rating);
    if (filter.withPhotos) {
      query = query.where((eb) =>
        eb.exists(
          eb.selectFrom('review_photos').select('review_photos.id').whereRef('review_photos.review_id', '=', 'reviews.id'),
        ),
      );
    }
    return query;
  }

  return {
    /** The line's review, unless the line has one already (then undefined: one review per line). */
    async insert(row: Insertable<ReviewsTable>): Promise<number | undefined> {
      const inserted = await db
        .insertInto('reviews')
        .values(row)
        .onConflict((oc) => oc.column('order_item_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted?.id;
    },

    async countOfOrder(orderId: number): Promise<number> {
      const row = await db
        .selectFrom('reviews')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('order_id', '=', orderId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    find(id: number): Promise<ReviewRow | undefined> {
      return db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirst();
    },

    view(id: number): Promise<ReviewView | undefined> {
      return viewed().where('reviews.id', '=', id).executeTakeFirst();
    },

    /** Moves a review only if it is still in `from`; answers whether it moved. */
    async move(id: number, from: TReviewStatus[], changes: Updateable<ReviewsTable>): Promise<boolean> {
      const updated = await db
        .updateTable('reviews')
        .set(changes)
        .where('id', '=', id)
        .where('status', 'in', from)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    /** Writes (or clears) the shop's reply on the review's row. */
    async setReply(
      id: number,
      changes: { reply: string | null; reply_at: number | null; reply_by: number | null },
    ): Promise<void> {
      await db.updateTable('reviews').set(changes).where('id', '=', id).execute();
    },

    async goodsPage(filter: GoodsFilter, page: number, size: number): Promise<{ rows: ReviewView[]; total: number }> {
      return pageOf(
        filter.sort === 'helpful'
          ? goodsQuery(filter).orderBy('reviews.likes', 'desc').orderBy('reviews.id', 'desc')
          : goodsQuery(filter).orderBy('reviews.created_at', 'desc').orderBy('reviews.id', 'desc'),
        goodsQuery(filter)
          .clearSelect()
          .select((eb) => eb.fn.countAll<number | string>().as('n')),
        page,
        size,
      );
    },

    /** How many published reviews of the product have each rating. */
    histogram(goodsId: number) {
      return db
        .selectFrom('reviews')
        .select(['rating', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('goods_id', '=', goodsId)
        .where('status', '=', 'published')
        .groupBy('rating')
        .execute();
    },

    ofUser(userId: number): Promise<ReviewView[]> {
      return viewed().where('reviews.user_id', '=', userId).orderBy('reviews.id', 'desc').execute();
    },

    async byStatus(status: TReviewStatus, page: number, size: number): Promise<{ rows: ReviewView[]; total: number }> {
      return pageOf(
        viewed()
          .where('reviews.status', '=', status)
          .orderBy('reviews.id', status === 'pending' ? 'asc' : 'desc'),
        db
          .selectFrom('reviews')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('status', '=', status),
        page,
        size,
      );
    },

    // ------------------------------------------------------------ photos

    async insertPhoto(row: Insertable<ReviewPhotosTable>): Promise<void> {
      await db
        .insertInto('review_photos')
        .values(row)
        .onConflict((oc) => oc.column('url').doNothing())
        .execute();
    },

    /** Gives the shopper's unused photos to a review, in order; answers how many were given. */
    async attachPhotos(userId: number, reviewId: number, urls: string[]): Promise<number> {
      let attached = 0;
      for (const [position, url] of urls.entries()) {
        const updated = await db
          .updateTable('review_photos')
          .set({ review_id: reviewId, position })
          .where('user_id', '=', userId)
          .where('url', '=', url)
          .where('review_id', 'is', null)
          .executeTakeFirst();
        attached += Number(updated.numUpdatedRows);
      }
      return attached;
    },

    async photosOf(reviewIds: number[]): Promise<Map<number, string[]>> {
      const byReview = new Map<number, string[]>();
      if (reviewIds.length === 0) return byReview;
      const rows = await db
        .selectFrom('review_photos')
        .select(['review_id', 'url'])
        .where('review_id', 'in', reviewIds)
        .orderBy('review_id')
        .orderBy('position')
        .execute();
      for (const row of rows) {
        if (row.review_id === null) continue;
        byReview.set(row.review_id, [...(byReview.get(row.review_id) ?? []), row.url]);
      }
      return byReview;
    },

    // ------------------------------------------------------------ likes

    /** Adds the shopper's like, or takes it away when there is one; answers whether it is liked now. */
    async toggleLike(reviewId: number, userId: number, at: number): Promise<boolean> {
      const removed = await db
        .deleteFrom('review_likes')
        .where('review_id', '=', reviewId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 1) {
        await db
          .updateTable('reviews')
          .set((eb) => ({ likes: eb('likes', '-', 1) }))
          .where('id', '=', reviewId)
          .execute();
        return false;
      }
      const added = await db
        .insertInto('review_likes')
        .values({ review_id: reviewId, user_id: userId, created_at: at })
        .onConflict((oc) => oc.columns(['review_id', 'user_id']).doNothing())
        .returning('review_id')
        .executeTakeFirst();
      if (!added) return true;
      await db
        .updateTable('reviews')
        .set((eb) => ({ likes: eb('likes', '+', 1) }))
        .where('id', '=', reviewId)
        .execute();
      return true;
    },

    async likedAmong(userId: number, reviewIds: number[]): Promise<Set<number>> {
      if (reviewIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('review_likes')
        .select('review_id')
        .where('user_id', '=', userId)
        .where('review_id', 'in', reviewIds)
        .execute();
      return new Set(rows.map((row) => row.review_id));
    },

    async likes(reviewId: number): Promise<number> {
      const row = await db.selectFrom('reviews').select('likes').where('id', '=', reviewId).executeTakeFirst();
      return row?.likes ?? 0;
    },

    /** Holds the review's row for the rest of the transaction, so toggles of one review queue. */
    async hold(reviewId: number): Promise<void> {
      await db
        .updateTable('reviews')
        .set((eb) => ({ likes: eb.ref('likes') }))
        .where('id', '=', reviewId)
        .execute();
    },
  };
}
