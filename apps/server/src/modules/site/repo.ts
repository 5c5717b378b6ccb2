import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { CurrenciesTable } from '../../db/schema';

/** The site's SQL: currencies, site settings, help pages and home pages (catalogue reads go through the catalogue service). */
export function siteRepo(db: Db) {
  return {
    enabledCurrency(code: string) {
      return db
        .selectFrom('currencies')
        .select(['currency_code', 'exchange_rate'])
        .where('currency_code', '=', code)
        .where('enabled', '=', 1)
        .executeTakeFirst();
    },

    enabledCurrencies() {
      return db
        .selectFrom('currencies')
        .select(['id', 'name', 'unit', 'cn_name', 'currency_code', 'exchange_rate', 'sort'])
        .where('enabled', '=', 1)
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },

    currencies() {
      return db.selectFrom('currencies').selectAll().orderBy('sort').orderBy('id').execute();
    },

    currency(id: number) {
      return db.selectFrom('currencies').selectAll().where('id', '=', id).executeTakeFirst();
    },

    currencyByCode(code: string) {
      return db.selectFrom('currencies').selectAll().where('currency_code', '=', code).executeTakeFirst();
    },

    async insertCurrency(values: Omit<Insertable<CurrenciesTable>, 'id'>): Promise<number> {
      const row = await db.insertInto('currencies').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async updateCurrency(id: number, values: Omit<Insertable<CurrenciesTable>, 'id'>) {
      await db.updateTable('currencies').set(values).where('id', '=', id).execute();
    },

    homePage(categoryId: number) {
      return db.selectFrom('home_pages').selectAll().where('category_id', '=', categoryId).executeTakeFirst();
    },

    homePages() {
      return db.selectFrom('home_pages').select(['category_id', 'updated_at']).execute();
    },

    async saveHomePage(row: { category_id: number; layout: string; updated_at: number; updated_by: number }) {
      await db
        .insertInto('home_pages')
        .values(row)
        .onConflict((oc) =>
          oc.column('category_id').doUpdateSet({ layout: row.layout, updated_at: row.updated_at, updated_by: row.updated_by }),
        )
        .execute();
    },

    async deleteHomePage(categoryId: number) {
      await db.deleteFrom('home_pages').where('category_id', '=', categoryId).execute();
    },

    settings(keys: readonly string[]) {
      return db.selectFrom('settings').select(['key', 'value']).where('key', 'in', keys).execute();
    },

    helpPage(key: string) {
      return db.selectFrom('help_pages').selectAll().where('key', '=', key).executeTakeFirst();
    },

    helpPageSummaries() {
      return db.selectFrom('help_pages').select(['key', 'title', 'updated_at']).execute();
    },

    /** Writes a help page, creating it when the key is new. */
    async saveHelpPage(page: { key: string; title: string; body_markdown: string; updated_at: number }) {
      await db
        .insertInto('help_pages')
        .values(page)
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({ title: page.title, body_markdown: page.body_markdown, updated_at: page.updated_at }),
        )
        .execute();
    },
  };
}
