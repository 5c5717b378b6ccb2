import { DEFAULT_CURRENCY, SHOP_NAME } from '@shop/contracts';
import { type MetaDescriptor, useRouteLoaderData } from 'react-router';

/**
 * One place for a page's head (spec 2 "Home page": title, description, keywords, canonical link,
 * social tags and structured data). Loaders pass the request's origin, so every address in the head
 * is absolute.
 */

const SCHEMA = 'https://schema.org';

/** spec 2 "Routes": a product's page. */
export const productPath = (url: string) => `/product/${encodeURIComponent(url)}.html`;

/** spec 2 "Routes": the search results page (searchPage) with its `keyword` query. */
export const SEARCH_URL_TEMPLATE_PATH = '/template/SearchClassify?keyword={search_term_string}';

/** The origin (scheme, host and port) a page was requested at, for a loader to hand to `seoMeta`. */
export const requestOrigin = (request: Request) => new URL(request.url).origin;

/** `path` (or an address already absolute) as an absolute address on `origin`. */
export const absoluteUrl = (origin: string, path: string) => new URL(path, origin).href;

export type SeoInput = {
  title: string;
  description?: string;
  keywords?: string | readonly string[];
  /** the page's own path (and query, where it names the page), e.g. '/product/silk-dress.html' */
  canonicalPath: string;
  /** the picture for social previews, absolute or a path */
  image?: string;
  /** og:type; 'website' unless given */
  type?: 'website' | 'product' | 'article';
  /** e.g. 'https://shop.example'; see `requestOrigin` */
  origin: string;
};

