import type { Kysely } from 'kysely';

/**
 * Each agent's cap on open conversations (decision 0056): null takes the chat settings' default;
 * otherwise 1 to 50. The routing reads it at every assignment.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('staff').addColumn('chat_cap', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('staff').dropColumn('chat_cap').execute();
}
