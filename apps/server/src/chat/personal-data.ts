import type { Db } from '../db/database';
import { chatStore } from './store';

/** The chat's part of an account's erasure and export (decision 0026). */

/** Erases the nickname, avatar and trail of the shopper's chat identities in `trx`. */
export async function eraseChatIdentity(trx: Db, userId: number): Promise<void> {
  await chatStore(trx).eraseTouristsOfUser(userId);
}

/** The shopper's chat identities and transcripts. */
export async function chatOf(db: Db, userId: number) {
  const tourists = await db
    .selectFrom('chat_tourists')
    .select(['nickname', 'avatar', 'language', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return { identities: tourists, transcripts: await chatStore(db).transcriptsOfUser(userId) };
}
