import { DEFAULT_CURRENCY, SHOP_NAME } from '@shop/contracts';
import { resizedImageUrl } from '@shop/contracts/images';
import type { MetaDescriptor } from 'react-router';
import { absoluteUrl, breadcrumbList, type JsonLdObject, organization, productPath, seoMeta, website } from '../../lib/seo';
import type { HomePageData, HomeRouteData } from './home-data';

/** Social previews want a raster picture: the banner as the server's largest WebP. */
const SOCIAL_IMAGE_WIDTH = 1200;

/** The head of a home page: title, description, keywords, canonical link and social tags from its configuration. */
export function homeMeta(data: HomeRouteData | undefined, status?: number): MetaDescriptor[] {
  if (!data) {
    return status === 404
      ? [{ title: `Page not found | ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }]
      : [{ title: `${SHOP_NAME} | This page could not be loaded` }, { name: 'robots', content: 'noindex' }];
  }
  if (data.kind === 'empty') {
    return [{ title: SHOP_NAME }, { name: 'description', content: `${SHOP_NAME} opens soon.` }];
  }
  if (data.kind === 'failed') return [{ title: SHOP_NAME }];
  const banner = data.banners[0]?.image;
  return seoMeta({
    title: data.title,
    description: data.description,
    keywords: data.keywords,
    canonicalPath: data.path,
    image: banner ? resizedImageUrl(banner, SOCIAL_IMAGE_WIDTH) : undefined,
    origin: data.origin,
  });
}

/** spec 2 "Home page": the featured products as an ItemList of products priced in USD, each at /product/{url}.html. */
export function featuredItemList(data: Pick<HomePageData, 'origin' | 'featured' | 'category'>): JsonLdObject {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: `${data.category.name} recommendations`,
    itemListElement: data.featured.map((product, index) => {
      const url = absoluteUrl(data.origin, productPath(product.url));
      const image = product.image || product.images[0];
      return {
        '@type': 'ListItem',
        position: index + 1,
        url,
        item: {
          '@type': 'Product',
          name: product.name,
          url,
          ...(image ? { image: absoluteUrl(data.origin, resizedImageUrl(image, SOCIAL_IMAGE_WIDTH)) } : {}),
          brand: { '@type': 'Brand', name: SHOP_NAME },
          offers: { '@type': 'Offer', price: product.min_price.toFixed(2), priceCurrency: DEFAULT_CURRENCY, url },
        },
      };
    }),
  };
}

/**
 * The structured data of a home page: on `/` the shop (Organization) and the site with its search
 * (WebSite with a SearchAction); on a category home the trail Home › category. Both list the
 * featured products.
 */
export function homeStructuredData(data: HomePageData): JsonLdObject[] {
  const found: JsonLdObject[] = data.siteHome
    ? [organization(data.origin, { sameAs: data.sameAs }), website(data.origin)]
    : [
        breadcrumbList(data.origin, [
          { name: 'Home', path: '/' },
          { name: data.category.name, path: data.path },
        ]),
      ];
  if (data.featured.length > 0) found.push(featuredItemList(data));
  return found;
}
