import { CODE_OK, SHOP_NAME, type ShopLoadContext } from '@shop/contracts';
import { data, Link } from 'react-router';
import { CategoryIcon } from './category-icon';
import { ArrowRightIcon } from './icons';
import { categoryHomeHref, classifyHref } from './links';
import type { CategoryNode } from './types';

export type CategoryLandingData = {
  category: CategoryNode;
  /** the other top categories, for the "explore" row */
  others: CategoryNode[];
  seo: { title: string; description: string; canonical: string };
};

/** The top categories (GET /shop/goods/classify); a 503 page when the catalogue cannot be read. */
export async function loadTopCategories(context: ShopLoadContext): Promise<CategoryNode[]> {
  const envelope = await context.api<CategoryNode[]>('/shop/goods/classify');
  if (envelope.code !== CODE_OK || !Array.isArray(envelope.result)) throw data(null, { status: 503 });
  return envelope.result;
}

/** "dresses, tops and jeans" */
const listNames = (categories: CategoryNode[]) => {
  const names = categories.map((category) => category.name.toLowerCase());
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
};

/** "dresses, tops, jeans and more"; empty without sub-categories */
const someNames = (categories: CategoryNode[], max: number) =>
  categories.length === 0
    ? ''
    : `${categories
        .slice(0, max)
        .map((category) => category.name.toLowerCase())
        .join(', ')} and more`;

/** What a landing page shows for `category`, with its title, description and canonical address. */
export function categoryLandingData(
  categories: CategoryNode[],
  category: CategoryNode,
  canonical: string,
  site: boolean,
): CategoryLandingData {
  const others = categories.filter((other) => other.id !== category.id);
  const highlights = someNames(category.children, 4);
  const title = site ? `${SHOP_NAME} | ${categories.map((top) => top.name).join(', ')}` : `${category.name} | ${SHOP_NAME}`;
  const description = site
    ? `Shop ${listNames(categories)} at ${SHOP_NAME}${highlights ? `: ${highlights}` : ''}.`
    : `Shop ${category.name.toLowerCase()} at ${SHOP_NAME}${highlights ? `: ${highlights}` : ''}.`;
  return { category, others, seo: { title, description, canonical } };
}

/** The meta tags of a landing page (spec 2 "Home page": title, description, canonical link, social tags). */
export function landingMeta(seo: CategoryLandingData['seo'] | undefined) {
  if (!seo) return [{ title: `Page not found | ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];
  return [
    { title: seo.title },
    { name: 'description', content: seo.description },
    { tagName: 'link', rel: 'canonical', href: seo.canonical },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: SHOP_NAME },
    { property: 'og:title', content: seo.title },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: seo.canonical },
  ];
}

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900';

/** A top category's landing: hero banner, its sub-categories, and the other top categories. */
export function CategoryLanding({ category, others }: Pick<CategoryLandingData, 'category' | 'others'>) {
  const lead = someNames(category.children, 3);
  return (
    <>
      <section aria-labelledby="landing-title">
        {category.image ? (
          // spec 2 "Home page": the big banner links to the category's listing
          <Link
            to={classifyHref(category)}
            className="block bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-[-4px] focus-visible:outline-gray-900"
          >
            <img
              src={category.image}
              alt={`Shop all ${category.name}`}
              width={1600}
              height={600}
              fetchPriority="high"
              decoding="async"
              className="mx-auto aspect-[8/3] w-full max-w-[1600px] object-cover"
            />
          </Link>
        ) : null}
        <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 pt-8 md:flex-row md:items-end md:justify-between md:px-8 md:pt-12">
          <div className="max-w-2xl">
            <p className="text-xs font-semibold uppercase tracking-[0.3em] text-gray-600">{SHOP_NAME} collection</p>
            <h1 id="landing-title" className="mt-2 font-display text-4xl text-gray-950 md:text-6xl">
              {category.name}
            </h1>
            {lead ? (
              <p className="mt-3 text-base leading-relaxed text-gray-700 md:text-lg">
                Discover {lead}, chosen for every day and every occasion.
              </p>
            ) : null}
          </div>
          <Link
            to={classifyHref(category)}
            className={`inline-flex min-h-12 shrink-0 items-center gap-2 self-start rounded-full bg-gray-900 px-8 text-sm font-semibold tracking-wide text-white uppercase hover:bg-gray-700 md:self-auto ${focusRing}`}
          >
            Shop all {category.name}
            <ArrowRightIcon />
          </Link>
        </div>
      </section>

      {category.children.length > 0 ? (
        <section aria-labelledby="landing-subcategories" className="mx-auto max-w-7xl px-4 pt-14 md:px-8 md:pt-20">
          <h2 id="landing-subcategories" className="text-center text-xs font-semibold uppercase tracking-[0.3em] text-gray-700">
            Shop by category
          </h2>
          <ul className="mt-8 flex flex-wrap justify-center gap-y-8">
            {category.children.map((child) => (
              <li key={child.id} className="w-1/3 px-2 sm:w-1/4 md:w-1/6 md:px-4">
                <Link
                  to={classifyHref(child)}
                  className={`group flex flex-col items-center gap-3 rounded-md p-1 text-center ${focusRing}`}
                >
                  <CategoryIcon
                    category={child}
                    size={112}
                    sizeClass="size-20 sm:size-24 md:size-28"
                    className="ring-1 ring-gray-200 transition group-hover:ring-2 group-hover:ring-gray-900"
                  />
                  <span className="text-sm font-medium text-gray-800 group-hover:text-gray-950 group-hover:underline underline-offset-4">
                    {child.name}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {others.length > 0 ? (
        <section aria-labelledby="landing-explore" className="mx-auto max-w-7xl px-4 pt-16 md:px-8 md:pt-24">
          <h2 id="landing-explore" className="text-center text-xs font-semibold uppercase tracking-[0.3em] text-gray-700">
            Explore more
          </h2>
          <ul className="mt-8 grid gap-8 sm:grid-cols-3 sm:gap-6">
            {others.map((other) => (
              <li key={other.id}>
                <Link to={categoryHomeHref(other)} className={`group block rounded-lg ${focusRing}`}>
                  <span className="block overflow-hidden rounded-lg bg-gray-100">
                    {other.image ? (
                      <img
                        src={other.image}
                        alt=""
                        width={1600}
                        height={600}
                        loading="lazy"
                        decoding="async"
                        className="aspect-[8/3] w-full object-cover transition-transform duration-500 group-hover:scale-105 motion-reduce:transition-none"
                      />
                    ) : (
                      <span className="flex aspect-[8/3] items-center justify-center">
                        <CategoryIcon category={other} size={72} />
                      </span>
                    )}
                  </span>
                  <span className="mt-3 flex items-center justify-between gap-2 text-gray-950">
                    <span className="font-display text-2xl group-hover:underline underline-offset-4">{other.name}</span>
                    <ArrowRightIcon className="shrink-0 transition-transform group-hover:translate-x-1" />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
