import { type Kysely, sql } from 'kysely';
import { idColumn, time } from './columns';

/**
 * The storefront's site tables: currencies and help pages (the site config's settings live in
 * `settings`). Their content is the reference seed's (`seed/reference.ts`), written at every start
 * where missing: a migration is frozen text and writes no content (decision 0023).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db, db.schema.createTable('currencies').ifNotExists())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('unit', 'varchar(8)', (c) => c.notNull())
    .addColumn('cn_name', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('currency_code', 'varchar(3)', (c) => c.notNull().unique())
    // decimal text, so that a rate is kept exactly as written (decision 0001: no float columns)
    .addColumn('exchange_rate', 'varchar(24)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('help_pages')
    .ifNotExists()
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(120)', (c) => c.notNull())
    .addColumn('body_markdown', 'text', (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from settings where key like 'site.%'`.execute(db);
  await db.schema.dropTable('help_pages').ifExists().execute();
  await db.schema.dropTable('currencies').ifExists().execute();
}
