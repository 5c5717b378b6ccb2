import { z } from 'zod';
import { envelope, listResult } from './envelope';
import { coercedId, dollars, id, key, text, wholeNumber } from './fields';
import { ZCarrierCode, ZTrackingNo } from './orders';
import { ORDER_LINES_MAX } from './orders-rules';
import {
  REFUND_REASONS,
  RETURN_DESCRIPTION_MAX,
  RETURN_IMAGES_MAX,
  RETURN_KINDS,
  RETURN_PAGE_SIZE_DEFAULT,
  RETURN_PAGE_SIZE_MAX,
  RETURN_REASONS,
  RETURN_REJECT_REASONS,
  ReturnMessages,
} from './return-rules';
import { REVIEW_PHOTO_URL } from './review-rules';

export * from './return-rules';

/**
 * Returns, refunds and exchanges on the wire (spec 7 "Orders": POST /shop/orderRefund/refund,
 * POST /shop/orderRefund/refundReturn, GET /shop/orderRefund/detail, GET /shop/orderRefund/list;
 * the shop's own quote, eligibility, withdraw and parcel calls) and the staff returns API.
 * Amounts are decimal US dollars with 2 places (the server keeps cents); times epoch ms; flags 1 or 0.
 */

const ZAmount = z.number();
const ZFlag = z.union([z.literal(0), z.literal(1)]);
const ZTime = z.number().int();

// ---------------------------------------------------------------- what the shopper sends

export const ZReturnItemInput = z.object({
  order_item_id: id('order_item_id'),
  num: z
    .number({ error: 'num must be a number' })
    .int('num must be a whole number')
    .min(1, 'num must be at least 1')
    .max(999, 'num must be at most 999'),
});

const ZItems = z
  .array(ZReturnItemInput, { error: 'items must list the items and quantities' })
  .max(ORDER_LINES_MAX, `At most ${ORDER_LINES_MAX} items in one request`);

/** Photos the shopper uploaded first (POST /api/base64/upload). */
const ZPhotos = z
  .array(z.string({ error: ReturnMessages.imageUnknown }).regex(REVIEW_PHOTO_URL, ReturnMessages.imageUnknown))
  .max(RETURN_IMAGES_MAX, ReturnMessages.tooManyImages)
  .default([]);

const ZDescription = text({ error: 'description must be text' })
  .trim()
  .max(RETURN_DESCRIPTION_MAX, ReturnMessages.descriptionTooLong)
  .default('');

/**
 * POST /shop/orderRefund/refund: money back without sending anything. A paid order not yet
 * shipped is cancelled and refunded whole (`items` may be left out); after shipping, the lines
 * that never came.
 */
export const ZRefundRequest = z.object({
  order_id: id('order_id'),
  items: ZItems.default([]),
  reason: z.enum(REFUND_REASONS, { error: ReturnMessages.reason }),
  description: ZDescription,
  images: ZPhotos,
});
export type TRefundRequest = z.input<typeof ZRefundRequest>;

/** POST /shop/orderRefund/refundReturn: after delivery, lines sent back for a refund or exchanged. */
export const ZRefundReturnRequest = z
  .object({
    order_id: id('order_id'),
    items: ZItems.min(1, 'items must list the items and quantities'),
    reason: z.enum(RETURN_REASONS, { error: ReturnMessages.reason }),
    description: ZDescription,
    images: ZPhotos,
    type: z.enum(['refund', 'exchange'], { error: 'type must be refund or exchange' }),
    exchange_sku_id: id('exchange_sku_id', ReturnMessages.exchangeSku).optional(),
  })
  .superRefine((request, ctx) => {
    if (request.type === 'exchange' && request.exchange_sku_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['exchange_sku_id'], message: ReturnMessages.exchangeSkuRequired });
    if (request.type === 'exchange' && request.items.length !== 1)
      ctx.addIssue({ code: 'custom', path: ['items'], message: ReturnMessages.exchangeOneLine });
  });
export type TRefundReturnRequest = z.input<typeof ZRefundReturnRequest>;

/** POST /shop/orderRefund/quote: what a request would give back, before it is sent. */
export const ZReturnQuoteRequest = z.object({
  order_id: id('order_id'),
  items: ZItems.default([]),
  kind: z.enum(RETURN_KINDS, { error: `kind must be one of ${RETURN_KINDS.join(', ')}` }).default('return'),
});
export type TReturnQuoteRequest = z.input<typeof ZReturnQuoteRequest>;

export const ZReturnListQuery = z.object({
  status: wholeNumber('status', 0, 8).default(0),
  page: wholeNumber('page', 1, 10_000).default(1),
  page_size: wholeNumber('page_size', 1, RETURN_PAGE_SIZE_MAX).default(RETURN_PAGE_SIZE_DEFAULT),
  /** one order's requests */
  id: coercedId('id').optional(),
});
export type TReturnListQuery = z.input<typeof ZReturnListQuery>;

