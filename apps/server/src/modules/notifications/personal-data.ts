import type { Db } from '../../db/database';

/** The notification preferences' part of an account's erasure and export (decision 0026). */

/** Removes every choice of the shopper in `trx`. */
export async function eraseNotificationPreferences(trx: Db, userId: number): Promise<void> {
  await trx.deleteFrom('notification_preferences').where('user_id', '=', userId).execute();
}

/** The choices the shopper made (categories not listed follow the marketing consent). */
export function notificationPreferencesOf(db: Db, userId: number) {
  return db
    .selectFrom('notification_preferences')
    .select(['category', 'channel', 'enabled', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('category')
    .orderBy('channel')
    .execute();
}
