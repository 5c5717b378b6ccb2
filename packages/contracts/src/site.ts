import { z } from 'zod';
import { HELP_CONTACT_KEYS } from './constants';
import { envelope, listResult } from './envelope';
import { key, text } from './fields';

/**
 * spec 3 "Currency": `id` is the picker's value and `name` its label; `unit` is the symbol shown
 * before amounts; `exchange_rate` converts USD (the shop's own currency) into this one.
 */
export const ZCurrency = z.object({
  id: z.number().int(),
  name: z.string(),
  unit: z.string(),
  cn_name: z.string(),
  currency_code: z.string().length(3),
  exchange_rate: z.number().positive(),
});
export type TCurrency = z.infer<typeof ZCurrency>;

/** GET /api/exchange/rate/list: USD first, then the others in the shop's order. */
export const ZCurrencyListResponse = envelope(listResult(ZCurrency));

// ---------------------------------------------------------------- site config (spec 3 "Site config")

/** The social networks of the footer (spec 2 "Footer and floating widgets"). */
export const SOCIAL_NETWORKS = ['facebook', 'ins', 'tiktok', 'twitter', 'youtube'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** The app download entries of `app_info.store_list`. */
export const APP_STORE_KEYS = ['android_url', 'ios_url', 'qr_code'] as const;
export type AppStoreKey = (typeof APP_STORE_KEYS)[number];

export const ZHeadNavLink = z.object({ title: z.string(), url: z.string() });
export type THeadNavLink = z.infer<typeof ZHeadNavLink>;

/**
 * GET /shop/common/setting. `cdnUrl` and `apiUrl` are prefixes for media and API paths; empty
 * means the page's own origin. `cdnUrlParams` is a query string appended to media URLs (empty:
 * none). `recordNumber` is a site registration number shown in the footer when set.
 * `initialize` tells the client the site configuration is set up; `userInitialize` that it
 * should load the signed-in shopper's info at start. In `app_info.store_list`, `android_url`
 * and `ios_url` are store links and `qr_code` the URL of the QR image (empty: none to show).
 */
export const ZSiteConfig = z.object({
  siteName: z.string(),
  version: z.string(),
  cdnUrl: z.string(),
  apiUrl: z.string(),
  upload: z.object({ mode: z.string() }),
  headNav: z.array(ZHeadNavLink),
  recordNumber: z.string(),
  cdnUrlParams: z.string(),
  initialize: z.boolean(),
  userInitialize: z.boolean(),
  socialcontact: z.record(z.enum(SOCIAL_NETWORKS), z.string()),
  app_info: z.object({ store_list: z.array(z.object({ key: z.enum(APP_STORE_KEYS), value: z.string() })) }),
  company: z.object({ address: z.string(), phone: z.string(), email: z.string() }),
});
export type TSiteConfig = z.infer<typeof ZSiteConfig>;
export const ZSiteConfigResponse = envelope(ZSiteConfig);

/**
 * GET /api/setting/value?setting_key=…: one public setting. The key is written as stored
 * (`site.company.phone`) or without its `site.` prefix (`company.phone`).
 */
export const ZSettingValueQuery = z.object({
  setting_key: key('setting_key', { error: 'setting_key is required' })
    .trim()
    .min(1, 'setting_key is required')
    .max(100, 'setting_key is too long'),
});
export type TSettingValueQuery = z.infer<typeof ZSettingValueQuery>;

/** The stored text of a setting; list-valued settings (`site.head_nav`) hold JSON. */
export const ZSettingValue = z.object({ setting_key: z.string(), value: z.string() });
export type TSettingValue = z.infer<typeof ZSettingValue>;
export const ZSettingValueResponse = envelope(ZSettingValue);

// ---------------------------------------------------------------- home configuration (spec 3)

/** A picture of the home page that links to a category listing ('x-123' → /classify/x-123.html). */
export const ZHomeImage = z.object({
  image: z.string(),
  title: z.string(),
  classify_id: z.string(),
  url: z.object({ url: z.string() }),
});
export type THomeImage = z.infer<typeof ZHomeImage>;

/** A best seller of the "clothing recommendation" block; prices are USD decimals (spec 9). */
export const ZHomeFeaturedProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  /** the product page is /product/{url}.html */
  url: z.string(),
  /** the first picture is the main one, the second the hover picture */
  images: z.array(z.string()),
  price: z.number(),
  origin_price: z.number(),
  discount: z.number(),
});
export type THomeFeaturedProduct = z.infer<typeof ZHomeFeaturedProduct>;

