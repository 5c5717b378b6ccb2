import type { Db } from '../../db/database';

/** On-sale goods have status 1. */
const ON_SALE = 1;

/** The site's SQL: currencies, site settings, help pages, and the catalogue reads of the home and the sitemap. */
export function siteRepo(db: Db) {
  return {
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

    /** Sales and the latest change of the on-sale goods, per category that holds any. */
    goodsStatsByCategory() {
      return db
        .selectFrom('goods')
        .select((eb) => [
          'category_id',
          eb.fn.sum<number | string>('sales').as('sales'),
          eb.fn.max<number | string>('updated_at').as('updated_at'),
        ])
        .where('status', '=', ON_SALE)
        .groupBy('category_id')
        .execute();
    },

    /** The best sellers among the on-sale goods of the given categories. */
    bestSellers(categoryIds: number[], limit: number) {
      if (categoryIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('goods')
        .select(['id', 'name', 'url', 'min_price', 'discount'])
        .where('status', '=', ON_SALE)
        .where('category_id', 'in', categoryIds)
        .orderBy('sales', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    goodsImages(goodsIds: number[]) {
      if (goodsIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('goods_images')
        .select(['goods_id', 'url'])
        .where('goods_id', 'in', goodsIds)
        .orderBy('goods_id')
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },

    /** Every on-sale product's page address and last change, for the sitemap. */
    onSaleGoodsUrls() {
      return db.selectFrom('goods').select(['url', 'updated_at']).where('status', '=', ON_SALE).orderBy('id').execute();
    },
  };
}
