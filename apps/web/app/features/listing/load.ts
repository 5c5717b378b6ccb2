import { CODE_OK, type ShopLoadContext } from '@shop/contracts';
import type { TFacetValue, TGoodsListing } from '@shop/contracts/catalog';
import { data, redirect } from 'react-router';
import { cardFields } from '../../components/product/card-fields';
import type { ProductCardItem } from '../../components/product/product-card';
import {
  apiListingQuery,
  LISTING_PAGE_SIZE,
  type ListingState,
  listingHref,
  type ParsedListingQuery,
  sameState,
  withoutRefused,
} from './query';

/** What a listing or search page shows: one page of cards, the total, the facets and the price span. */
export type ListingResult = {
  items: ProductCardItem[];
  total: number;
  page: number;
  pageSize: number;
  facets: { colors: TFacetValue[]; sizes: TFacetValue[] };
  price: { min: number; max: number };
};

export type LoadListingInput = {
  /** GET /shop/goods/classifyDetail or GET /shop/goods */
  endpoint: string;
  /** what names the list: classify_id, or the search's name */
  scope: Record<string, string>;
  parsed: ParsedListingQuery;
  /** the page's own path, for the clean address after a refused query */
  path: string;
  /** parameters of the page's address that name the list (the search's keyword) */
  fixed?: Record<string, string>;
  defaultSort: string;
};

/**
 * Only what a card shows travels to the browser (no descriptions, no SKUs). With colours chosen, the
 * card shows the product in the first of them it comes in, rather than in its default colour.
 */
function cardOf(item: TGoodsListing['data'][number], chosenColors: readonly number[]): ProductCardItem {
  const card: ProductCardItem = { ...cardFields(item), images: item.images.slice(0, 2) };
  const chosen = item.spec_data.colors.find((color) => chosenColors.includes(color.id) && color.image);
  if (!chosen || chosen.image === (item.image || item.images[0])) return card;
  // the other photos show the default colour: no hover photo then
  return { ...card, images: [chosen.image], image: chosen.image, hoverImage: '' };
}

function cleanHref(input: LoadListingInput, state: ListingState, otherIds: readonly number[]) {
  const href = listingHref(input.path, state, input.fixed);
  if (otherIds.length === 0) return href;
  return `${href}${href.includes('?') ? '&' : '?'}attribute_value_ids=${otherIds.join(',')}`;
}

/**
 * One page of a listing for a loader. An address with unusable parts moves to its clean form; a
 * query the API refuses (400: an unknown colour id typed by hand, say) moves to the address without
 * the refused parameters; an unknown category is the not-found page (404).
 */
export async function loadListing(
  context: ShopLoadContext,
  input: LoadListingInput,
): Promise<{ listing: ListingResult; state: ListingState }> {
  const { state, otherIds, dropped } = input.parsed;
  if (dropped) throw redirect(cleanHref(input, state, otherIds));

  const query = new URLSearchParams(input.scope);
  for (const [name, value] of apiListingQuery(state, otherIds, input.defaultSort)) query.set(name, value);
  const envelope = await context.api<TGoodsListing & { fields?: Record<string, string> }>(`${input.endpoint}?${query}`);

  if (envelope.code === CODE_OK) {
    const listing = envelope.result;
    // The facets say which chosen ids are colours and which are sizes (the API lists every chosen value).
    const chosen = new Set([...state.colors, ...state.sizes, ...otherIds]);
    const colors = listing.facets.colors.filter((value) => chosen.has(value.id)).map((value) => value.id);
    const sizes = listing.facets.sizes.filter((value) => chosen.has(value.id)).map((value) => value.id);
    return {
      state: { ...state, colors, sizes },
      listing: {
        items: listing.data.map((item) => cardOf(item, colors)),
        total: listing.total,
        page: listing.page,
        pageSize: listing.page_size || LISTING_PAGE_SIZE,
        facets: listing.facets,
        price: listing.price,
      },
    };
  }
  if (envelope.code === 404) throw data(null, { status: 404 });
  if (envelope.code === 400) {
    const fields = (envelope.result as { fields?: Record<string, string> } | null)?.fields;
    const next = withoutRefused({ state, otherIds }, fields);
    // nothing left to take away: the list itself is what the API refuses
    if (sameState(next.state, state) && next.otherIds.length === otherIds.length) throw data(null, { status: 404 });
    throw redirect(cleanHref(input, next.state, next.otherIds));
  }
  throw data(null, { status: envelope.code >= 500 ? 503 : envelope.code });
}
