import type { THomeFeaturedProduct } from '@shop/contracts/site';
import type { TAdminHomePage, THomeCategoryChoice, THomeTileInput } from '@shop/contracts/site-admin';
import { HOME_BANNERS_MAX, HOME_HOT_MAX, HOME_THREE_COUNT } from '@shop/contracts/site-admin-rules';
import { featuredCardItem, type HomePageData, type HomeTile } from '../home';

/**
 * A top category's home page as its editor holds it: the three rows of pictures and the featured
 * products, what is sent to save it, and the storefront's page data the preview draws from it.
 */

export type Row = 'big_image' | 'hot_recommend' | 'three_image';

export type RowSpec = { row: Row; title: string; hint: string; max: number; add: string };

export const ROWS: ReadonlyArray<RowSpec> = [
  {
    row: 'big_image',
    title: 'Big banner',
    hint: `The wide picture at the top (8:3, at least 1600 px wide looks best). 1 to ${HOME_BANNERS_MAX}; past the first they scroll sideways.`,
    max: HOME_BANNERS_MAX,
    add: 'Add a banner',
  },
  {
    row: 'hot_recommend',
    title: 'Hot recommendations',
    hint: `Square category pictures, two per row: an even number, at most ${HOME_HOT_MAX}. None hides the row.`,
    max: HOME_HOT_MAX,
    add: 'Add a hot recommendation',
  },
  {
    row: 'three_image',
    title: 'Three images',
    hint: `A row of exactly ${HOME_THREE_COUNT} pictures (8:3), or none to hide it.`,
    max: HOME_THREE_COUNT,
    add: 'Add a picture to the row',
  },
];

export type Layout = Record<Row, THomeTileInput[]> & { featured: THomeFeaturedProduct[] };

/** The rows and featured products of a page as the server answered it. */
export const layoutOf = (page: TAdminHomePage): Layout => ({
  big_image: page.big_image,
  hot_recommend: page.hot_recommend,
  three_image: page.three_image,
  featured: page.featured,
});

/** The save request: with the best sellers shown (`automatic`), no featured product is named. */
export const saveRequest = (categoryId: number, layout: Layout, automatic: boolean) => ({
  category_id: categoryId,
  big_image: layout.big_image,
  hot_recommend: layout.hot_recommend,
  three_image: layout.three_image,
  featured_goods_ids: automatic ? [] : layout.featured.map((product) => product.id),
});

/** A category's listing, as the storefront links a home picture. */
export const listingHref = (category: Pick<THomeCategoryChoice, 'url' | 'id'>) =>
  `/classify/${encodeURIComponent(category.url)}-${category.id}.html`;

/** A category's home page on the storefront. */
export const homeHref = (page: TAdminHomePage) => `/home/${encodeURIComponent(page.category.url)}.html`;

/** The storefront's page data for the form's layout: the tiles with a picture and a known category, each linking to its listing. */
export function previewData(page: TAdminHomePage, layout: Layout, origin: string): HomePageData {
  const byId = new Map(page.categories.map((category) => [category.id, category]));
  const tiles = (row: THomeTileInput[]): HomeTile[] =>
    row.flatMap((tile) => {
      const category = byId.get(tile.category_id);
      return category && tile.image ? [{ image: tile.image, title: tile.title, href: listingHref(category) }] : [];
    });
  return {
    kind: 'ready',
    origin,
    path: homeHref(page),
    siteHome: false,
    category: { name: page.category.name, url: page.category.url },
    title: page.category.name,
    description: page.description,
    keywords: '',
    banners: tiles(layout.big_image),
    hot: tiles(layout.hot_recommend),
    three: tiles(layout.three_image),
    featured: layout.featured.map(featuredCardItem),
    sameAs: [],
  };
}
