import { SOCIAL_NETWORKS, type THomeImage } from '@shop/contracts/site';
import {
  CurrencyMessages,
  HOME_FEATURED_MAX,
  HOME_PICTURE_FOLDER,
  HOME_PICTURE_MAX_BYTES,
  HOME_PICTURE_WIDTH,
  HomeAdminMessages,
  type TAdminCurrency,
  type TAdminHomePage,
  type TCurrencySaveRequest,
  type THomeLayout,
  type THomePageSummary,
  type THomeSaveRequest,
  type THomeTileInput,
  type THomeUploaded,
  type TSiteSettings,
  ZHeadNavInput,
} from '@shop/contracts/site-admin';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/errors';
import { saveSetting } from '../../infra/settings';
import type { FileStorage } from '../../infra/storage/file-storage';
import { decodeBase64Upload, keepUploadedPhoto, NotResizableError, UnreadableImageError } from '../../media/images';
import { recordAudit } from '../audit';
import type { CatalogService } from '../catalog';
import { SITE_SETTING_DEFAULTS, type SiteSettingKey } from './defaults';
import { categoriesById, categoryIdOf, featuredProduct, parseHomeLayout } from './home-config';
import { siteRepo } from './repo';
import type { SiteService } from './service';

/**
 * The back office's site editing (decision 0045): top categories' home pages (catalog.edit), the
 * site settings and the currencies (content.edit). Every write records its audit entry in its own
 * transaction, then every instance drops what it kept, so the storefront shows the change at once.
 */

type Deps = {
  db: Db;
  site: SiteService;
  catalog: CatalogService;
  /** where the pictures are kept (the media's storage) */
  media: FileStorage;
  /** whether /media/… names a picture on the server */
  pictureExists: (url: string) => Promise<boolean>;
  clock?: () => number;
};

type CurrencyRow = Awaited<ReturnType<ReturnType<typeof siteRepo>['currencies']>>[number];

const presentCurrency = (row: CurrencyRow): TAdminCurrency => ({
  id: row.id,
  name: row.name,
  unit: row.unit,
  cn_name: row.cn_name,
  currency_code: row.currency_code,
  exchange_rate: row.exchange_rate,
  sort: row.sort,
  enabled: row.enabled === 1,
});

const ZStoredNav = z.array(ZHeadNavInput);

/** '/media/home/ab12….webp' → 'ab12…' */
export const pictureName = (url: string) => (url.split('/').pop() ?? url).replace(/\.webp$/, '');

/** The settings form's fields and the `settings` keys they are kept under. */
function settingsOf(values: Record<SiteSettingKey, string>): TSiteSettings {
  let headNav: TSiteSettings['head_nav'] = [];
  try {
    const parsed = ZStoredNav.safeParse(JSON.parse(values['site.head_nav']));
    if (parsed.success) headNav = parsed.data;
  } catch {
    // not JSON: no links until staff save some
  }
  return {
    socialcontact: Object.fromEntries(
      SOCIAL_NETWORKS.map((network) => [network, values[`site.social.${network}`]]),
    ) as TSiteSettings['socialcontact'],
    app: {
      android_url: values['site.app.android_url'],
      ios_url: values['site.app.ios_url'],
      qr_code: values['site.app.qr_code'],
    },
    company: {
      address: values['site.company.address'],
      phone: values['site.company.phone'],
      email: values['site.company.email'],
    },
    record_number: values['site.record_number'],
    head_nav: headNav,
  };
}

function settingRows(settings: TSiteSettings): Partial<Record<SiteSettingKey, string>> {
  return {
    ...Object.fromEntries(SOCIAL_NETWORKS.map((network) => [`site.social.${network}`, settings.socialcontact[network]])),
    'site.app.android_url': settings.app.android_url,
    'site.app.ios_url': settings.app.ios_url,
    'site.app.qr_code': settings.app.qr_code,
    'site.company.address': settings.company.address,
    'site.company.phone': settings.company.phone,
    'site.company.email': settings.company.email,
    'site.record_number': settings.record_number,
    'site.head_nav': JSON.stringify(settings.head_nav),
  };
}

