import { SHOP_NAME } from '@shop/contracts';
import type { TCategory } from '@shop/contracts/catalog';
import {
  APP_STORE_KEYS,
  HELP_PAGE_KEYS,
  helpPagePath,
  SOCIAL_NETWORKS,
  type TCurrency,
  type THeadNavLink,
  type THelpPage,
  type THelpPageEditRequest,
  type THelpPageSummary,
  type THomeConfig,
  type TSettingValue,
  type TSiteConfig,
  ZHeadNavLink,
} from '@shop/contracts/site';
import type { THomeLayout } from '@shop/contracts/site-admin';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/errors';
import type { PubSub } from '../../infra/pubsub';
import { recordAudit } from '../audit';
import type { CatalogService } from '../catalog';
import { isSiteSettingKey, SITE_SETTING_DEFAULTS, SITE_SETTING_PREFIX, type SiteSettings } from './defaults';
import {
  buildHomeConfig,
  categoryHomePath,
  classifyPath,
  FEATURED_PRODUCTS_COUNT,
  featuredProduct,
  parseHomeLayout,
  productPath,
  subtreeIds,
  withLayout,
} from './home-config';
import { siteRepo } from './repo';
import { type SitemapEntry, sitemapFile } from './seo-files';

/**
 * How long each instance keeps what it read. Currencies and settings change rarely; the home
 * configuration is read on every home render; the sitemap is the heaviest read.
 */
const CURRENCIES_TTL_MS = 60_000;
const SETTINGS_TTL_MS = 60_000;
const HOME_TTL_MS = 30_000;
const HELP_LIST_TTL_MS = 60_000;
const SITEMAP_TTL_MS = 300_000;

