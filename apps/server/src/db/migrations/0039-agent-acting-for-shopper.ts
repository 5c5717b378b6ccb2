import type { Kysely } from 'kysely';

/**
 * A return request an agent started for the shopper from the console's contact panel (decision
 * 0059) keeps who did it: the staff member, null when the shopper asked themselves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('returns')
    .addColumn('acting_staff_id', 'integer', (c) => c.references('staff.id'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('returns').dropColumn('acting_staff_id').execute();
}
