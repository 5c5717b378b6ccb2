import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  apiListingQuery,
  emptyState,
  LISTING_SORTS,
  listingHref,
  pageItems,
  parseListingQuery,
  SEARCH_SORTS,
  type SortOption,
  toggleValue,
  withoutRefused,
  withPrice,
} from './query';

const parse = (query: string, sorts: readonly SortOption[] = LISTING_SORTS) =>
  parseListingQuery(new URLSearchParams(query), sorts);

describe('the listing address', () => {
  it('reads repeated colours and sizes, prices, sort and page', () => {
    const { state, dropped } = parse('color=29&color=2&size=65&min_price=20&max_price=80.5&sort=price_asc&page=3');
    expect(dropped).toBe(false);
    expect(state).toEqual({ colors: [2, 29], sizes: [65], minPrice: 20, maxPrice: 80.5, sort: 'price_asc', page: 3 });
  });

  it('writes the same state back in one canonical order, leaving defaults out', () => {
    const { state } = parse('page=2&sort=price_asc&size=65&color=29&color=2');
    expect(listingHref('/classify/dresses-5.html', state)).toBe(
      '/classify/dresses-5.html?color=2&color=29&size=65&sort=price_asc&page=2',
    );
    expect(listingHref('/classify/dresses-5.html', emptyState())).toBe('/classify/dresses-5.html');
  });

  it('keeps the parameters that name the list first', () => {
    expect(listingHref('/template/SearchClassify', { ...emptyState(), page: 2 }, { keyword: 'silk dress' })).toBe(
      '/template/SearchClassify?keyword=silk+dress&page=2',
    );
  });

  it('treats the empty fields a form sends without JavaScript as absent', () => {
    const { state, dropped } = parse('color=2&min_price=&max_price=&sort=');
    expect(dropped).toBe(false);
    expect(state).toEqual({ ...emptyState(), colors: [2] });
  });

  it('drops what it cannot use and says so, so the page can move to the clean address', () => {
    expect(parse('page=abc').dropped).toBe(true);
    expect(parse('page=0').dropped).toBe(true);
    expect(parse('page=99999999').dropped).toBe(true);
    expect(parse('sort=cheapest').dropped).toBe(true);
    expect(parse('color=red').dropped).toBe(true);
    expect(parse('min_price=-3').dropped).toBe(true);
    const reversed = parse('min_price=90&max_price=10&color=2');
    expect(reversed.dropped).toBe(true);
    expect(reversed.state).toEqual({ ...emptyState(), colors: [2] });
  });

  it('leaves the default sort out of the address', () => {
    expect(parse('sort=newest').state.sort).toBeNull();
    expect(parse('sort=relevance', SEARCH_SORTS).state.sort).toBeNull();
    expect(parse('sort=newest', SEARCH_SORTS).state.sort).toBe('newest');
    expect(parse('sort=relevance').dropped).toBe(true);
  });

  it("understands the API's attribute_value_ids", () => {
    const { otherIds, state } = parse('attribute_value_ids=65,2&color=2');
    expect(state.colors).toEqual([2]);
    expect(otherIds).toEqual([65]);
  });

  it('trims the keyword and cuts it to what the API accepts', () => {
    expect(parse('keyword=%20dres%20').keyword).toBe('dres');
    const long = parse(`keyword=${'a'.repeat(120)}`);
    expect(long.keyword).toHaveLength(100);
    expect(long.dropped).toBe(true);
  });

  it('cleans the keyword: control characters dropped, a lone surrogate replaced', () => {
    const withNul = parse('keyword=silk%00%07dress');
    expect(withNul.keyword).toBe('silkdress');
    expect(withNul.dropped).toBe(true);
    expect(parse('keyword=a%ED%A0%80').keyword).not.toMatch(/[\uD800-\uDFFF]/);
    expect(parse(`keyword=${encodeURIComponent('x\ud83d\ude00')}`).keyword).toBe('x\ud83d\ude00');
  });
});

describe('changing the state', () => {
  it('goes back to page 1 when a filter changes', () => {
    const state = { ...emptyState(), page: 4 };
    expect(toggleValue(state, 'colors', 5)).toMatchObject({ colors: [5], page: 1 });
    expect(toggleValue({ ...state, colors: [5, 7] }, 'colors', 5)).toMatchObject({ colors: [7], page: 1 });
    expect(withPrice(state, 10, null)).toMatchObject({ minPrice: 10, maxPrice: null, page: 1 });
  });

  it('reads a price range typed the wrong way round the right way round', () => {
    expect(withPrice(emptyState(), 90, 10)).toMatchObject({ minPrice: 10, maxPrice: 90 });
  });

  it('counts each colour and size and the price range as one filter', () => {
    expect(activeFilterCount({ ...emptyState(), colors: [1, 2], sizes: [3], minPrice: 5, maxPrice: 9 })).toBe(4);
  });

  it('asks the API for the chosen values, the prices, the sort and a page of 24', () => {
    const query = apiListingQuery({ ...emptyState(), colors: [2], sizes: [65], maxPrice: 50, page: 2 }, [7], 'newest');
    expect(Object.fromEntries(query)).toEqual({
      page: '2',
      page_size: '24',
      type: 'newest',
      attribute_value_ids: '2,65,7',
      max_price: '50',
    });
  });
});

describe('after the API refused a query', () => {
  const query = {
    state: { colors: [2], sizes: [65], minPrice: 5, maxPrice: 9, sort: 'price_asc', page: 3 },
    otherIds: [7],
  };

  it('drops the colours and sizes when it names the attribute values', () => {
    expect(withoutRefused(query, { attribute_value_ids: 'Unknown attribute value: 7' })).toEqual({
      state: { ...query.state, colors: [], sizes: [] },
      otherIds: [],
    });
  });

  it('drops the price range when it names a price', () => {
    expect(withoutRefused(query, { max_price: 'max_price must not be below min_price' }).state).toMatchObject({
      minPrice: null,
      maxPrice: null,
      colors: [2],
    });
  });

  it('drops every filter but keeps the sort when it names nothing it knows', () => {
    expect(withoutRefused(query, undefined)).toEqual({ state: { ...emptyState(), sort: 'price_asc' }, otherIds: [] });
  });
});

describe('the page links', () => {
  const numbers = (current: number, count: number) =>
    pageItems(current, count).map((item) => (item.kind === 'page' ? item.page : '…'));

  it('lists every page when there are few', () => {
    expect(numbers(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the first, the last and the neighbours of the current page, never more than 7 entries', () => {
    expect(numbers(1, 20)).toEqual([1, 2, 3, 4, 5, '…', 20]);
    expect(numbers(10, 20)).toEqual([1, '…', 9, 10, 11, '…', 20]);
    expect(numbers(20, 20)).toEqual([1, '…', 16, 17, 18, 19, 20]);
    for (let page = 1; page <= 30; page++) expect(pageItems(page, 30).length).toBeLessThanOrEqual(7);
  });
});
