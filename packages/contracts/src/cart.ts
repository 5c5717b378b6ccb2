import { z } from 'zod';
import { CART_LINE_MAX, CART_MAX_LINES, type TCartMergeChange } from './cart-rules';
import { CART_FETCH_SIZE } from './constants';
import { envelope, listResult } from './envelope';
import { id, wholeNumber } from './fields';

export * from './cart-rules';

/**
 * spec 7 "Cart" and spec 3 "Cart item": the shopper's bag. Amounts are USD decimals with two
 * places, like the catalogue's; the web converts them to the shopper's currency.
 */

const ZNum = z
  .number({ error: 'Please enter a quantity' })
  .int('The quantity must be a whole number')
  .min(1, 'The quantity must be at least 1')
  .max(CART_LINE_MAX, `You can buy at most ${CART_LINE_MAX} of one item`);

/** A whole-number query parameter (never clamped: a bad one is a 400 with its message). */

/** POST /shop/userCart/add: adds `num` pieces of a SKU (to its line when the bag has one). */
export const ZCartAddRequest = z.object({ goods_id: id('goods_id'), sku_id: id('sku_id'), num: ZNum });
export type TCartAddRequest = z.infer<typeof ZCartAddRequest>;

/** POST /shop/userCart/update: the quantity of one line. */
export const ZCartUpdateRequest = z.object({ id: id('id'), num: ZNum });
export type TCartUpdateRequest = z.infer<typeof ZCartUpdateRequest>;

/** POST /shop/userCart/delete (spec 7: id). */
export const ZCartDeleteRequest = z.object({ id: id('id') });

/** GET /shop/userCart (spec 7: page=1, page_size=50). */
export const ZCartListQuery = z.object({
  page: wholeNumber('page', 1, 10_000).default(1),
  page_size: wholeNumber('page_size', 1, CART_MAX_LINES).default(CART_FETCH_SIZE),
});

/** POST /shop/userCart/merge: the bag a guest kept in the browser, added to the account's at sign-in. */
export const ZCartMergeRequest = z.object({
  items: z
    .array(z.object({ goods_id: id('goods_id'), sku_id: id('sku_id'), num: ZNum }), {
      error: 'items must be a list of bag lines',
    })
    .max(CART_MAX_LINES, `At most ${CART_MAX_LINES} lines at a time`),
});
export type TCartMergeRequest = z.infer<typeof ZCartMergeRequest>;

// ---------------------------------------------------------------- results

/**
 * spec 3 "Cart item": the line, its product and its SKU as they are now. `available` is 1 when the
 * line can be bought as it is (on sale, enough in stock); otherwise `message` says why not.
 */
export const ZCartItem = z.object({
  id: z.number().int(),
  goods_id: z.number().int(),
  sku_id: z.number().int(),
  num: z.number().int(),
  goods: z.object({ id: z.number().int(), name: z.string(), url: z.string() }),
  sku: z.object({
    id: z.number().int(),
    image: z.string(),
    price: z.number(),
    max_origin_price: z.number(),
    /** 'Color:Red;Size:M' */
    spec: z.string(),
    stock: z.number().int(),
  }),
  /** price × num, USD */
  total: z.number(),
  available: z.union([z.literal(0), z.literal(1)]),
  message: z.string(),
  created_at: z.number().int(),
});
export type TCartItem = z.infer<typeof ZCartItem>;

export const ZCartPage = listResult(ZCartItem);
export type TCartPage = z.infer<typeof ZCartPage>;
export const ZCartListResponse = envelope(ZCartPage);

/** The line after an add or a change: its id and its quantity now. */
export const ZCartLine = z.object({ id: z.number().int(), num: z.number().int() });
export type TCartLine = z.infer<typeof ZCartLine>;
export const ZCartLineResponse = envelope(ZCartLine);

export const ZCartDeleteResponse = envelope(z.null());
export const ZCartClearResponse = envelope(z.object({ deleted: z.number().int() }));

export const ZCartMergeChange: z.ZodType<TCartMergeChange> = z.object({
  goods_id: z.number().int(),
  sku_id: z.number().int(),
  name: z.string(),
  spec: z.string(),
  requested: z.number().int(),
  added: z.number().int(),
  num: z.number().int(),
  status: z.enum(['added', 'merged', 'capped', 'sold_out', 'unavailable', 'bag_full']),
  message: z.string(),
});
export const ZCartMergeResult = z.object({ changes: z.array(ZCartMergeChange) });
export type TCartMergeResult = z.infer<typeof ZCartMergeResult>;
export const ZCartMergeResponse = envelope(ZCartMergeResult);