export function createSiteAdmin({ db, site, catalog, media, pictureExists, clock = Date.now }: Deps) {
  const repo = siteRepo(db);

  async function topCategory(categoryId: number) {
    const tops = await catalog.tree();
    const top = tops.find((category) => category.id === categoryId);
    if (!top) throw AppError.notFound(HomeAdminMessages.topUnknown);
    return { top, tops };
  }

  /** The settings as stored, defaults where a row is missing. */
  async function storedSettings(): Promise<Record<SiteSettingKey, string>> {
    const values: Record<SiteSettingKey, string> = { ...SITE_SETTING_DEFAULTS };
    for (const row of await repo.settings(Object.keys(SITE_SETTING_DEFAULTS))) {
      if (Object.hasOwn(values, row.key)) values[row.key as SiteSettingKey] = row.value;
    }
    return values;
  }

  async function homePage(categoryId: number): Promise<TAdminHomePage> {
    const { top, tops } = await topCategory(categoryId);
    const [row, config, home] = await Promise.all([
      repo.homePage(top.id),
      site.homeConfig(top.url),
      catalog.categoryHome(top.id),
    ]);
    const layout = row ? parseHomeLayout(row.layout) : null;
    const byId = categoriesById(tops);
    // the pictures shown now, as staff would choose them
    const asTiles = (images: THomeImage[]): THomeTileInput[] =>
      images.flatMap((image) => {
        const id = categoryIdOf(image);
        return id === null ? [] : [{ image: image.image, title: image.title, category_id: id }];
      });
    return {
      category: { id: top.id, name: top.name, url: top.url },
      description: config.description,
      custom: layout !== null,
      updated_at: row && layout ? Number(row.updated_at) : null,
      big_image: asTiles(config.homeConfig.big_image),
      hot_recommend: asTiles(config.homeConfig.hot_recommend),
      three_image: asTiles(config.homeConfig.three_image),
      featured: config.homeConfig.featured_products,
      featured_automatic: !layout || layout.featured_goods_ids.length === 0,
      best_sellers: home.goods.slice(0, HOME_FEATURED_MAX).map(featuredProduct),
      categories: [...byId.values()].map(({ category, path }) => ({
        id: category.id,
        name: category.name,
        url: category.url,
        path,
      })),
    };
  }

  /** Every picture names a category of the catalogue and a file on the server; every chosen product is on sale. */
  async function checkLayout(layout: THomeLayout, byId: Map<number, unknown>) {
    const rows = ['big_image', 'hot_recommend', 'three_image'] as const;
    for (const row of rows) {
      for (const [index, tile] of layout[row].entries()) {
        if (!byId.has(tile.category_id)) throw AppError.field(`${row}.${index}.category_id`, HomeAdminMessages.categoryUnknown);
        if (!(await pictureExists(tile.image))) throw AppError.field(`${row}.${index}.image`, HomeAdminMessages.pictureMissing);
      }
    }
    const onSale = await catalog.onSaleItems(layout.featured_goods_ids);
    if (onSale.length !== layout.featured_goods_ids.length) {
      throw AppError.field('featured_goods_ids', HomeAdminMessages.featuredUnknown);
    }
  }

  return {
    /** GET /admin/site/home/list: every top category, and whether staff set its home page. */
    async homePages(): Promise<{ data: THomePageSummary[]; total: number }> {
      const [tops, rows] = await Promise.all([catalog.tree(), repo.homePages()]);
      const saved = new Map(rows.map((row) => [row.category_id, Number(row.updated_at)]));
      const data = tops.map((top) => ({
        id: top.id,
        name: top.name,
        url: top.url,
        custom: saved.has(top.id),
        updated_at: saved.get(top.id) ?? null,
      }));
      return { data, total: data.length };
    },

    homePage,

    /** POST /admin/site/home/save */
    async saveHomePage(staffId: number, input: THomeSaveRequest): Promise<TAdminHomePage> {
      const { top, tops } = await topCategory(input.category_id);
      const layout: THomeLayout = {
        big_image: input.big_image,
        hot_recommend: input.hot_recommend,
        three_image: input.three_image,
        featured_goods_ids: input.featured_goods_ids,
      };
      await checkLayout(layout, categoriesById(tops));
      const at = clock();
      await inTransaction(db, async (trx) => {
        const before = await siteRepo(trx).homePage(top.id);
        await siteRepo(trx).saveHomePage({
          category_id: top.id,
          layout: JSON.stringify(layout),
          updated_at: at,
          updated_by: staffId,
        });
        await recordAudit(trx, {
          staffId,
          action: 'home_page.save',
          object: { type: 'home_page', id: top.id },
          before: before ? JSON.parse(before.layout) : undefined,
          after: layout,
          at,
        });
      });
      await site.changed();
      return homePage(top.id);
    },

    /** POST /admin/site/home/reset: the page made from the catalogue again. */
    async resetHomePage(staffId: number, categoryId: number): Promise<TAdminHomePage> {
      const { top } = await topCategory(categoryId);
      const at = clock();
      await inTransaction(db, async (trx) => {
        const before = await siteRepo(trx).homePage(top.id);
        if (!before) return;
        await siteRepo(trx).deleteHomePage(top.id);
        await recordAudit(trx, {
          staffId,
          action: 'home_page.reset',
          object: { type: 'home_page', id: top.id },
          before: JSON.parse(before.layout),
          at,
        });
      });
      await site.changed();
      return homePage(top.id);
    },

    /** POST /admin/site/home/upload: a picture made safe and kept under /media/home/, for a home page to use. */
    async uploadHomePicture(staffId: number, file: string): Promise<THomeUploaded> {
      const bytes = decodeBase64Upload(file);
      if (!bytes) throw AppError.field('file', HomeAdminMessages.notAPicture);
      if (bytes.length > HOME_PICTURE_MAX_BYTES) throw AppError.field('file', HomeAdminMessages.pictureTooLarge);
      let picture: THomeUploaded;
      try {
        picture = await keepUploadedPhoto(bytes, { media, folder: HOME_PICTURE_FOLDER, width: HOME_PICTURE_WIDTH });
      } catch (error) {
        if (error instanceof NotResizableError || error instanceof UnreadableImageError) {
          throw AppError.field('file', HomeAdminMessages.notAPicture);
        }
        throw error;
      }
      await recordAudit(db, {
        staffId,
        action: 'home_picture.upload',
        // the file's random name (64 hex digits) names it: the audit's object ids hold 64 characters
        object: { type: 'home_picture', id: pictureName(picture.url) },
        after: picture,
        at: clock(),
      });
      return picture;
    },

    /** GET /admin/site/settings */
    async settings(): Promise<TSiteSettings> {
      return settingsOf(await storedSettings());
    },

    /** POST /admin/site/settings: the whole form; only what changed is written and audited. */
    async saveSettings(staffId: number, input: TSiteSettings): Promise<TSiteSettings> {
      const wanted = settingRows(input);
      await inTransaction(db, async (trx) => {
        const values: Record<SiteSettingKey, string> = { ...SITE_SETTING_DEFAULTS };
        for (const row of await siteRepo(trx).settings(Object.keys(SITE_SETTING_DEFAULTS))) {
          if (Object.hasOwn(values, row.key)) values[row.key as SiteSettingKey] = row.value;
        }
        const changes = Object.entries(wanted).filter(([key, value]) => values[key as SiteSettingKey] !== value);
        if (changes.length === 0) return;
        for (const [key, value] of changes) await saveSetting(trx, key, value as string);
        await recordAudit(trx, {
          staffId,
          action: 'site_settings.save',
          object: { type: 'site_settings', id: 'site' },
          before: Object.fromEntries(changes.map(([key]) => [key, values[key as SiteSettingKey]])),
          after: Object.fromEntries(changes),
          at: clock(),
        });
      });
      await site.changed();
      return settingsOf(await storedSettings());
    },

    /** GET /admin/site/currencies: every currency, those shoppers cannot pick too, in the picker's order. */
    async currencies(): Promise<{ data: TAdminCurrency[]; total: number }> {
      const data = (await repo.currencies()).map(presentCurrency);
      return { data, total: data.length };
    },

    /** POST /admin/site/currencies/save: a currency changed or added; US dollars stay at 1 and on. */
    async saveCurrency(staffId: number, input: TCurrencySaveRequest): Promise<TAdminCurrency> {
      if (input.currency_code === 'USD' && (Number(input.exchange_rate) !== 1 || !input.enabled)) {
        throw AppError.field('exchange_rate', CurrencyMessages.usdRate);
      }
      const values = {
        name: input.name,
        unit: input.unit,
        cn_name: input.cn_name,
        currency_code: input.currency_code,
        exchange_rate: input.exchange_rate,
        sort: input.sort,
        enabled: input.enabled ? 1 : 0,
      };
      const save = inTransaction(db, async (trx) => {
        const tx = siteRepo(trx);
        const before = input.id === undefined ? undefined : await tx.currency(input.id);
        if (input.id !== undefined && !before) throw AppError.notFound(CurrencyMessages.notFound);
        if (before?.currency_code === 'USD' && input.currency_code !== 'USD') {
          throw AppError.field('currency_code', CurrencyMessages.usdCode);
        }
        const sameCode = await tx.currencyByCode(input.currency_code);
        if (sameCode && sameCode.id !== input.id) throw AppError.field('currency_code', CurrencyMessages.codeTaken);
        let savedId: number;
        if (before) {
          await tx.updateCurrency(before.id, values);
          savedId = before.id;
        } else {
          savedId = await tx.insertCurrency(values);
        }
        await recordAudit(trx, {
          staffId,
          action: before ? 'currency.edit' : 'currency.add',
          object: { type: 'currency', id: savedId },
          before: before ? presentCurrency(before) : undefined,
          after: { id: savedId, ...values, enabled: input.enabled },
          at: clock(),
        });
        return savedId;
      });
      // two additions of one new code at once: the unique index refuses the second
      const id = await save.catch((error: unknown) => {
        if (isUniqueViolation(error)) throw AppError.field('currency_code', CurrencyMessages.codeTaken);
        throw error;
      });
      await site.changed();
      const row = await repo.currency(id);
      if (!row) throw AppError.notFound(CurrencyMessages.notFound);
      return presentCurrency(row);
    },
  };
}

export type SiteAdmin = ReturnType<typeof createSiteAdmin>;
