import { z } from 'zod';
import { envelope, listResult } from './envelope';
import { id, key, pictureAddress, text } from './fields';
import { SOCIAL_NETWORKS, ZHomeFeaturedProduct } from './site';
import {
  CurrencyMessages,
  HEAD_NAV_MAX,
  HOME_BANNERS_MAX,
  HOME_FEATURED_MAX,
  HOME_HOT_MAX,
  HOME_PICTURE_MAX_BYTES,
  HOME_THREE_COUNT,
  HOME_TILE_TITLE_MAX,
  HomeAdminMessages,
  SiteSettingsMessages,
} from './site-admin-rules';

export * from './site-admin-rules';

/**
 * The back office's site editing (decision 0045): the home pages of the top categories, the site
 * settings of spec 3 "Site config" that are the shop's choices, and the currencies with their
 * rates. Every write answers the whole record again, as the storefront will now show it.
 */

// ---------------------------------------------------------------- home pages

/** One of the shop's own pictures, as uploaded or as the catalogue has it (/media/…). */
const ZMediaPicture = key('image', { error: HomeAdminMessages.picture })
  .trim()
  .max(300, HomeAdminMessages.picture)
  .refine(
    (url) => /^\/media\/[A-Za-z0-9._~-]+(?:\/[A-Za-z0-9._~-]+)*$/.test(url) && !url.includes('..'),
    HomeAdminMessages.picture,
  );

/** A picture of the home page as staff set it: what it shows, its title and the category it leads to. */
export const ZHomeTileInput = z.object({
  image: ZMediaPicture,
  title: text({ error: HomeAdminMessages.title })
    .trim()
    .min(1, HomeAdminMessages.title)
    .max(HOME_TILE_TITLE_MAX, HomeAdminMessages.titleTooLong),
  category_id: id('category_id', HomeAdminMessages.category),
});
export type THomeTileInput = z.infer<typeof ZHomeTileInput>;

/** What staff choose of a top category's home page; no featured product: the best sellers, as before. */
export const ZHomeLayout = z.object({
  big_image: z
    .array(ZHomeTileInput, { error: HomeAdminMessages.bannersMin })
    .min(1, HomeAdminMessages.bannersMin)
    .max(HOME_BANNERS_MAX, HomeAdminMessages.bannersMax),
  hot_recommend: z
    .array(ZHomeTileInput, { error: HomeAdminMessages.hotMax })
    .max(HOME_HOT_MAX, HomeAdminMessages.hotMax)
    .refine((tiles) => tiles.length % 2 === 0, HomeAdminMessages.hotEven),
  three_image: z
    .array(ZHomeTileInput, { error: HomeAdminMessages.three })
    .refine((tiles) => tiles.length === 0 || tiles.length === HOME_THREE_COUNT, HomeAdminMessages.three),
  featured_goods_ids: z
    .array(id('featured_goods_ids'), { error: HomeAdminMessages.featuredMax })
    .max(HOME_FEATURED_MAX, HomeAdminMessages.featuredMax)
    .refine((ids) => new Set(ids).size === ids.length, HomeAdminMessages.featuredTwice),
});
export type THomeLayout = z.infer<typeof ZHomeLayout>;

/** POST /admin/site/home/save: a top category's home page as staff set it. */
export const ZHomeSaveRequest = ZHomeLayout.extend({ category_id: id('category_id', HomeAdminMessages.topUnknown) });
export type THomeSaveRequest = z.infer<typeof ZHomeSaveRequest>;

/** POST /admin/site/home/reset: the home page made from the catalogue again. */
export const ZHomeResetRequest = z.object({ category_id: id('category_id', HomeAdminMessages.topUnknown) });

/** GET /admin/site/home?category_id=… */
export const ZHomeQuery = z.object({
  category_id: z.coerce
    .number({ error: HomeAdminMessages.topUnknown })
    .int(HomeAdminMessages.topUnknown)
    .positive(HomeAdminMessages.topUnknown)
    .max(2_147_483_647, HomeAdminMessages.topUnknown),
});

/** A top category in the list of home pages; `custom`: staff saved its page (else it is made from the catalogue). */
export const ZHomePageSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  custom: z.boolean(),
  updated_at: z.number().int().nullable(),
});
export type THomePageSummary = z.infer<typeof ZHomePageSummary>;
export const ZHomePageListResponse = envelope(listResult(ZHomePageSummary));

/** A category the pictures may lead to: its listing is /classify/{url}-{id}.html; `path` names it with its parents. */
export const ZHomeCategoryChoice = z.object({ id: z.number().int(), name: z.string(), url: z.string(), path: z.string() });
export type THomeCategoryChoice = z.infer<typeof ZHomeCategoryChoice>;

/**
 * GET /admin/site/home: one top category's home page as the storefront shows it now. `featured`
 * holds the products shown (the chosen ones, or the best sellers when `featured_automatic`).
 */
/** A picture of the page as it is now: the catalogue's own may have no picture yet (a category added without one). */
const ZHomeTile = z.object({ image: z.string(), title: z.string(), category_id: z.number().int() });

export const ZAdminHomePage = z.object({
  category: z.object({ id: z.number().int(), name: z.string(), url: z.string() }),
  /** the page's introduction under its heading (the catalogue's words) */
  description: z.string(),
  custom: z.boolean(),
  updated_at: z.number().int().nullable(),
  big_image: z.array(ZHomeTile),
  hot_recommend: z.array(ZHomeTile),
  three_image: z.array(ZHomeTile),
  featured: z.array(ZHomeFeaturedProduct),
  featured_automatic: z.boolean(),
  /** the category's best sellers, which the block shows when no product is chosen */
  best_sellers: z.array(ZHomeFeaturedProduct),
  categories: z.array(ZHomeCategoryChoice),
});
export type TAdminHomePage = z.infer<typeof ZAdminHomePage>;
export const ZAdminHomePageResponse = envelope(ZAdminHomePage);

