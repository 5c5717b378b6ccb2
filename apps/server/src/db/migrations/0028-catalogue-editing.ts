import type { Kysely } from 'kysely';

/**
 * The back office's catalogue (decision 0043): each product picture gets its alternative text,
 * written by staff in the product editor and read out by screen readers on the storefront.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('goods_images')
    .addColumn('alt', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('goods_images').dropColumn('alt').execute();
}
