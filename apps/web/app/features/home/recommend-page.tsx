import { SHOP_NAME } from '@shop/contracts';
import { resizedImageUrl } from '@shop/contracts/images';
import { type MetaDescriptor, useLocation, useNavigation } from 'react-router';
import { ProductCard } from '../../components/product/product-card';
import { Pagination } from '../../components/ui/pagination';
import { ProductGridSkeleton } from '../../components/ui/skeleton';
import { absoluteUrl, breadcrumbList, JsonLd, type JsonLdObject, productPath, seoMeta } from '../../lib/seo';
import { RECOMMEND_PATH, RECOMMEND_TITLE, type RecommendPageData, recommendHref } from './recommend-data';

const GRID_CLASS =
  'grid grid-cols-2 gap-2 min-[768px]:grid-cols-3 min-[768px]:gap-3 min-[992px]:grid-cols-4 min-[992px]:gap-4 min-[1200px]:grid-cols-6 min-[1200px]:gap-5';

const countText = (total: number) => `${total} ${total === 1 ? 'product' : 'products'}`;

/** The head of a recommendations page: its own canonical address per page. */
export function recommendMeta(data: RecommendPageData | undefined, status?: number): MetaDescriptor[] {
  if (!data) {
    return [
      { title: status === 404 ? `Page not found | ${SHOP_NAME}` : `${RECOMMEND_TITLE} | ${SHOP_NAME}` },
      { name: 'robots', content: 'noindex' },
    ];
  }
  const names = data.goods.slice(0, 3).map((item) => item.name);
  const first = data.goods[0];
  const image = first?.image || first?.images[0];
  return seoMeta({
    title: `${RECOMMEND_TITLE}${data.page > 1 ? ` – page ${data.page}` : ''} | ${SHOP_NAME}`,
    description:
      names.length > 0
        ? `${countText(data.total)} picked for you at ${SHOP_NAME}: ${names.join(', ')} and more.`
        : `Products picked for you at ${SHOP_NAME}.`,
    canonicalPath: recommendHref(data.page),
    image: image ? resizedImageUrl(image, 1200) : undefined,
    origin: data.origin,
  });
}

function structuredData(data: RecommendPageData): JsonLdObject[] {
  return [
    breadcrumbList(data.origin, [
      { name: 'Home', path: '/' },
      { name: RECOMMEND_TITLE, path: RECOMMEND_PATH },
    ]),
    {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: RECOMMEND_TITLE,
      numberOfItems: data.total,
      itemListElement: data.goods.map((item, index) => ({
        '@type': 'ListItem',
        position: (data.page - 1) * data.goods.length + index + 1,
        url: absoluteUrl(data.origin, productPath(item.url)),
        name: item.name,
      })),
    },
  ];
}

/** /recommend/recommend: the recommended products, a page at a time, with page links. */
export function RecommendPage({ data }: { data: RecommendPageData }) {
  const navigation = useNavigation();
  const { search } = useLocation();
  const next = navigation.location;
  const loadingAnotherPage =
    navigation.state === 'loading' && next !== undefined && next.pathname === RECOMMEND_PATH && next.search !== search;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 md:px-8 md:py-12">
      <JsonLd data={structuredData(data)} />
      <header className="flex flex-col gap-2 md:flex-row md:items-end md:justify-between">
        <h1 className="font-display text-3xl text-gray-950 md:text-5xl">{RECOMMEND_TITLE}</h1>
        <p aria-live="polite" className="text-sm text-gray-700">
          {countText(data.total)}
          {data.pages > 1 ? ` · page ${data.page} of ${data.pages}` : ''}
        </p>
      </header>
      {loadingAnotherPage ? (
        <ProductGridSkeleton count={12} className="mt-8" label="Loading more recommendations" />
      ) : data.goods.length === 0 ? (
        <p className="mt-16 text-center text-gray-700">There are no recommendations yet. Please come back soon.</p>
      ) : (
        <section aria-labelledby="recommend-products">
          {/* the cards' names are h3: this heading keeps the outline unbroken below the h1 */}
          <h2 id="recommend-products" className="sr-only">
            Products
          </h2>
          <ul className={`mt-8 ${GRID_CLASS}`}>
            {data.goods.map((item, index) => (
              <li key={item.id}>
                <ProductCard product={item} eager={index === 0} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <Pagination page={data.page} pages={data.pages} hrefFor={recommendHref} />
    </div>
  );
}
