import type { Kysely } from 'kysely';
import { time } from './columns';

/**
 * The shop's public reply to a review (decision 0054): at most one per review, kept on the review's
 * row — its text, when it was last written and by which staff member. No reply: all three are null.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reviews').addColumn('reply', 'text').execute();
  await db.schema.alterTable('reviews').addColumn('reply_at', time).execute();
  await db.schema
    .alterTable('reviews')
    .addColumn('reply_by', 'integer', (c) => c.references('staff.id'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['reply_by', 'reply_at', 'reply']) {
    await db.schema.alterTable('reviews').dropColumn(column).execute();
  }
}