/** A value loaded at most once per `ttlMs` per key (oldest key dropped past `maxKeys`); concurrent misses share one load. */
function ttlCache<K, V>(ttlMs: number, maxKeys = 32) {
  const entries = new Map<K, { at: number; value: Promise<V> }>();
  return {
    get(key: K, load: () => Promise<V>): Promise<V> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && now - hit.at < ttlMs) return hit.value;
      entries.delete(key);
      if (entries.size >= maxKeys) entries.delete(entries.keys().next().value as K);
      const value = load();
      entries.set(key, { at: now, value });
      // A failed load is not kept: the next request tries again.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}

const ZHeadNav = z.array(ZHeadNavLink);

/** A stored JSON list of header links; the default when the stored text is not one. */
function parseHeadNav(text: string): THeadNavLink[] {
  for (const candidate of [text, SITE_SETTING_DEFAULTS['site.head_nav']]) {
    try {
      const parsed = ZHeadNav.safeParse(JSON.parse(candidate));
      if (parsed.success) return parsed.data;
    } catch {
      // not JSON: try the default
    }
  }
  return [];
}

const helpOrder = new Map<string, number>(HELP_PAGE_KEYS.map((key, i) => [key, i]));
/** The help center's order: the known pages as HELP_PAGE_KEYS lists them, then the others by key. */
const byHelpOrder = (a: { key: string }, b: { key: string }) =>
  (helpOrder.get(a.key) ?? HELP_PAGE_KEYS.length) - (helpOrder.get(b.key) ?? HELP_PAGE_KEYS.length) || a.key.localeCompare(b.key);

type HelpRow = { key: string; title: string; body_markdown: string; updated_at: number };
const presentHelpPage = (row: HelpRow): THelpPage => ({
  key: row.key,
  title: row.title,
  body_markdown: row.body_markdown,
  updated_at: new Date(row.updated_at).toISOString(),
});

/** Every instance listens here, so that a change staff make shows at once on all of them. */
const INVALIDATION_CHANNEL = 'site:invalidate';

type Deps = {
  db: Db;
  catalog: CatalogService;
  /** between instances: a staff change drops what every instance keeps (in-process without it) */
  pubsub?: PubSub;
  clock?: () => number;
  /** called after staff change what pages show, so that cached pages can be dropped */
  onContentChange?: () => void;
};

const US_DOLLAR = { currency_code: 'USD', exchange_rate: '1' };

/** The currency an order records what the shopper saw in: an enabled one by its code, else US dollars. */
export async function orderCurrency(db: Db, code: string | undefined): Promise<{ currency_code: string; exchange_rate: string }> {
  if (!code || code === 'USD') return US_DOLLAR;
  return (await siteRepo(db).enabledCurrency(code)) ?? US_DOLLAR;
}

/** The storefront's site data: currencies, the site config, home configurations, help pages, sitemap. */
export function createSiteService({ db, catalog, pubsub, clock = Date.now, onContentChange }: Deps) {
  const repo = siteRepo(db);
  const currencyCache = ttlCache<'all', TCurrency[]>(CURRENCIES_TTL_MS);
  const settingsCache = ttlCache<'all', SiteSettings>(SETTINGS_TTL_MS);
  const goodsStatsCache = ttlCache<'all', { sales: Map<number, number>; updatedAt: Map<number, number> }>(HOME_TTL_MS);
  const homeCache = ttlCache<string, THomeConfig>(HOME_TTL_MS);
  const helpListCache = ttlCache<'all', Array<THelpPageSummary & { updated_at: number }>>(HELP_LIST_TTL_MS);
  const sitemapEntriesCache = ttlCache<'all', SitemapEntry[]>(SITEMAP_TTL_MS);
  const sitemapFileCache = ttlCache<string, string | null>(SITEMAP_TTL_MS);

  const settings = () =>
    settingsCache.get('all', async () => {
      const values: SiteSettings = { ...SITE_SETTING_DEFAULTS };
      for (const row of await repo.settings(Object.keys(SITE_SETTING_DEFAULTS))) {
        if (isSiteSettingKey(row.key)) values[row.key] = row.value;
      }
      return values;
    });

  const goodsStats = () => goodsStatsCache.get('all', () => catalog.categoryStats());

  const helpSummaries = () => helpListCache.get('all', async () => (await repo.helpPageSummaries()).sort(byHelpOrder));

  /** The layout staff saved for a top category (decision 0045); null: the page is made from the catalogue. */
  async function savedLayout(categoryId: number): Promise<THomeLayout | null> {
    const row = await repo.homePage(categoryId);
    return row ? parseHomeLayout(row.layout) : null;
  }

  async function buildHome(top: TCategory, tops: TCategory[]): Promise<THomeConfig> {
    const layout = await savedLayout(top.id);
    const chosen = layout?.featured_goods_ids.length ? layout.featured_goods_ids : null;
    // the category home's best sellers, from the catalogue (cached there, and dropped when goods change)
    const [{ sales }, featured] = await Promise.all([
      goodsStats(),
      chosen
        ? catalog.onSaleItems(chosen)
        : catalog.categoryHome(top.id).then((home) => home.goods.slice(0, FEATURED_PRODUCTS_COUNT)),
    ]);
    const config = buildHomeConfig({ top, tops, salesByCategory: sales, featured: featured.map(featuredProduct) });
    return layout ? withLayout(config, layout, tops) : config;
  }

  /** Every address of the sitemap, origin left out, with the time its content last changed. */
  async function sitemapEntries(): Promise<SitemapEntry[]> {
    const [tops, { updatedAt }, help, goods] = await Promise.all([
      catalog.tree(),
      goodsStats(),
      helpSummaries(),
      catalog.productPages(),
    ]);
    const latestIn = (category: TCategory) => {
      const times = subtreeIds(category)
        .map((id) => updatedAt.get(id))
        .filter((t): t is number => t !== undefined);
      return times.length ? Math.max(...times) : undefined;
    };
    const allTimes = [...updatedAt.values()];
    const latest = allTimes.length ? Math.max(...allTimes) : undefined;

    const entries: SitemapEntry[] = [
      { path: '/', lastmod: latest },
      { path: '/recommend/recommend', lastmod: latest },
    ];
    for (const top of tops) entries.push({ path: categoryHomePath(top), lastmod: latestIn(top) });
    const walk = (nodes: TCategory[]) => {
      for (const node of nodes) {
        entries.push({ path: classifyPath(node), lastmod: latestIn(node) });
        walk(node.children);
      }
    };
    walk(tops);
    for (const page of help) entries.push({ path: helpPagePath(page), lastmod: page.updated_at });
    for (const product of goods) entries.push({ path: productPath(product.url), lastmod: product.updated_at });
    return entries;
  }

  /** Drops everything this instance keeps in memory (after the catalogue or settings change). */
  function forget() {
    for (const cache of [
      currencyCache,
      settingsCache,
      goodsStatsCache,
      homeCache,
      helpListCache,
      sitemapEntriesCache,
      sitemapFileCache,
    ]) {
      cache.clear();
    }
  }

  /** After a staff write: this instance forgets at once (and its rendered pages), the others when told. */
  async function changed() {
    forget();
    onContentChange?.();
    await pubsub?.publish(INVALIDATION_CHANNEL, String(clock()));
  }

  return {
    /** Listens for the other instances' changes; resolves once the subscription is live. */
    async listen(): Promise<void> {
      await pubsub?.subscribe(INVALIDATION_CHANNEL, () => {
        forget();
        onContentChange?.();
      });
    },

    changed,

    /** spec 7: GET /api/exchange/rate/list — USD first, then the shop's order. */
    async currencies(): Promise<{ data: TCurrency[]; total: number }> {
      const data = await currencyCache.get('all', async () => {
        const rows = await repo.enabledCurrencies();
        return rows
          .map((row) => ({
            id: row.id,
            name: row.name,
            unit: row.unit,
            cn_name: row.cn_name,
            currency_code: row.currency_code,
            exchange_rate: Number(row.exchange_rate),
            sort: row.sort,
          }))
          .filter((currency) => Number.isFinite(currency.exchange_rate) && currency.exchange_rate > 0)
          .sort((a, b) => Number(b.currency_code === 'USD') - Number(a.currency_code === 'USD') || a.sort - b.sort || a.id - b.id)
          .map(({ sort: _sort, ...currency }) => currency);
      });
      return { data, total: data.length };
    },

    /** spec 3 "Site config": GET /shop/common/setting. */
    async siteConfig(): Promise<TSiteConfig> {
      const s = await settings();
      return {
        siteName: SHOP_NAME,
        version: s['site.version'],
        cdnUrl: s['site.cdn_url'],
        apiUrl: s['site.api_url'],
        upload: { mode: s['site.upload_mode'] },
        headNav: parseHeadNav(s['site.head_nav']),
        recordNumber: s['site.record_number'],
        cdnUrlParams: s['site.cdn_url_params'],
        initialize: s['site.initialize'] === '1',
        userInitialize: s['site.user_initialize'] === '1',
        socialcontact: Object.fromEntries(
          SOCIAL_NETWORKS.map((network) => [network, s[`site.social.${network}`]]),
        ) as TSiteConfig['socialcontact'],
        app_info: { store_list: APP_STORE_KEYS.map((key) => ({ key, value: s[`site.app.${key}`] })) },
        company: {
          address: s['site.company.address'],
          phone: s['site.company.phone'],
          email: s['site.company.email'],
        },
      };
    },

    /** GET /api/setting/value: one public setting, named with or without its `site.` prefix. */
    async settingValue(settingKey: string): Promise<TSettingValue> {
      const key = settingKey.startsWith(SITE_SETTING_PREFIX) ? settingKey : `${SITE_SETTING_PREFIX}${settingKey}`;
      if (!isSiteSettingKey(key)) throw AppError.notFound('Setting not found');
      const s = await settings();
      return { setting_key: key, value: s[key] };
    },

    /** GET /home/data/{url}.json: the home configuration of the top category with that url. */
    async homeConfig(url: string): Promise<THomeConfig> {
      const tops = await catalog.tree();
      const top = tops.find((category) => category.url === url);
      if (!top) throw AppError.notFound('Home page not found');
      return homeCache.get(url, () => buildHome(top, tops));
    },

    async helpPage(key: string): Promise<THelpPage> {
      const row = await repo.helpPage(key);
      if (!row) throw AppError.notFound('Help page not found');
      return presentHelpPage(row);
    },

    async helpPages(): Promise<{ data: THelpPageSummary[]; total: number }> {
      const data = (await helpSummaries()).map(({ key, title }) => ({ key, title }));
      return { data, total: data.length };
    },

    /** Writes a help page, with the page as it was and as it is now in the audit trail. */
    async saveHelpPage(staffId: number, input: THelpPageEditRequest): Promise<THelpPage> {
      const page = { key: input.key, title: input.title, body_markdown: input.body_markdown, updated_at: clock() };
      await inTransaction(db, async (trx) => {
        const before = await siteRepo(trx).helpPage(input.key);
        await siteRepo(trx).saveHelpPage(page);
        await recordAudit(trx, {
          staffId,
          action: 'help_page.save',
          object: { type: 'help_page', id: input.key },
          before: before ? { title: before.title, body_markdown: before.body_markdown } : undefined,
          after: { title: page.title, body_markdown: page.body_markdown },
          at: page.updated_at,
        });
      });
      await changed();
      return presentHelpPage(page);
    },

    /** /sitemap.xml (`page` null) and /sitemap-{page}.xml, with absolute addresses under `origin`; null: no such file. */
    sitemap(origin: string, page: number | null): Promise<string | null> {
      return sitemapFileCache.get(`${origin} ${page ?? 'index'}`, async () =>
        sitemapFile(origin, await sitemapEntriesCache.get('all', sitemapEntries), page),
      );
    },

    forget,
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
