import { SHOP_NAME } from '@shop/contracts';
import { lazy } from 'react';
import { Link, type MetaDescriptor } from 'react-router';
import { categoryHomeHref, SEARCH_PATH } from '../features/layout/links';
import { SearchForm } from '../features/layout/search-form';
import type { CategoryNode } from '../features/layout/types';
import { useRootCategories } from '../features/layout/use-categories';
import { EmptyState, productCount } from '../features/listing/listing-results';
import { ListingHeader, ListingView } from '../features/listing/listing-view';
import { loadListing } from '../features/listing/load';
import { parseListingQuery, SEARCH_SORTS } from '../features/listing/query';
import { focusRing } from '../lib/cx';
import { requestOrigin, seoMeta } from '../lib/seo';
import type { Route } from './+types/search';

/** The quick-view dialog's code loads when a shopper first opens it, not with the results. */
const QuickView = lazy(() => import('../features/product/quick-view').then((module) => ({ default: module.QuickView })));

/**
 * `/template/SearchClassify?keyword=…` (searchPage): the products matching the keyword, with the
 * listing's filters, sort (relevance first) and pages. Without a keyword: the search box and the
 * top categories.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = parseListingQuery(url.searchParams, SEARCH_SORTS);
  const origin = requestOrigin(request);
  if (!parsed.keyword) return { keyword: '', origin, results: null };
  const fixed = { keyword: parsed.keyword };
  const results = await loadListing(context, {
    endpoint: '/shop/goods',
    scope: { name: parsed.keyword },
    parsed,
    path: SEARCH_PATH,
    fixed,
    defaultSort: SEARCH_SORTS[0]?.value ?? 'relevance',
  });
  return { keyword: parsed.keyword, origin, results: { ...results, fixed } };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const origin = loaderData?.origin ?? '';
  const keyword = loaderData?.keyword ?? '';
  const results = loaderData?.results;
  const page = results?.state.page ?? 1;
  const query = new URLSearchParams(keyword ? { keyword } : {});
  if (page > 1) query.set('page', String(page));
  const tags: MetaDescriptor[] = seoMeta({
    title: keyword ? `Results for "${keyword}" | ${SHOP_NAME}` : `Search | ${SHOP_NAME}`,
    description: results
      ? `${productCount(results.listing.total)} matching "${keyword}" at ${SHOP_NAME}.`
      : `Search the ${SHOP_NAME} collection.`,
    canonicalPath: query.size > 0 ? `${SEARCH_PATH}?${query}` : SEARCH_PATH,
    origin,
  });
  // result pages are for shoppers, not for search engines' indexes; their links are worth following
  tags.push({ name: 'robots', content: 'noindex, follow' });
  return tags;
};

const categoryLinkClass = `inline-flex min-h-11 items-center rounded-full border border-gray-300 px-5 text-xs font-semibold uppercase tracking-[0.18em] text-gray-800 hover:border-gray-900 hover:text-gray-950 ${focusRing}`;

function TopCategoryLinks({ categories, labelledBy }: { categories: readonly CategoryNode[]; labelledBy: string }) {
  if (categories.length === 0) return null;
  return (
    <ul aria-labelledby={labelledBy} className="mt-4 flex flex-wrap justify-center gap-3">
      {categories.map((category) => (
        <li key={category.id}>
          <Link to={categoryHomeHref(category)} className={categoryLinkClass}>
            {category.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export default function SearchRoute({ loaderData }: Route.ComponentProps) {
  const { keyword, results } = loaderData;
  const categories = useRootCategories();

  if (!results) {
    return (
      <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center md:py-24">
        <h1 className="font-display text-4xl text-gray-950 md:text-5xl">Search</h1>
        <p className="mt-4 text-base text-gray-700">What are you looking for today?</p>
        <SearchForm className="mt-8 w-full max-w-md text-left" />
        {categories.length > 0 ? (
          <>
            <h2 id="search-browse" className="mt-12 text-xs font-semibold uppercase tracking-[0.2em] text-gray-700">
              Or browse a category
            </h2>
            <TopCategoryLinks categories={categories} labelledBy="search-browse" />
          </>
        ) : null}
      </section>
    );
  }

  return (
    <ListingView
      key={keyword}
      path={SEARCH_PATH}
      fixed={results.fixed}
      state={results.state}
      listing={results.listing}
      sorts={SEARCH_SORTS}
      quickView={QuickView}
      header={<ListingHeader title={`Results for "${keyword}"`} />}
      noResults={
        <EmptyState title={`No results for "${keyword}"`}>
          <ul className="mx-auto max-w-md list-disc space-y-1 pl-5 text-left">
            <li>Check the spelling, or try fewer or more general words.</li>
            <li>Search for a type of product or a colour.</li>
          </ul>
          <div className="mt-8">
            <SearchForm className="mx-auto w-full max-w-md text-left" />
          </div>
          {categories.length > 0 ? (
            <>
              <h3 id="search-empty-browse" className="mt-10 text-xs font-semibold uppercase tracking-[0.2em] text-gray-700">
                Browse our categories
              </h3>
              <TopCategoryLinks categories={categories} labelledBy="search-empty-browse" />
            </>
          ) : null}
        </EmptyState>
      }
    />
  );
}
