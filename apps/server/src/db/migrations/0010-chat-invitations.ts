import type { Kysely } from 'kysely';
import { time } from './columns';

/**
 * The agent who last invited a visitor, and when: the visitor's first message after accepting
 * goes to that agent while they are available (decision 0014).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_tourists').addColumn('invited_by', 'integer').execute();
  await db.schema
    .alterTable('chat_tourists')
    .addColumn('invited_at', time, (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_tourists').dropColumn('invited_at').execute();
  await db.schema.alterTable('chat_tourists').dropColumn('invited_by').execute();
}
