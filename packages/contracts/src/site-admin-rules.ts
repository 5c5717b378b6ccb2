import type { TGoodsListItem } from './catalog';
import { originPrice } from './pricing';
import type { THomeFeaturedProduct } from './site';

/**
 * The back office's site editing without zod (decision 0045): paths, limits, texts and the
 * featured product's shape, for pages that must not load the schemas up front.
 */

export const SiteAdminPaths = {
  homeList: '/admin/site/home/list',
  home: '/admin/site/home',
  homeSave: '/admin/site/home/save',
  homeReset: '/admin/site/home/reset',
  homeUpload: '/admin/site/home/upload',
  settings: '/admin/site/settings',
  currencies: '/admin/site/currencies',
  currencySave: '/admin/site/currencies/save',
} as const;

/** Banners scroll sideways past the first; more than five are never seen. */
export const HOME_BANNERS_MAX = 5;
/** Two per row (spec 2 "Home page"): an even number, at most four rows. */
export const HOME_HOT_MAX = 8;
/** "a row of three-image categories" */
export const HOME_THREE_COUNT = 3;
/** Two pages of the widest carousel row (spec 9: 6 per row from lg up). */
export const HOME_FEATURED_MAX = 12;
export const HOME_TILE_TITLE_MAX = 60;
/** A home picture is uploaded at most this large, and kept at most this wide (the banner's width). */
export const HOME_PICTURE_MAX_BYTES = 10 * 1024 * 1024;
export const HOME_PICTURE_WIDTH = 1600;
/** Uploaded home pictures are kept under /media/home/. */
export const HOME_PICTURE_FOLDER = 'home';

export const HomeAdminMessages = {
  picture: 'Choose a picture of the shop (upload one)',
  pictureMissing: 'This picture is no longer on the server: upload it again',
  title: 'Give the picture a title',
  titleTooLong: `A title may be at most ${HOME_TILE_TITLE_MAX} characters`,
  category: 'Choose the category the picture leads to',
  categoryUnknown: 'That category is not in the catalogue any more',
  topUnknown: 'Home page not found',
  bannersMin: 'Add at least one banner',
  bannersMax: `At most ${HOME_BANNERS_MAX} banners`,
  hotMax: `At most ${HOME_HOT_MAX} hot recommendations`,
  hotEven: 'Hot recommendations show two per row: add or remove one',
  three: `The three-image row takes exactly ${HOME_THREE_COUNT} pictures, or none`,
  featuredMax: `At most ${HOME_FEATURED_MAX} featured products`,
  featuredTwice: 'A product can be featured once',
  featuredUnknown: 'A featured product is not on sale: remove it',
  notAPicture: 'Only pictures (JPEG, PNG, WebP, GIF, AVIF) can be uploaded',
  pictureTooLarge: `The picture is larger than ${HOME_PICTURE_MAX_BYTES / 1024 / 1024} MB`,
  saved: 'Home page saved',
  reset: 'Home page back to automatic',
  uploaded: 'Picture uploaded',
} as const;

/** A product as the home page's recommendation block shows it: USD decimals, the spec 9 original price. */
export function featuredProduct(goods: TGoodsListItem): THomeFeaturedProduct {
  return {
    id: goods.id,
    name: goods.name,
    url: goods.url,
    // its main picture and a second one on hover
    images: goods.images.slice(0, 2),
    price: goods.min_price,
    origin_price: originPrice(goods.min_price, goods.discount),
    discount: goods.discount,
  };
}

export const SiteSettingsMessages = {
  link: 'Give an https:// address, or leave it empty',
  email: 'Enter a valid e-mail address, or leave it empty',
  navTitle: 'Give the link a title',
  navUrl: 'Give a path on this site (/…) or an https:// address',
  navMax: 'At most 8 header links',
  saved: 'Site settings saved',
} as const;
export const HEAD_NAV_MAX = 8;

export const CurrencyMessages = {
  code: 'A currency code is three capital letters (ISO 4217: EUR, GBP)',
  codeTaken: 'There is already a currency with this code',
  name: 'Please enter a name',
  unit: 'Please enter the symbol shown before amounts',
  rate: 'The rate is a positive decimal number with at most 6 decimals (1 US dollar in this currency)',
  usdRate: 'US dollars are the shop’s own currency: their rate stays 1 and they stay on',
  usdCode: 'The shop’s own currency keeps its code',
  notFound: 'Currency not found',
  saved: 'Currency saved',
} as const;
