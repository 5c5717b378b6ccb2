import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * The reviews' part of an account's export and erasure (decisions 0026, 0041). A review is public
 * content written by a verified buyer: erasing the account keeps it, naming no one (its author's
 * name comes from the erased profile), while the likes the shopper gave are taken back — with the
 * counters they added to — and the photos uploaded but never used in a review are forgotten.
 */

/** The shopper's reviews with their photos, the likes they gave and the photos never used. */
export async function reviewsOf(db: Db, userId: number) {
  const [reviews, photos, likes] = await Promise.all([
    db
      .selectFrom('reviews')
      .select(['id', 'order_id', 'goods_id', 'rating', 'content', 'fit', 'status', 'reject_reason', 'likes', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('review_photos')
      .select(['review_id', 'url', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('review_likes')
      .select(['review_id', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('review_id')
      .execute(),
  ]);
  return {
    reviews: reviews.map((review) => ({
      ...review,
      photos: photos.filter((photo) => photo.review_id === review.id).map((photo) => photo.url),
    })),
    unused_photos: photos.filter((photo) => photo.review_id === null).map((photo) => photo.url),
    likes_given: likes,
  };
}

/** In `trx`: the shopper's likes come off (and off the reviews' counters); photos never used are forgotten. */
export async function eraseReviewsOf(trx: Db, userId: number): Promise<void> {
  await sql`update reviews set likes = likes - 1
    where id in (select review_id from review_likes where user_id = ${userId})`.execute(trx);
  await trx.deleteFrom('review_likes').where('user_id', '=', userId).execute();
  await trx.deleteFrom('review_photos').where('user_id', '=', userId).where('review_id', 'is', null).execute();
}
