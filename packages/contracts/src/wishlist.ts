import { z } from 'zod';
import { WISHLIST_FETCH_SIZE } from './constants';
import { envelope, listResult } from './envelope';
import { id, wholeNumber } from './fields';

/**
 * spec 7 "wishlist" and spec 3 "Wishlist item": the shopper's favourite goods. The event name and
 * paths the storefront needs on every page are in wishlist-rules.ts (no zod there).
 */

export * from './wishlist-rules';

/** GET /shop/user_favorite/list (spec 7: page=1, page_size=200). */
export const ZWishlistQuery = z.object({
  page: wholeNumber('page', 1, 10_000).default(1),
  page_size: wholeNumber('page_size', 1, WISHLIST_FETCH_SIZE).default(WISHLIST_FETCH_SIZE),
});

/** POST /shop/user_favorite/add, and the goods_id pair POST /shop/goods/favorite and /shop/goods/unfavorite. */
export const ZFavoriteGoodsRequest = z.object({ goods_id: id('goods_id') });

/** POST /shop/user_favorite/delete (spec 7): a wishlist entry by its id. */
export const ZFavoriteDeleteRequest = z.object({ id: id('id') });

// ---------------------------------------------------------------- results

/**
 * spec 3 "Wishlist item" (id, name, url, images) with the product's id and listing price, so the
 * wishlist page can show and link each product. Newest first.
 */
export const ZWishlistItem = z.object({
  id: z.number().int(),
  goods_id: z.number().int(),
  name: z.string(),
  url: z.string(),
  images: z.array(z.string()),
  min_price: z.number(),
  max_origin_price: z.number(),
  discount: z.number().int(),
  discount_enabled: z.union([z.literal(0), z.literal(1)]),
  /** when it was added (epoch ms) */
  created_at: z.number().int(),
});
export type TWishlistItem = z.infer<typeof ZWishlistItem>;
export const ZWishlistPage = listResult(ZWishlistItem);
export type TWishlistPage = z.infer<typeof ZWishlistPage>;
export const ZWishlistResponse = envelope(ZWishlistPage);

/** The entry made (or already there) for a product. */
export const ZFavoriteAddResponse = envelope(z.object({ id: z.number().int() }));
/** How many entries a removal took away (0 when the product was not on the wishlist). */
export const ZFavoriteRemoveResponse = envelope(z.object({ removed: z.number().int() }));

/** GET /shop/user_favorite/goodsIds: every product on the wishlist, for the hearts of cached pages. */
export const ZFavoriteGoodsIdsResponse = envelope(z.object({ goods_ids: z.array(z.number().int()) }));
