import type { Kysely } from 'kysely';
import { time } from './columns';

/**
 * The home pages staff set in the back office (decision 0045): one row per top category whose page
 * is no longer made from the catalogue alone. `layout` is the JSON of what staff chose (banners,
 * hot recommendations, the three-image row, featured goods by id); a category without a row keeps
 * the page made from the catalogue.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('home_pages')
    .addColumn('category_id', 'integer', (c) => c.primaryKey().references('categories.id').onDelete('cascade'))
    .addColumn('layout', 'text', (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.notNull().references('staff.id'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('home_pages').execute();
}