export const ZReturnIdQuery = z.object({ id: coercedId('id') });
export const ZReturnIdRequest = z.object({ id: id('id') });

/** POST /shop/orderRefund/parcel: the parcel is on its way back, with this carrier and number. */
export const ZReturnParcelRequest = z.object({
  id: id('id'),
  company_code: ZCarrierCode,
  tracking_no: ZTrackingNo,
});
export type TReturnParcelRequest = z.input<typeof ZReturnParcelRequest>;

// ---------------------------------------------------------------- what the shop answers

/** One line of a request or a quote: the units and what they give back. */
export const ZReturnLine = z.object({
  order_item_id: z.number().int(),
  goods_id: z.number().int(),
  goods_name: z.string(),
  sku_text: z.string(),
  image: z.string(),
  num: z.number().int(),
  /** the units at their sale price */
  goods: ZAmount,
  /** the coupon's discount on these units (kept by the shop) */
  coupon: ZAmount,
  /** the points spent on these units (they come back as points, 1 point = $0.01) */
  points: z.number().int(),
  /** the money back for these units: goods − coupon − points */
  refund: ZAmount,
});
export type TReturnLine = z.infer<typeof ZReturnLine>;

/**
 * The exact result of a request, worked out by the code that executes it: the money back (the
 * goods' share after discounts, plus the order's shipping and charges when nothing of the order
 * is left), the points spent that come back, the points earned that are taken back, and what
 * happens to the order's coupon — with the reasons in plain sentences.
 */
export const ZRefundQuote = z.object({
  kind: z.enum(RETURN_KINDS),
  lines: z.array(ZReturnLine),
  goods_refund: ZAmount,
  /** shipping, surcharges, insurance and customs: back only when the whole order is */
  charges_refund: ZAmount,
  /** the money back in all, to the card paid with */
  amount: ZAmount,
  points_returned: z.number().int(),
  points_clawed: z.number().int(),
  coupon: z.enum(['none', 'kept', 'returned']),
  /** why, in sentences the form shows under the amount */
  notes: z.array(z.string()),
});
export type TRefundQuote = z.infer<typeof ZRefundQuote>;
export const ZRefundQuoteResponse = envelope(ZRefundQuote);

/** A line of an order as the return form offers it. */
export const ZReturnableLine = z.object({
  order_item_id: z.number().int(),
  goods_id: z.number().int(),
  sku_id: z.number().int(),
  goods_name: z.string(),
  sku_text: z.string(),
  image: z.string(),
  unit_price: ZAmount,
  num: z.number().int(),
  /** units that can still be asked for (not refunded, exchanged or in an open request) */
  returnable: z.number().int(),
  /** other sizes and colours of the product at the same price, for an exchange */
  exchange_options: z.array(z.object({ sku_id: z.number().int(), sku_text: z.string(), in_stock: ZFlag })),
});
export type TReturnableLine = z.infer<typeof ZReturnableLine>;

/** An order the shopper may ask about (GET /shop/orderRefund/orders, /shop/orderRefund/order). */
export const ZReturnableOrder = z.object({
  id: z.number().int(),
  order_no: z.string(),
  status: z.number().int(),
  status_text: z.string(),
  pay_price: ZAmount,
  create_time: ZTime,
  /** delivered at (null before delivery) */
  completed_at: ZTime.nullable(),
  /** the last moment a return may be asked for (null: not delivered yet) */
  window_ends_at: ZTime.nullable(),
  /** 'cancel': paid, not shipped — cancelled and refunded whole; 'refund': shipped, lines never came; 'return': delivered */
  mode: z.enum(['cancel', 'refund', 'return']),
  lines: z.array(ZReturnableLine),
});
export type TReturnableOrder = z.infer<typeof ZReturnableOrder>;
export const ZReturnableOrdersResponse = envelope(listResult(ZReturnableOrder));
export const ZReturnableOrderResponse = envelope(ZReturnableOrder);

export const ZReturnEvent = z.object({
  status: z.number().int(),
  status_text: z.string(),
  note: z.string(),
  actor: z.enum(['shopper', 'staff', 'system']),
  create_time: ZTime,
});

const ZReturnFlags = z.object({ can_withdraw: ZFlag, can_send: ZFlag });

