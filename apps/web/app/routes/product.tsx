import { CODE_OK, SHOP_NAME, type ShopLoadContext } from '@shop/contracts';
import type { TGoodsDetail, TGoodsListing } from '@shop/contracts/catalog';
import { ReviewPaths } from '@shop/contracts/review-rules';
import type { TGoodsReviews } from '@shop/contracts/reviews';
import { hasUnsafeText } from '@shop/contracts/text';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  data,
  isRouteErrorResponse,
  redirect,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useNavigation,
  useRouteError,
  useSearchParams,
} from 'react-router';
import type { ProductCardItem } from '../components/product/product-card';
import { productImageSrc } from '../components/product/product-image';
import { CarouselSkeleton } from '../components/ui/skeleton';
import { categoryHomeHref, classifyHref } from '../features/layout/links';
import { NotFound } from '../features/layout/not-found';
import { CHOICE_PARAMS, choiceFromSearch, choiceSearch, colourImage, type SkuChoice } from '../features/product/choice';
import { Gallery } from '../features/product/gallery';
import { recordProductView, type ViewedProduct } from '../features/product/history';
import { Breadcrumbs, type Crumb, ProductDescription, ProductInfo, ProductPageSkeleton } from '../features/product/product-info';
import { REVIEW_PARAMS, ReviewsSection, type ReviewView, reviewQuery, reviewViewOf } from '../features/reviews/reviews-section';
import { breadcrumbList, JsonLd, product as productJsonLd, productPath, requestOrigin, seoMeta } from '../lib/seo';
import type { Route } from './+types/product';

/** How many goods "You may also like" shows. */
const RELATED_MAX = 12;
/** Reviews shown on one page of the product's reviews. */
const REVIEWS_PAGE_SIZE = 10;
/** The reviews the Product JSON-LD carries. */
const JSON_LD_REVIEWS = 5;
/** The description in the page's head is cut to about this many characters. */
const DESCRIPTION_MAX = 160;
/** The social preview photo's width (the largest the server makes). */
const SHARE_IMAGE_WIDTH = 1200;

const MoreToShop = lazy(() => import('../features/product/more-to-shop'));
const QuickView = lazy(() => import('../features/product/quick-view').then((module) => ({ default: module.QuickView })));

const notFound = () => data(null, { status: 404 });

/** GET /shop/goods/detail; a product that is unknown, hidden or asked for wrongly is not found. */
async function loadProduct(context: ShopLoadContext, query: string): Promise<TGoodsDetail> {
  const envelope = await context.api<TGoodsDetail>(`/shop/goods/detail?${query}`);
  if (envelope.code === CODE_OK && envelope.result) return envelope.result;
  if (envelope.code === 404 || envelope.code === 400) throw notFound();
  throw data(null, { status: 503 });
}

/** "You may also like": the best sellers of the product's own category, without the product itself. */
async function loadRelated(context: ShopLoadContext, product: TGoodsDetail): Promise<ProductCardItem[]> {
  const category = product.category_path.at(-1);
  if (!category) return [];
  const query = new URLSearchParams({
    classify_id: String(category.id),
    type: 'best_selling',
    page_size: String(RELATED_MAX + 1),
  });
  try {
    const envelope = await context.api<TGoodsListing>(`/shop/goods/classifyDetail?${query}`);
    if (envelope.code !== CODE_OK) return [];
    return envelope.result.data.filter((item) => item.id !== product.id).slice(0, RELATED_MAX);
  } catch {
    return [];
  }
}

/** The product's published reviews as the address asks for them; null when they cannot be loaded. */
async function loadReviews(context: ShopLoadContext, product: TGoodsDetail, view: ReviewView): Promise<TGoodsReviews | null> {
  try {
    const envelope = await context.api<TGoodsReviews>(
      `${ReviewPaths.ofGoods}?${reviewQuery(product.id, view, REVIEWS_PAGE_SIZE)}`,
    );
    return envelope.code === CODE_OK ? envelope.result : null;
  } catch {
    return null;
  }
}