/** A page's meta descriptors for React Router's `meta` export. */
export function seoMeta({
  title,
  description,
  keywords,
  canonicalPath,
  image,
  type = 'website',
  origin,
}: SeoInput): MetaDescriptor[] {
  const canonical = absoluteUrl(origin, canonicalPath);
  const imageUrl = image ? absoluteUrl(origin, image) : undefined;
  const keywordText =
    typeof keywords === 'string'
      ? keywords.trim()
      : (keywords ?? [])
          .map((keyword) => keyword.trim())
          .filter(Boolean)
          .join(', ');
  const meta: MetaDescriptor[] = [{ title }];
  if (description) meta.push({ name: 'description', content: description });
  if (keywordText) meta.push({ name: 'keywords', content: keywordText });
  meta.push(
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:site_name', content: SHOP_NAME },
    { property: 'og:type', content: type },
    { property: 'og:title', content: title },
    { property: 'og:url', content: canonical },
  );
  if (description) meta.push({ property: 'og:description', content: description });
  if (imageUrl) meta.push({ property: 'og:image', content: imageUrl });
  meta.push(
    { name: 'twitter:card', content: imageUrl ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
  );
  if (description) meta.push({ name: 'twitter:description', content: description });
  if (imageUrl) meta.push({ name: 'twitter:image', content: imageUrl });
  return meta;
}

// --- structured data (JSON-LD) ---

export type JsonLdObject = { '@context'?: string; '@type': string; [key: string]: unknown };

/**
 * `data` as JSON that is safe inside a <script> element: <, > and & become \u escapes, so neither
 * '</script>' nor '<!--' can appear, and U+2028/U+2029 are escaped as well.
 */
export function serializeJsonLd(data: unknown): string {
  const json = JSON.stringify(data) ?? 'null';
  return json.replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The structured-data script with the page's CSP nonce. */
export function JsonLdScript({ data, nonce }: { data: JsonLdObject | readonly JsonLdObject[]; nonce?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: serializeJsonLd escapes everything that could end the script
  return <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}

/** Structured data for the page, carrying the nonce the root loader provides (decision 0003). */
export function JsonLd({ data }: { data: JsonLdObject | readonly JsonLdObject[] }) {
  const root = useRouteLoaderData('root') as { nonce?: string } | undefined;
  return <JsonLdScript data={data} nonce={root?.nonce} />;
}

/** The shop as an Organization; `sameAs` lists its social profiles. */
export function organization(
  origin: string,
  { logo = '/favicon.svg', sameAs = [] }: { logo?: string; sameAs?: readonly string[] } = {},
) {
  return {
    '@context': SCHEMA,
    '@type': 'Organization',
    name: SHOP_NAME,
    url: absoluteUrl(origin, '/'),
    logo: absoluteUrl(origin, logo),
    ...(sameAs.length > 0 ? { sameAs: [...sameAs] } : {}),
  } satisfies JsonLdObject;
}

/** The site with its search box: a SearchAction into the search results page. */
export function website(origin: string, searchUrlTemplate: string = SEARCH_URL_TEMPLATE_PATH) {
  return {
    '@context': SCHEMA,
    '@type': 'WebSite',
    name: SHOP_NAME,
    url: absoluteUrl(origin, '/'),
    potentialAction: {
      '@type': 'SearchAction',
      // an absolute template keeps its braces; new URL() would percent-encode them
      target: {
        '@type': 'EntryPoint',
        urlTemplate: /^https?:\/\//i.test(searchUrlTemplate) ? searchUrlTemplate : `${origin}${searchUrlTemplate}`,
      },
      'query-input': 'required name=search_term_string',
    },
  } satisfies JsonLdObject;
}

export type BreadcrumbItem = { name: string; path: string };

/** The trail from the home page to this page, in order. */
export function breadcrumbList(origin: string, items: readonly BreadcrumbItem[]) {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((entry, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: entry.name,
      item: absoluteUrl(origin, entry.path),
    })),
  } satisfies JsonLdObject;
}

export type ProductSkuOffer = {
  /** the SKU's own code, when it has one */
  sku?: string;
  /** USD, as a number or the API's decimal string */
  price: number | string;
  stock: number;
};

export type ProductJsonLdInput = {
  name: string;
  description?: string;
  images: readonly string[];
  /** the product's url slug: its page is /product/{url}.html */
  url: string;
  skus: readonly ProductSkuOffer[];
  /** the published reviews' average and count (aggregateRating, when there is at least one) */
  rating?: { average: number; count: number };
  /** some published reviews (review) */
  reviews?: ReadonlyArray<{ author: string; rating: number; body: string; at: number }>;
};

const availability = (stock: number) => `${SCHEMA}/${stock > 0 ? 'InStock' : 'OutOfStock'}`;

const priceText = (price: number | string) => {
  const amount = typeof price === 'number' ? price : Number.parseFloat(price);
  return Number.isFinite(amount) ? amount.toFixed(2) : undefined;
};

/** A Product with one Offer per SKU: price in USD, in or out of stock, at the product's page. */
export function product(origin: string, { name, description, images, url, skus, rating, reviews }: ProductJsonLdInput) {
  const page = absoluteUrl(origin, productPath(url));
  return {
    '@context': SCHEMA,
    '@type': 'Product',
    name,
    ...(description ? { description } : {}),
    image: images.map((image) => absoluteUrl(origin, image)),
    url: page,
    brand: { '@type': 'Brand', name: SHOP_NAME },
    ...(skus.length > 0
      ? {
          offers: skus.map((entry) => ({
            '@type': 'Offer',
            ...(entry.sku ? { sku: entry.sku } : {}),
            price: priceText(entry.price),
            priceCurrency: DEFAULT_CURRENCY,
            availability: availability(entry.stock),
            url: page,
          })),
        }
      : {}),
    ...(rating && rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: rating.average,
            reviewCount: rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(reviews && reviews.length > 0
      ? {
          review: reviews.map((entry) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: entry.author },
            reviewRating: { '@type': 'Rating', ratingValue: entry.rating, bestRating: 5, worstRating: 1 },
            reviewBody: entry.body,
            datePublished: new Date(entry.at).toISOString().slice(0, 10),
          })),
        }
      : {}),
  } satisfies JsonLdObject;
}