/**
 * GET /home/data/{url}.json: the home configuration of one top category (spec 2 "Home page",
 * spec 3 "Home configuration"). It is served as a configuration file — the document itself,
 * not wrapped in `{code, msg, result}`; an unknown category answers the 404 envelope.
 * `url` is the page's path (/home/{url}.html); `classify` lists the top categories.
 */
export const ZHomeConfig = z.object({
  title: z.string(),
  description: z.string(),
  keywords: z.string(),
  url: z.string(),
  icon: z.string(),
  classify: z.array(z.object({ name: z.string(), url: z.string(), id: z.number().int() })),
  homeConfig: z.object({
    big_image: z.array(ZHomeImage),
    hot_recommend: z.array(ZHomeImage),
    three_image: z.array(ZHomeImage),
    featured_products: z.array(ZHomeFeaturedProduct),
  }),
});
export type THomeConfig = z.infer<typeof ZHomeConfig>;

/** The home page `/` shows the configuration of this top category (spec 2 "Home page"). */
export const SITE_HOME_CATEGORY_URL = 'clothings';

// ---------------------------------------------------------------- help pages (spec 2 "Routes")

/** Every help page the storefront links to: the footer's helpContact keys, then the named pages. */
export const HELP_PAGE_KEYS = [
  'help',
  ...HELP_CONTACT_KEYS,
  'about_us',
  'brand_story',
  'project_tailor_made',
  'custom',
  'wholesale',
  'blog',
] as const;
export type HelpPageKey = (typeof HELP_PAGE_KEYS)[number];

/** Help pages with a route of their own; every other key is shown at /help/helpContact. */
export const HELP_PAGE_PATHS: Partial<Record<string, string>> = {
  help: '/help',
  about_us: '/help/AboutUs',
  brand_story: '/help/brandStory',
  project_tailor_made: '/help/projectTailorMade',
  custom: '/help/custom',
  wholesale: '/help/wholesale',
  blog: '/help/blog',
};

/** Where a help page is read: its own route, or /help/helpContact?key={key}&title={title}. */
export function helpPagePath(page: { key: string; title: string }): string {
  const own = HELP_PAGE_PATHS[page.key];
  if (own) return own;
  const query = new URLSearchParams({ key: page.key, title: page.title });
  return `/help/helpContact?${query.toString().replaceAll('+', '%20')}`;
}

export const HELP_TITLE_MAX = 120;
export const HELP_BODY_MAX = 100_000;

export const ZHelpPageKey = key('key', { error: 'key is required' })
  .trim()
  .min(1, 'key is required')
  .max(64, 'key is too long')
  .regex(/^[a-z0-9_]+$/, 'key may hold lower-case letters, digits and underscores only');

/** GET /api/help/page?key=… */
export const ZHelpPageQuery = z.object({ key: ZHelpPageKey });

/** A help page: its text is Markdown, `updated_at` an ISO time. */
export const ZHelpPage = z.object({
  key: z.string(),
  title: z.string(),
  body_markdown: z.string(),
  updated_at: z.string(),
});
export type THelpPage = z.infer<typeof ZHelpPage>;
export const ZHelpPageResponse = envelope(ZHelpPage);

/** GET /api/help/pages: every help page's key and title, in the help centre's order. */
export const ZHelpPageSummary = z.object({ key: z.string(), title: z.string() });
export type THelpPageSummary = z.infer<typeof ZHelpPageSummary>;
export const ZHelpPageListResponse = envelope(listResult(ZHelpPageSummary));

/** PUT /admin/help/page (staff): writes a help page, creating it when the key is new. */
export const ZHelpPageEditRequest = z.object({
  key: ZHelpPageKey,
  title: text({ error: 'Please enter a title' })
    .trim()
    .min(1, 'Please enter a title')
    .max(HELP_TITLE_MAX, `The title may be at most ${HELP_TITLE_MAX} characters`),
  body_markdown: text({ error: 'Please enter the page text' })
    .max(HELP_BODY_MAX, `The page text may be at most ${HELP_BODY_MAX} characters`)
    .refine((text) => text.trim().length > 0, 'Please enter the page text'),
});
export type THelpPageEditRequest = z.infer<typeof ZHelpPageEditRequest>;