/** Only the choice's parameters kept: `?sku=12`, `?color=3` or nothing. */
function choiceQuery(search: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const name of CHOICE_PARAMS) {
    const value = search.get(name);
    if (value) kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/**
 * `/product/{url}.html` (spec 2), and `/product/details?id=…` (or `?url=…`), which moves for good
 * (301) to the product's own address. Any other spelling of a product's address moves there too.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const address = new URL(request.url);
  const slug = 'slug' in params ? params.slug : undefined;
  // a product address is a key: one holding a control character or a lone surrogate names nothing
  if (slug !== undefined && hasUnsafeText(slug)) throw notFound();
  if (slug === undefined) {
    const id = address.searchParams.get('id');
    const url = address.searchParams.get('url');
    if ((id !== null && hasUnsafeText(id)) || (url !== null && hasUnsafeText(url))) throw notFound();
    const query = id ? new URLSearchParams({ id }) : url ? new URLSearchParams({ url }) : null;
    if (!query) throw notFound();
    const product = await loadProduct(context, query.toString());
    throw redirect(`${productPath(product.url)}${choiceQuery(address.searchParams)}`, 301);
  }
  const product = await loadProduct(context, new URLSearchParams({ url: slug.replace(/\.html$/, '') }).toString());
  if (slug !== `${product.url}.html`) throw redirect(`${productPath(product.url)}${choiceQuery(address.searchParams)}`, 301);
  const reviewView = reviewViewOf(address.searchParams);
  return {
    product,
    reviews: await loadReviews(context, product, reviewView),
    reviewView,
    origin: requestOrigin(request),
    // streamed after the page itself: it is below the fold
    related: loadRelated(context, product),
  };
}

/** A change of colour or size stays on the same product: nothing to load again. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const rest = (url: URL) => {
    const search = new URLSearchParams(url.search);
    for (const name of CHOICE_PARAMS) search.delete(name);
    search.sort();
    return search.toString();
  };
  return rest(currentUrl) === rest(nextUrl) ? false : defaultShouldRevalidate;
}

/** The description for the page's head: whole words, about DESCRIPTION_MAX characters. */
function summary(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_MAX) return flat;
  const cut = flat.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length).replace(/[\s,.;:]+$/, '')}…`;
}

export const meta = ({ loaderData, error }: Route.MetaArgs) => {
  if (!loaderData) {
    const missing = isRouteErrorResponse(error) && error.status === 404;
    return [
      { title: `${missing ? 'Product not found' : 'Product unavailable'} | ${SHOP_NAME}` },
      { name: 'robots', content: 'noindex' },
    ];
  }
  const { product, origin } = loaderData;
  const [photo] = product.images;
  const description = summary(product.description) || `${product.name} at ${SHOP_NAME}.`;
  return [
    ...seoMeta({
      title: `${product.name} | ${SHOP_NAME}`,
      description,
      keywords: [product.name, ...product.category_path.map((category) => category.name), SHOP_NAME],
      canonicalPath: productPath(product.url),
      image: photo ? productImageSrc(photo, SHARE_IMAGE_WIDTH) : undefined,
      type: 'product',
      origin,
    }),
    { property: 'product:price:amount', content: product.min_price.toFixed(2) },
    { property: 'product:price:currency', content: 'USD' },
  ];
};

/** The breadcrumb trail: home, then the product's categories (a top category's own home page first). */
function trailOf(product: TGoodsDetail): Crumb[] {
  return [
    { name: 'Home', href: '/' },
    ...product.category_path.map((category, depth) => ({
      name: category.name,
      href: depth === 0 ? categoryHomeHref(category) : classifyHref(category),
    })),
  ];
}

const viewedOf = (product: TGoodsDetail): ViewedProduct => ({
  id: product.id,
  name: product.name,
  url: product.url,
  image: product.images[0] ?? '',
  min_price: product.min_price,
  max_origin_price: product.max_origin_price,
  discount: product.discount,
  discount_enabled: product.discount_enabled,
});

/** Records one view per product shown: once the page is interactive, never again for a new colour or size. */
function useProductView(product: TGoodsDetail) {
  const recorded = useRef<number | null>(null);
  useEffect(() => {
    if (recorded.current === product.id) return;
    recorded.current = product.id;
    void recordProductView(viewedOf(product));
  }, [product]);
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, origin, related, reviews, reviewView } = loaderData;
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  // the dialog's code is fetched on the first quick view; it stays mounted after, closed
  const [quickView, setQuickView] = useState<{ url: string | null; requested: boolean }>({ url: null, requested: false });
  const choice = useMemo(() => choiceFromSearch(product, searchParams), [product, searchParams]);
  const hrefFor = useCallback((next: SkuChoice) => choiceSearch(product, next) || '?', [product]);
  const openQuickView = useCallback((item: ProductCardItem) => setQuickView({ url: item.url, requested: true }), []);
  useProductView(product);

  const jsonLd = useMemo(
    () => [
      productJsonLd(origin, {
        name: product.name,
        description: product.description,
        images: product.images.map((image) => productImageSrc(image, SHARE_IMAGE_WIDTH)),
        url: product.url,
        skus: product.skus.map((sku) => ({ sku: String(sku.id), price: sku.price, stock: sku.stock })),
        rating: reviews?.summary,
        reviews: reviews?.data
          .slice(0, JSON_LD_REVIEWS)
          .map((review) => ({ author: review.author, rating: review.rating, body: review.content, at: review.created_at })),
      }),
      breadcrumbList(origin, [
        ...trailOf(product).map((crumb) => ({ name: crumb.name, path: crumb.href })),
        { name: product.name, path: productPath(product.url) },
      ]),
    ],
    [origin, product, reviews],
  );
  const reviewHref = useCallback(
    (view: ReviewView) => {
      const next = new URLSearchParams(searchParams);
      for (const name of Object.values(REVIEW_PARAMS)) next.delete(name);
      if (view.rating) next.set(REVIEW_PARAMS.rating, String(view.rating));
      if (view.withPhotos) next.set(REVIEW_PARAMS.photos, '1');
      if (view.sort !== 'newest') next.set(REVIEW_PARAMS.sort, view.sort);
      if (view.page > 1) next.set(REVIEW_PARAMS.page, String(view.page));
      const text = next.toString();
      return `${text ? `?${text}` : '?'}#reviews`;
    },
    [searchParams],
  );

  // another product is on its way: show its outline rather than this one
  const next = navigation.state === 'loading' ? navigation.location : null;
  if (next && next.pathname !== location.pathname && next.pathname.startsWith('/product/')) return <ProductPageSkeleton />;

  const colour = product.colors.find((candidate) => candidate.id === choice.colorId);
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 md:px-8 md:py-8">
      <JsonLd data={jsonLd} />
      <Breadcrumbs trail={trailOf(product)} current={product.name} />
      <div className="mt-4 grid gap-8 md:grid-cols-2 lg:gap-12">
        <Gallery
          key={product.id}
          name={product.name}
          images={product.images}
          alts={product.image_alts}
          followImage={colourImage(product, choice.colorId)}
          colourName={colour?.name}
        />
        <div className="flex flex-col gap-10 md:sticky md:top-6 md:self-start">
          <ProductInfo key={product.id} product={product} choice={choice} hrefFor={hrefFor} />
          <ProductDescription text={product.description} />
        </div>
      </div>

      <ReviewsSection reviews={reviews} view={reviewView} pageSize={REVIEWS_PAGE_SIZE} hrefFor={reviewHref} />

      <Suspense
        key={product.id}
        fallback={<CarouselSkeleton label="Loading products you may also like" className="mt-16 md:mt-24" />}
      >
        <MoreToShop productId={product.id} related={related} onQuickView={openQuickView} />
      </Suspense>

      {quickView.requested ? (
        <Suspense fallback={null}>
          <QuickView productUrl={quickView.url} onClose={() => setQuickView({ url: null, requested: true })} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** An unknown or hidden product is the not-found page (HTTP 404); anything else says to try again. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold">This product can’t be shown right now</h1>
      <p className="mt-3 text-gray-700">Please reload the page in a moment.</p>
    </section>
  );
}
