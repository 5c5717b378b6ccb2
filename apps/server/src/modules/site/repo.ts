import type { Db } from '../../db/database';

/** The site's SQL: currencies, site settings and help pages (catalogue reads go through the catalogue service). */
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
