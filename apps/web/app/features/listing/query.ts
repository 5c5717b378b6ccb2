import type { TGoodsSort, TSearchSort } from '@shop/contracts/catalog';
import { cleanText } from '@shop/contracts/text';

/**
 * The address of a listing or search page is its state: every filter, the sort and the page live
 * in the query, so a filtered page can be shared, bookmarked and reloaded, and works without
 * JavaScript (the filter form is a GET form; sort and pages are links).
 *
 *   ?color=2&color=29&size=65&min_price=20&max_price=80&sort=price_asc&page=2
 *
 * `color` and `size` carry attribute value ids and repeat once per chosen value; prices are USD;
 * `sort` is left out for the page's default order and `page` for page 1. The search page adds
 * `keyword` first. `attribute_value_ids=2,29,65` (the API's own form) is understood as well.
 */

/** Products per page on listings and search results. */
export const LISTING_PAGE_SIZE = 24;
/** The API refuses page numbers beyond this (contracts: LISTING_PAGE_MAX). */
const PAGE_MAX = 10_000;
/** The API refuses prices above this. */
const PRICE_MAX = 10_000_000;
/** More chosen values than any facet offers is a hand-made address; the rest are dropped. */
const CHOSEN_VALUES_MAX = 60;
/** The search text the API accepts (contracts: SEARCH_KEYWORD_MAX_LENGTH). */
export const KEYWORD_MAX_LENGTH = 100;

export type SortOption<S extends string = string> = { value: S; label: string };

/** A category listing's orders; the first is the default. */
export const LISTING_SORTS: readonly SortOption<TGoodsSort>[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
  { value: 'best_selling', label: 'Best selling' },
];

/** Search results' orders: relevance first, and the default. */
export const SEARCH_SORTS: readonly SortOption<TSearchSort>[] = [{ value: 'relevance', label: 'Relevance' }, ...LISTING_SORTS];

export type ListingState = {
  /** chosen colour value ids, ascending */
  colors: number[];
  /** chosen size value ids, ascending */
  sizes: number[];
  /** USD */
  minPrice: number | null;
  maxPrice: number | null;
  /** null: the page's default order */
  sort: string | null;
  page: number;
};

export type ParsedListingQuery = {
  state: ListingState;
  /** ids given as `attribute_value_ids`, colour or size: the API's facets tell which */
  otherIds: number[];
  /** the search text (search page), trimmed; '' when none */
  keyword: string;
  /** something in the address was unusable and left out: the page should move to the clean address */
  dropped: boolean;
};

export const emptyState = (): ListingState => ({ colors: [], sizes: [], minPrice: null, maxPrice: null, sort: null, page: 1 });

const ID_PATTERN = /^\d{1,9}$/;
const PRICE_PATTERN = /^\d{1,8}(?:\.\d{1,2})?$/;

/** Ids from repeated and comma-separated values; whether any part was not an id. */
function idsOf(values: string[]): { ids: number[]; bad: boolean } {
  let bad = false;
  const ids: number[] = [];
  for (const part of values.flatMap((value) => value.split(','))) {
    const text = part.trim();
    if (text === '') continue;
    const id = Number(text);
    if (ID_PATTERN.test(text) && id > 0) ids.push(id);
    else bad = true;
  }
  return { ids: [...new Set(ids)].sort((a, b) => a - b), bad };
}

/** A USD amount, or null; `bad` when something was given that is not one. */
function priceOf(value: string | null): { price: number | null; bad: boolean } {
  const text = value?.trim() ?? '';
  if (text === '') return { price: null, bad: false };
  const price = Number(text);
  if (!PRICE_PATTERN.test(text) || price > PRICE_MAX) return { price: null, bad: true };
  return { price, bad: false };
}

/**
 * The state a listing address asks for. Unusable parts (a page of 'abc', an unknown sort, a
 * minimum above the maximum, …) are left out and reported as `dropped`; empty fields, which a
 * filter form submitted without JavaScript sends, are simply absent.
 */
export function parseListingQuery(params: URLSearchParams, sorts: readonly SortOption[]): ParsedListingQuery {
  let dropped = false;
  const state = emptyState();

  const colors = idsOf(params.getAll('color'));
  const sizes = idsOf(params.getAll('size'));
  const others = idsOf(params.getAll('attribute_value_ids'));
  dropped ||= colors.bad || sizes.bad || others.bad;
  state.colors = colors.ids;
  state.sizes = sizes.ids.filter((id) => !state.colors.includes(id));
  const otherIds = others.ids.filter((id) => !state.colors.includes(id) && !state.sizes.includes(id));
  if (state.colors.length + state.sizes.length + otherIds.length > CHOSEN_VALUES_MAX) {
    dropped = true;
    state.colors = [];
    state.sizes = [];
    otherIds.length = 0;
  }

  const min = priceOf(params.get('min_price'));
  const max = priceOf(params.get('max_price'));
  dropped ||= min.bad || max.bad;
  if (min.price !== null && max.price !== null && min.price > max.price) {
    dropped = true;
  } else {
    state.minPrice = min.price;
    state.maxPrice = max.price;
  }

  const sort = params.get('sort');
  if (sort !== null && sort !== '') {
    if (sorts.some((option) => option.value === sort)) state.sort = sort === sorts[0]?.value ? null : sort;
    else dropped = true;
  }

  const page = params.get('page');
  if (page !== null && page !== '') {
    const number = Number(page);
    if (/^\d{1,5}$/.test(page) && number >= 1 && number <= PAGE_MAX) state.page = number;
    else dropped = true;
  }

  const rawKeyword = (params.get('keyword') ?? '').trim();
  // free text, cleaned as the API cleans it (a NUL or a lone surrogate moves to the clean address)
  const keyword = cleanText(rawKeyword.slice(0, KEYWORD_MAX_LENGTH)).trim();
  dropped ||= keyword !== rawKeyword;

  return { state, otherIds, keyword, dropped };
}

