import type { THomeConfig, THomeFeaturedProduct, THomeImage } from '@shop/contracts/site';
import { isRouteErrorResponse } from 'react-router';
import type { ProductCardItem } from '../../components/product/product-card';

/** A picture of the home page and the category listing it leads to. */
export type HomeTile = { image: string; title: string; href: string };

/** What a home page shows (spec 2 "Home page"), built from one home configuration (spec 3). */
export type HomePageData = {
  kind: 'ready';
  /** the request's origin, for the absolute addresses of the head and the structured data */
  origin: string;
  /** '/' for the site home, '/home/{url}.html' for a top category's home */
  path: string;
  siteHome: boolean;
  /** the top category the configuration belongs to */
  category: { name: string; url: string };
  title: string;
  description: string;
  keywords: string;
  banners: HomeTile[];
  hot: HomeTile[];
  three: HomeTile[];
  featured: ProductCardItem[];
  /** the shop's social profiles, for the Organization's sameAs (site home only) */
  sameAs: string[];
};

/** The shop has no catalogue yet (started without the demo data). */
export type HomeEmpty = { kind: 'empty' };

/** A client-side navigation could not load the page: its skeleton stays (spec 2 "Home page"). */
export type HomeLoadFailed = { kind: 'failed' };

export type HomeRouteData = HomePageData | HomeEmpty | HomeLoadFailed;

/** `/` and `/home/{url}.html`: the pages that show a home configuration. */
export const isHomePath = (pathname: string) => pathname === '/' || /^\/home\/[^/]+\.html$/.test(pathname);

/**
 * Where a home picture links: its configured classify page when that is a path on this site,
 * else the listing named by its classify_id ('dresses-5' → /classify/dresses-5.html).
 */
export function homeImageHref(image: Pick<THomeImage, 'classify_id' | 'url'>): string {
  const configured = image.url.url.trim();
  if (configured.startsWith('/') && !configured.startsWith('//')) return configured;
  return `/classify/${encodeURIComponent(image.classify_id)}.html`;
}

export const homeTile = (image: THomeImage): HomeTile => ({
  image: image.image,
  title: image.title,
  href: homeImageHref(image),
});

/** A featured product as a product card shows it: price, original price and discount as configured. */
export function featuredCardItem(product: THomeFeaturedProduct): ProductCardItem {
  return {
    id: product.id,
    name: product.name,
    url: product.url,
    min_price: product.price,
    max_origin_price: product.origin_price,
    discount: product.discount,
    discount_enabled: product.discount > 0 ? 1 : 0,
    images: product.images,
    // the configuration is the same for every visitor; the heart asks the wishlist itself
    is_favorited: 0,
  };
}

/** The name of the top category a configuration belongs to: its entry in `classify`, else the title's first part. */
export function homeCategoryName(config: Pick<THomeConfig, 'classify' | 'title' | 'url'>, url: string): string {
  const own = config.classify.find((entry) => entry.url === url || `/home/${entry.url}.html` === config.url);
  if (own) return own.name;
  return config.title.split('|')[0]?.trim() || url;
}

/** The home page of a configuration, ready to show. */
export function homePageData(
  config: THomeConfig,
  {
    origin,
    path,
    url,
    siteHome,
    sameAs = [],
  }: { origin: string; path: string; url: string; siteHome: boolean; sameAs?: string[] },
): HomePageData {
  return {
    kind: 'ready',
    origin,
    path,
    siteHome,
    category: { name: homeCategoryName(config, url), url },
    title: config.title,
    description: config.description,
    keywords: config.keywords,
    banners: config.homeConfig.big_image.map(homeTile),
    hot: config.homeConfig.hot_recommend.map(homeTile),
    three: config.homeConfig.three_image.map(homeTile),
    featured: config.homeConfig.featured_products.map(featuredCardItem),
    sameAs,
  };
}

/**
 * A client-side navigation's load: the server's page data, or `failed` when it cannot be had, so
 * that the skeleton stays where the page would be (spec 2 "Home page"). A page the shop does not
 * have is still the not-found page.
 */
export async function loadOrKeepSkeleton<T>(serverLoader: () => Promise<T>): Promise<T | HomeLoadFailed> {
  try {
    return await serverLoader();
  } catch (error) {
    if (isRouteErrorResponse(error) && error.status === 404) throw error;
    return { kind: 'failed' };
  }
}
