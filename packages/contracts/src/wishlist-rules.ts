/**
 * What the storefront's hearts need on every page (no zod here; the schemas are in wishlist.ts).
 */

/** spec 4 "Favourite toggle": the window event fired after every add or remove. */
export const REFRESH_FAVOURITES_EVENT = 'refresh-favourites';

export const WishlistPaths = {
  list: '/shop/user_favorite/list',
  add: '/shop/user_favorite/add',
  delete: '/shop/user_favorite/delete',
  /** the goods_id pair of spec 7 */
  favorite: '/shop/goods/favorite',
  unfavorite: '/shop/goods/unfavorite',
  goodsIds: '/shop/user_favorite/goodsIds',
} as const;

export const WishlistMessages = {
  added: 'Added to your wishlist',
  removed: 'Removed from your wishlist',
  missing: 'This item is no longer on your wishlist',
} as const;
