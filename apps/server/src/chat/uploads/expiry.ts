import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { FileStorage } from '../../infra/storage/file-storage';

const BATCH = 200;

/**
 * One pass: deletes the uploads whose time is up (spec 9: destroyed after 3 days), file first and
 * row second, so a row never outlives its file by more than one pass and a file is never orphaned.
 * A file that cannot be deleted keeps its row for the next pass. Returns how many went.
 */
export async function expireUploads(db: Db, storage: FileStorage, now: number, log?: FastifyBaseLogger): Promise<number> {
  let expired = 0;
  let lastId = 0;
  while (true) {
    const rows = await db
      .selectFrom('chat_uploads')
      .select(['id', 'storage_key'])
      .where('expires_at', '<', now)
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return expired;
    lastId = rows[rows.length - 1]?.id ?? lastId;
    const removed: number[] = [];
    for (const row of rows) {
      try {
        await storage.remove(row.storage_key);
        removed.push(row.id);
      } catch (error) {
        log?.warn({ err: error, upload: row.id }, 'chat upload file could not be deleted; retried next pass');
      }
    }
    if (removed.length) await db.deleteFrom('chat_uploads').where('id', 'in', removed).execute();
    expired += removed.length;
    if (rows.length < BATCH) return expired;
  }
}
