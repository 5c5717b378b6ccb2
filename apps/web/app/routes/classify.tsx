import { SHOP_NAME } from '@shop/contracts';
import { lazy } from 'react';
import { data, Link, type MetaDescriptor, redirect } from 'react-router';
import { loadTopCategories } from '../features/layout/category-landing';
import { categoryHomeHref, classifyHref } from '../features/layout/links';
import type { CategoryNode } from '../features/layout/types';
import { useRememberTopCategory } from '../features/layout/use-categories';
import { EmptyState, primaryLinkClass, productCount } from '../features/listing/listing-results';
import { ListingHeader, ListingView } from '../features/listing/listing-view';
import { loadListing } from '../features/listing/load';
import { LISTING_SORTS, parseListingQuery } from '../features/listing/query';
import { breadcrumbList, JsonLd, requestOrigin, seoMeta } from '../lib/seo';
import type { Route } from './+types/classify';

/** The quick-view dialog's code loads when a shopper first opens it, not with the listing. */
const QuickView = lazy(() => import('../features/product/quick-view').then((module) => ({ default: module.QuickView })));

const TEMPLATE_PATH = '/template/classify';

/** spec 2: the id is the part after the last dash ('dresses-5.html' → 5); the page name ends in .html. */
function idFromSlug(slug: string | undefined): number | null {
  const match = /^(?:.*-)?(\d{1,9})\.html$/.exec(slug ?? '');
  return match ? Number(match[1]) : null;
}

/** classify_id as the template page takes it: '5' or 'dresses-5'. */
function idFromClassifyId(value: string | null): number | null {
  const match = /^(?:.*-)?(\d{1,9})(?:\.html)?$/.exec(value?.trim() ?? '');
  return match ? Number(match[1]) : null;
}

/** The categories from the top one down to the one with `id`, or null when there is none. */
function trailTo(nodes: readonly CategoryNode[], id: number): CategoryNode[] | null {
  for (const node of nodes) {
    if (node.id === id) return [node];
    const below = trailTo(node.children, id);
    if (below) return [node, ...below];
  }
  return null;
}

const usd = (amount: number) => `$${amount.toFixed(2)}`;

/**
 * `/classify/{url}-{id}.html` and `/template/classify?classify_id=…`: a category's products with
 * filters, sort and pages (spec 2 "Routes"). An unknown category is the not-found page.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const slug = 'slug' in params ? params.slug : undefined;
  const id = slug !== undefined ? idFromSlug(slug) : idFromClassifyId(url.searchParams.get('classify_id'));
  if (id === null) throw data(null, { status: 404 });

  const trailNodes = trailTo(await loadTopCategories(context), id);
  const category = trailNodes?.at(-1);
  if (!trailNodes || !category) throw data(null, { status: 404 });
  const top = trailNodes[0] ?? category;
  const canonicalPath = classifyHref(category);
  // a listing address with the wrong name before the id moves to the category's own
  if (slug !== undefined && url.pathname !== new URL(canonicalPath, url).pathname) {
    throw redirect(`${canonicalPath}${url.search}`, 301);
  }

  const path = slug !== undefined ? canonicalPath : TEMPLATE_PATH;
  const fixed: Record<string, string> = slug !== undefined ? {} : { classify_id: `${category.url}-${category.id}` };
  const { listing, state } = await loadListing(context, {
    endpoint: '/shop/goods/classifyDetail',
    scope: { classify_id: String(category.id) },
    parsed: parseListingQuery(url.searchParams, LISTING_SORTS),
    path,
    fixed,
    defaultSort: LISTING_SORTS[0]?.value ?? 'newest',
  });

  // spec 2: the trail runs from the top category's home page to this listing
  const trail = [
    { name: top.name, href: categoryHomeHref(top) },
    ...trailNodes.map((node) => ({ name: node === top ? `All ${top.name}` : node.name, href: classifyHref(node) })),
  ];
  const highlights = category.children.map((child) => child.name.toLowerCase());
  const description =
    listing.total > 0
      ? `Shop ${category.name.toLowerCase()} at ${SHOP_NAME}: ${productCount(listing.total)} from ${usd(listing.price.min)}${
          highlights.length > 0 ? `, including ${highlights.slice(0, 4).join(', ')}` : ''
        }.`
      : `Shop ${category.name.toLowerCase()} at ${SHOP_NAME}.`;
  const title = state.page > 1 ? `${category.name}, page ${state.page} | ${SHOP_NAME}` : `${category.name} | ${SHOP_NAME}`;

  return {
    category: { id: category.id, name: category.name, url: category.url },
    top: { name: top.name, href: categoryHomeHref(top), url: top.url },
    // onward: the sub-categories, or for a category without any, it and its sisters
    subcategories: (category.children.length > 0 ? category.children : (trailNodes.at(-2)?.children ?? [])).map((node) => ({
      name: node.name,
      href: classifyHref(node),
      current: node.id === category.id,
    })),
    trail,
    path,
    fixed,
    state,
    listing,
    origin: requestOrigin(request),
    seo: {
      title,
      description,
      // the listing's own address: page numbers are kept, sort and filters are not
      canonicalPath: state.page > 1 ? `${canonicalPath}?page=${state.page}` : canonicalPath,
      image: listing.items[0]?.image || undefined,
      // a page past the end, or a filter with no match, is not worth a search engine's index
      noindex: listing.items.length === 0,
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: `Page not found | ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];
  const { seo, origin } = loaderData;
  const tags: MetaDescriptor[] = seoMeta({ ...seo, origin });
  if (seo.noindex) tags.push({ name: 'robots', content: 'noindex, follow' });
  return tags;
};

export default function ClassifyRoute({ loaderData }: Route.ComponentProps) {
  const { category, top, subcategories, trail, path, fixed, state, listing, origin } = loaderData;
  // spec 4: the top-level category choice is remembered across visits
  useRememberTopCategory(top.url);
  return (
    <>
      <JsonLd
        data={breadcrumbList(
          origin,
          trail.map((crumb) => ({ name: crumb.name, path: crumb.href })),
        )}
      />
      <ListingView
        key={category.id}
        path={path}
        fixed={fixed}
        state={state}
        listing={listing}
        sorts={LISTING_SORTS}
        quickView={QuickView}
        header={<ListingHeader trail={trail} title={category.name} links={subcategories} />}
        noResults={
          <EmptyState title="New arrivals are on their way">
            <p>There are no products in {category.name} right now. Have a look around the rest of the collection.</p>
            <Link to={top.href} className={primaryLinkClass}>
              Explore {top.name}
            </Link>
          </EmptyState>
        }
      />
    </>
  );
}
