import type { Kysely } from 'kysely';

/** A visitor's live uploads are summed before each upload (decision 0014): found by uploader. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('chat_uploads_uploader')
    .on('chat_uploads')
    .columns(['uploader_type', 'uploader_id', 'expires_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('chat_uploads_uploader').execute();
}
