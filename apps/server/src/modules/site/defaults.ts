import type { AppStoreKey, SocialNetwork, THeadNavLink } from '@shop/contracts/site';

/**
 * The site's reference data as a new shop starts with it. Migration 0005 writes it into the
 * database (where staff may change it later); the service falls back to it for a missing row.
 */

/** Settings of the site config live in the `settings` table under this prefix. */
export const SITE_SETTING_PREFIX = 'site.';

const HEAD_NAV: THeadNavLink[] = [
  { title: 'New In', url: '/recommend/recommend' },
  { title: 'Tailor-made', url: '/help/projectTailorMade' },
  { title: 'Help', url: '/help' },
];

/** Every public setting of the site config with its default text (JSON for lists). */
export const SITE_SETTING_DEFAULTS = {
  'site.version': '1.0.0',
  'site.cdn_url': '',
  'site.api_url': '',
  'site.upload_mode': 'local',
  'site.head_nav': JSON.stringify(HEAD_NAV),
  'site.record_number': '',
  'site.cdn_url_params': '',
  'site.initialize': '1',
  'site.user_initialize': '1',
  'site.social.facebook': 'https://www.facebook.com/aurelle.shop',
  'site.social.ins': 'https://www.instagram.com/aurelle.shop',
  'site.social.tiktok': 'https://www.tiktok.com/@aurelle.shop',
  'site.social.twitter': 'https://twitter.com/aurelle_shop',
  'site.social.youtube': 'https://www.youtube.com/@aurelleshop',
  'site.app.android_url': 'https://play.google.com/store/apps/details?id=shop.aurelle.app',
  'site.app.ios_url': 'https://apps.apple.com/us/search?term=Aurelle%20fashion',
  // a QR image of the app's store page, generated once and served with the web app's files
  'site.app.qr_code': '/app-qr.svg',
  'site.company.address': 'Sacramento, California, US',
  'site.company.phone': '+1 (916) 555-0142',
  'site.company.email': 'support@aurelle.shop',
} as const satisfies Record<`site.${string}`, string> &
  Record<`site.social.${SocialNetwork}`, string> &
  Record<`site.app.${AppStoreKey}`, string>;

export type SiteSettingKey = keyof typeof SITE_SETTING_DEFAULTS;
export type SiteSettings = Record<SiteSettingKey, string>;

export const isSiteSettingKey = (key: string): key is SiteSettingKey => Object.hasOwn(SITE_SETTING_DEFAULTS, key);

/** The currencies of the picker (spec 3 "Currency"); rates convert one US dollar. USD stays first. */
export const DEFAULT_CURRENCIES = [
  { currency_code: 'USD', name: 'US Dollar', unit: '$', cn_name: '美元', exchange_rate: '1' },
  { currency_code: 'EUR', name: 'Euro', unit: '€', cn_name: '欧元', exchange_rate: '0.92' },
  { currency_code: 'GBP', name: 'British Pound', unit: '£', cn_name: '英镑', exchange_rate: '0.79' },
  { currency_code: 'CAD', name: 'Canadian Dollar', unit: 'C$', cn_name: '加拿大元', exchange_rate: '1.36' },
  { currency_code: 'AUD', name: 'Australian Dollar', unit: 'A$', cn_name: '澳大利亚元', exchange_rate: '1.52' },
  { currency_code: 'JPY', name: 'Japanese Yen', unit: '¥', cn_name: '日元', exchange_rate: '151.2' },
  { currency_code: 'CHF', name: 'Swiss Franc', unit: 'CHF', cn_name: '瑞士法郎', exchange_rate: '0.88' },
  { currency_code: 'SEK', name: 'Swedish Krona', unit: 'kr', cn_name: '瑞典克朗', exchange_rate: '10.45' },
  { currency_code: 'NZD', name: 'New Zealand Dollar', unit: 'NZ$', cn_name: '新西兰元', exchange_rate: '1.64' },
  { currency_code: 'SGD', name: 'Singapore Dollar', unit: 'S$', cn_name: '新加坡元', exchange_rate: '1.34' },
  { currency_code: 'HKD', name: 'Hong Kong Dollar', unit: 'HK$', cn_name: '港元', exchange_rate: '7.82' },
  { currency_code: 'MXN', name: 'Mexican Peso', unit: 'MX$', cn_name: '墨西哥比索', exchange_rate: '17.05' },
] as const;
