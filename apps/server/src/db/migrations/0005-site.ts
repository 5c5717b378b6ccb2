import type { Kysely } from 'kysely';
import { DEFAULT_CURRENCIES, SITE_SETTING_DEFAULTS } from '../../modules/site/defaults';
import { DEFAULT_HELP_PAGES } from '../../modules/site/help';
import { idColumn, time } from './columns';

/** The tables this migration writes, as it knows them (the schema may grow later). */
type SiteTables = {
  settings: { key: string; value: string };
  currencies: {
    name: string;
    unit: string;
    cn_name: string;
    currency_code: string;
    exchange_rate: string;
    sort: number;
    enabled: number;
  };
  help_pages: { key: string; title: string; body_markdown: string; updated_at: number };
};

/**
 * The storefront's site data: currencies, help pages and the site config's settings. The
 * reference content is written here, not by the demo seed, so that shops created before this
 * migration get it too; every insert leaves an existing row as it is.
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

  const site = db as unknown as Kysely<SiteTables>;
  await site
    .insertInto('currencies')
    .values(DEFAULT_CURRENCIES.map((currency, sort) => ({ ...currency, sort, enabled: 1 })))
    .onConflict((oc) => oc.column('currency_code').doNothing())
    .execute();

  const now = Date.now();
  await site
    .insertInto('help_pages')
    .values(DEFAULT_HELP_PAGES.map((page) => ({ ...page, updated_at: now })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();

  await site
    .insertInto('settings')
    .values(Object.entries(SITE_SETTING_DEFAULTS).map(([key, value]) => ({ key, value })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const site = db as unknown as Kysely<SiteTables>;
  await site.deleteFrom('settings').where('key', 'in', Object.keys(SITE_SETTING_DEFAULTS)).execute();
  await db.schema.dropTable('help_pages').ifExists().execute();
  await db.schema.dropTable('currencies').ifExists().execute();
}