export const ZReturnListItem = z.object({
  id: z.number().int(),
  return_no: z.string(),
  order_id: z.number().int(),
  order_no: z.string(),
  kind: z.enum(RETURN_KINDS),
  kind_text: z.string(),
  status: z.number().int(),
  status_text: z.string(),
  /** the money back: refunded, or what the request will give */
  amount: ZAmount,
  total_num: z.number().int(),
  images: z.array(z.string()),
  create_time: ZTime,
  ...ZReturnFlags.shape,
});
export type TReturnListItem = z.infer<typeof ZReturnListItem>;
export const ZReturnListResponse = envelope(listResult(ZReturnListItem));

export const ZReturnDetail = ZReturnListItem.extend({
  reason: z.string(),
  description: z.string(),
  photos: z.array(z.string()),
  quote: ZRefundQuote,
  /** the size or colour asked for instead (an exchange) */
  exchange: z.object({ sku_id: z.number().int(), sku_text: z.string(), image: z.string() }).nullable(),
  /** where to send the parcel, once approved */
  return_address: z.string().nullable(),
  /** the parcel on its way back, as the shopper gave it */
  parcel: z
    .object({ company_code: z.string(), company: z.string(), tracking_no: z.string(), tracking_url: z.string() })
    .nullable(),
  /** an exchange's replacement, once shipped */
  replacement: z
    .object({ company_code: z.string(), company: z.string(), tracking_no: z.string(), tracking_url: z.string() })
    .nullable(),
  reject_reason: z.string(),
  refunded_at: ZTime.nullable(),
  timeline: z.array(ZReturnEvent),
});
export type TReturnDetail = z.infer<typeof ZReturnDetail>;
export const ZReturnDetailResponse = envelope(ZReturnDetail);

// ---------------------------------------------------------------- staff (admin token)

export const ZAdminReturnListQuery = z.object({
  status: wholeNumber('status', 0, 8).default(0),
  page: wholeNumber('page', 1, 10_000).default(1),
  pagesize: wholeNumber('pagesize', 1, 100).default(20),
  /** an order number, a return number or a shopper's e-mail */
  q: text().trim().max(254, 'The search is too long').default(''),
});
export type TAdminReturnListQuery = z.input<typeof ZAdminReturnListQuery>;

export const ZAdminReturnListItem = ZReturnListItem.extend({
  user_id: z.number().int(),
  email: z.string(),
  reason: z.string(),
});
export type TAdminReturnListItem = z.infer<typeof ZAdminReturnListItem>;
export const ZAdminReturnListResponse = envelope(listResult(ZAdminReturnListItem));

export const ZAdminRefund = z.object({
  id: z.number().int(),
  return_id: z.number().int().nullable(),
  amount: ZAmount,
  status: z.enum(['pending', 'succeeded', 'failed']),
  reason: z.string(),
  message: z.string(),
  create_time: ZTime,
});
export type TAdminRefund = z.infer<typeof ZAdminRefund>;

export const ZAdminReturnDetail = ZReturnDetail.extend({
  user_id: z.number().int(),
  email: z.string(),
  refunds: z.array(ZAdminRefund),
  /** per line: units received and put back into stock */
  received: z.array(z.object({ order_item_id: z.number().int(), num: z.number().int(), restocked: z.number().int() })),
});
export type TAdminReturnDetail = z.infer<typeof ZAdminReturnDetail>;
export const ZAdminReturnDetailResponse = envelope(ZAdminReturnDetail);

export const ZAdminReturnRejectRequest = z.object({
  id: id('id'),
  reason: z.enum(RETURN_REJECT_REASONS, { error: ReturnMessages.rejectReason }),
  note: text().trim().max(200, 'The note may be at most 200 characters').default(''),
});

/** Each line's units: put back into stock (resellable) or not (damaged). Lines left out are put back. */
export const ZAdminReturnReceiveRequest = z.object({
  id: id('id'),
  lines: z
    .array(z.object({ order_item_id: id('order_item_id'), restock: z.boolean({ error: 'restock must be true or false' }) }))
    .max(ORDER_LINES_MAX)
    .default([]),
});

export const ZAdminReturnShipRequest = z.object({ id: id('id'), company_code: ZCarrierCode, tracking_no: ZTrackingNo });

/** POST /admin/order/refund: money back on any paid order, with a reason, once per request_id. */
export const ZAdminAdhocRefundRequest = z.object({
  order_id: id('order_id'),
  amount: dollars('amount', 0.01),
  reason: text({ error: ReturnMessages.adhocReason })
    .trim()
    .min(2, ReturnMessages.adhocReason)
    .max(200, ReturnMessages.adhocReason),
  /** the form's own key: a repeated or doubled request refunds once */
  request_id: key('request_id').trim().min(8, 'request_id is too short').max(64, 'request_id is too long'),
});
export type TAdminAdhocRefundRequest = z.input<typeof ZAdminAdhocRefundRequest>;
export const ZAdminRefundResponse = envelope(ZAdminRefund);