/**
 * The address of `path` showing `state`: the canonical order of parameters, defaults left out.
 * `fixed` parameters name the list itself (the search's keyword) and come first.
 */
export function listingHref(path: string, state: ListingState, fixed: Readonly<Record<string, string>> = {}): string {
  const params = new URLSearchParams(fixed);
  for (const id of state.colors) params.append('color', String(id));
  for (const id of state.sizes) params.append('size', String(id));
  if (state.minPrice !== null) params.set('min_price', String(state.minPrice));
  if (state.maxPrice !== null) params.set('max_price', String(state.maxPrice));
  if (state.sort) params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The query the listing APIs take for `state` (classify_id or name are added by the caller). */
export function apiListingQuery(state: ListingState, otherIds: readonly number[], defaultSort: string): URLSearchParams {
  const params = new URLSearchParams({
    page: String(state.page),
    page_size: String(LISTING_PAGE_SIZE),
    type: state.sort ?? defaultSort,
  });
  const ids = [...state.colors, ...state.sizes, ...otherIds];
  if (ids.length > 0) params.set('attribute_value_ids', ids.join(','));
  if (state.minPrice !== null) params.set('min_price', String(state.minPrice));
  if (state.maxPrice !== null) params.set('max_price', String(state.maxPrice));
  return params;
}

/**
 * The query without what the API refused (its 400 names the fields): unknown attribute values drop
 * the colour and size choices, a bad price drops the price range, and so on. Anything it did not
 * name drops every filter, keeping the sort.
 */
export function withoutRefused(
  query: Pick<ParsedListingQuery, 'state' | 'otherIds'>,
  fields: Record<string, string> | undefined,
): Pick<ParsedListingQuery, 'state' | 'otherIds'> {
  const names = Object.keys(fields ?? {});
  const state = { ...query.state };
  let otherIds = query.otherIds;
  let known = names.length > 0;
  for (const name of names) {
    if (name === 'attribute_value_ids') {
      state.colors = [];
      state.sizes = [];
      otherIds = [];
    } else if (name === 'min_price' || name === 'max_price') {
      state.minPrice = null;
      state.maxPrice = null;
    } else if (name === 'page' || name === 'page_size') {
      state.page = 1;
    } else if (name === 'type') {
      state.sort = null;
    } else {
      known = false;
    }
  }
  return known ? { state, otherIds } : { state: withoutFilters(query.state), otherIds: [] };
}

export const sameState = (a: ListingState, b: ListingState) => listingHref('', a) === listingHref('', b);

/** How many filters are on (each colour and size, and the price range as one). */
export const activeFilterCount = (state: ListingState) =>
  state.colors.length + state.sizes.length + (state.minPrice !== null || state.maxPrice !== null ? 1 : 0);

export const hasFilters = (state: ListingState) => activeFilterCount(state) > 0;

/** The state with `id` added to or removed from `dimension`; any change of filter goes back to page 1. */
export function toggleValue(state: ListingState, dimension: 'colors' | 'sizes', id: number): ListingState {
  const current = state[dimension];
  const next = current.includes(id) ? current.filter((value) => value !== id) : [...current, id].sort((a, b) => a - b);
  return { ...state, [dimension]: next, page: 1 };
}

export const withoutFilters = (state: ListingState): ListingState => ({ ...emptyState(), sort: state.sort });

export const withoutPrice = (state: ListingState): ListingState => ({ ...state, minPrice: null, maxPrice: null, page: 1 });

export const withPrice = (state: ListingState, minPrice: number | null, maxPrice: number | null): ListingState => {
  // a range typed the wrong way round is meant the right way round
  const [low, high] = minPrice !== null && maxPrice !== null && minPrice > maxPrice ? [maxPrice, minPrice] : [minPrice, maxPrice];
  return { ...state, minPrice: low, maxPrice: high, page: 1 };
};

export const withSort = (state: ListingState, sort: string | null): ListingState => ({ ...state, sort, page: 1 });

export const withPage = (state: ListingState, page: number): ListingState => ({ ...state, page });

/** A price field's text as a USD amount; null when empty or not an amount. */
export const priceInput = (text: FormDataEntryValue | null): number | null => {
  const value = typeof text === 'string' ? text.trim() : '';
  if (value === '') return null;
  const amount = Number(value);
  return Number.isFinite(amount) && amount >= 0 && amount <= PRICE_MAX ? Math.round(amount * 100) / 100 : null;
};

export const pageCount = (total: number, pageSize: number = LISTING_PAGE_SIZE) => Math.max(1, Math.ceil(total / pageSize));

export type PageItem = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

/**
 * The numbered links of a pagination bar: always the first and the last page and the pages around
 * the current one, with a gap where pages are skipped; never more than 7 entries.
 */
export function pageItems(current: number, count: number): PageItem[] {
  if (count <= 7) return Array.from({ length: count }, (_, index) => ({ kind: 'page', page: index + 1 }));
  const page = Math.min(Math.max(current, 1), count);
  // near an end, the window of five slides against it so the bar keeps its length
  const start = page <= 4 ? 2 : page >= count - 3 ? count - 4 : page - 1;
  const end = page <= 4 ? 5 : page >= count - 3 ? count - 1 : page + 1;
  const items: PageItem[] = [{ kind: 'page', page: 1 }];
  if (start > 2) items.push({ kind: 'gap', key: 'gap-start' });
  for (let number = start; number <= end; number++) items.push({ kind: 'page', page: number });
  if (end < count - 1) items.push({ kind: 'gap', key: 'gap-end' });
  items.push({ kind: 'page', page: count });
  return items;
}