/** POST /admin/site/home/upload: a picture as a data URL or plain base64. */
export const ZHomeUploadRequest = z.object({
  file: z
    .string({ error: 'file must be the picture as base64' })
    .min(1, 'file must be the picture as base64')
    .max(Math.ceil((HOME_PICTURE_MAX_BYTES * 4) / 3) + 1024, HomeAdminMessages.pictureTooLarge),
});
export const ZHomeUploaded = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export type THomeUploaded = z.infer<typeof ZHomeUploaded>;
export const ZHomeUploadResponse = envelope(ZHomeUploaded);

// ---------------------------------------------------------------- site settings

/** An https address (a profile, a store page), or empty for none. */
const httpsLink = text({ error: SiteSettingsMessages.link })
  .trim()
  .max(500, 'The address may be at most 500 characters')
  .refine((url) => {
    if (url === '') return true;
    if (!/^https:\/\/[^\s"'<>\\]+$/.test(url)) return false;
    try {
      return new URL(url).hostname.includes('.');
    } catch {
      return false;
    }
  }, SiteSettingsMessages.link);

/** A link of the header's navigation (spec 3 `headNav`). */
export const ZHeadNavInput = z.object({
  title: text({ error: SiteSettingsMessages.navTitle })
    .trim()
    .min(1, SiteSettingsMessages.navTitle)
    .max(30, 'A link title may be at most 30 characters'),
  url: text({ error: SiteSettingsMessages.navUrl })
    .trim()
    .min(1, SiteSettingsMessages.navUrl)
    .max(300, 'The address may be at most 300 characters')
    .refine((url) => /^(\/(?!\/)|https:\/\/)[^\s"'<>\\]*$/.test(url), SiteSettingsMessages.navUrl),
});

/**
 * GET and POST /admin/site/settings: the parts of the site config (spec 3) that are the shop's
 * choices. The technical ones (version, cdnUrl, apiUrl, upload mode, the initialize flags) follow
 * the deployment and stay out of the back office.
 */
export const ZSiteSettings = z.object({
  socialcontact: z.object(
    Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, httpsLink])) as Record<
      (typeof SOCIAL_NETWORKS)[number],
      typeof httpsLink
    >,
  ),
  app: z.object({ android_url: httpsLink, ios_url: httpsLink, qr_code: pictureAddress }),
  company: z.object({
    address: text().trim().max(200, 'The address may be at most 200 characters'),
    phone: text()
      .trim()
      .max(40, 'The phone number may be at most 40 characters')
      .refine(
        (phone) => phone === '' || /^[+()\d\s.-]{5,40}$/.test(phone),
        'Enter a phone number of digits, spaces and + ( ) - .',
      ),
    email: text()
      .trim()
      .max(254, SiteSettingsMessages.email)
      .refine((email) => email === '' || z.email().safeParse(email).success, SiteSettingsMessages.email),
  }),
  record_number: text().trim().max(60, 'The registration number may be at most 60 characters'),
  head_nav: z.array(ZHeadNavInput, { error: SiteSettingsMessages.navMax }).max(HEAD_NAV_MAX, SiteSettingsMessages.navMax),
});
export type TSiteSettings = z.infer<typeof ZSiteSettings>;
export const ZSiteSettingsResponse = envelope(ZSiteSettings);

// ---------------------------------------------------------------- currencies

/** A rate as written: 1 US dollar in this currency, kept as decimal text (decision 0001: no floats). */
export const ZExchangeRate = text({ error: CurrencyMessages.rate })
  .trim()
  .max(24, CurrencyMessages.rate)
  .regex(/^\d{1,9}(\.\d{1,6})?$/, CurrencyMessages.rate)
  .refine((rate) => Number(rate) > 0, CurrencyMessages.rate);

/** A currency as the back office lists it: disabled ones too, the rate as stored. */
export const ZAdminCurrency = z.object({
  id: z.number().int(),
  name: z.string(),
  unit: z.string(),
  cn_name: z.string(),
  currency_code: z.string(),
  exchange_rate: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export type TAdminCurrency = z.infer<typeof ZAdminCurrency>;
export const ZAdminCurrencyListResponse = envelope(listResult(ZAdminCurrency));
export const ZAdminCurrencyResponse = envelope(ZAdminCurrency);

/** POST /admin/site/currencies/save: a currency changed (with its id) or added (without). */
export const ZCurrencySaveRequest = z.object({
  id: id('id', CurrencyMessages.notFound).optional(),
  currency_code: key('currency_code', { error: CurrencyMessages.code })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, CurrencyMessages.code),
  name: text({ error: CurrencyMessages.name })
    .trim()
    .min(1, CurrencyMessages.name)
    .max(60, 'A name may be at most 60 characters'),
  unit: text({ error: CurrencyMessages.unit })
    .trim()
    .min(1, CurrencyMessages.unit)
    .max(8, 'A symbol may be at most 8 characters'),
  cn_name: text().trim().max(60, 'A name may be at most 60 characters').default(''),
  exchange_rate: ZExchangeRate,
  sort: z
    .number({ error: 'The position is a whole number' })
    .int('The position is a whole number')
    .min(0, 'The position is at least 0')
    .max(9999, 'The position is at most 9999'),
  enabled: z.boolean({ error: 'Choose whether shoppers can pick it' }),
});
export type TCurrencySaveRequest = z.infer<typeof ZCurrencySaveRequest>;
