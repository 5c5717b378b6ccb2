import type { Db } from '../../db/database';

/** The feedback's part of an account's erasure and export (decision 0026). */

/** The shopper's feedback stays as anonymous feedback: only the link to the account goes, in `trx`. */
export async function unlinkFeedbackOf(trx: Db, userId: number): Promise<void> {
  await trx.updateTable('feedback').set({ user_id: null }).where('user_id', '=', userId).execute();
}

/** The feedback the shopper sent signed in. */
export function feedbackOf(db: Db, userId: number) {
  return db
    .selectFrom('feedback')
    .select([
      'website',
      'feedback',
      'product_rating',
      'delivery_rating',
      'service_rating',
      'trust_recommend_rating',
      'created_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}
