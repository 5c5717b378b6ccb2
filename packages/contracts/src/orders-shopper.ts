import { z } from 'zod';
import { envelope, listResult } from './envelope';
import { coercedId, id, text, wholeNumber } from './fields';
import type { TOrderFlags, TStaffOrderFlags } from './order-states';
import {
  CardMessages,
  cardExpired,
  DEFAULT_SHIPPING_METHOD,
  luhnValid,
  ORDER_LINES_MAX,
  ORDER_PAGE_SIZE_DEFAULT,
  ORDER_PAGE_SIZE_MAX,
  SHIPPING_METHODS,
} from './orders-rules';

/** The shopper's side of orders: checkout, the rate endpoints, the orders and their tracking, paying. */

// ---------------------------------------------------------------- shared field rules

/** USD with two decimals (the database keeps cents). */
const ZAmount = z.number();
const ZCountry = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'country must be a two-letter country code')
  .transform((value) => value.toUpperCase());

/**
 * The `Idempotency-Key` header of POST /shop/order/create and /shop/order/pay: any unique text of
 * 8–100 letters, digits, `-`, `_`, `:` or `.` (a UUID is ideal). The same key from the same
 * shopper returns the first answer; the same key with a different request is refused (422).
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const ZIdempotencyKey = z
  .string({ error: 'The Idempotency-Key header is required' })
  .trim()
  .min(8, 'The Idempotency-Key header must be 8 to 100 characters')
  .max(100, 'The Idempotency-Key header must be 8 to 100 characters')
  .regex(/^[A-Za-z0-9_.:-]+$/, 'The Idempotency-Key header may hold only letters, digits, - _ : and .');
export const ZIdempotencyHeaders = z.object({ [IDEMPOTENCY_KEY_HEADER]: ZIdempotencyKey });

const checkoutShape = {
  cart_ids: z
    .array(id('cart_ids'), { error: 'cart_ids must be a list of cart item ids' })
    .min(1, 'Please choose at least one item')
    .max(ORDER_LINES_MAX, `At most ${ORDER_LINES_MAX} items in one order`)
    .refine((ids) => new Set(ids).size === ids.length, 'cart_ids must not repeat an item'),
  shipping_method: z
    .enum(SHIPPING_METHODS, { error: `shipping_method must be one of ${SHIPPING_METHODS.join(', ')}` })
    .default(DEFAULT_SHIPPING_METHOD),
  coupon_id: id('coupon_id').nullish(),
  points: z
    .number({ error: 'points must be a number' })
    .int('points must be a whole number')
    .min(0, 'points must not be negative')
    .max(100_000_000, 'points is too large')
    .default(0),
  /** optional shipping insurance (see GET /api/get/insurance/and/customs) */
  insurance: z
    .union([z.literal(0), z.literal(1), z.boolean()])
    .default(0)
    .transform(Boolean),
  remark: text().trim().max(500, 'The note is too long (500 characters at most)').default(''),
};

/**
 * POST /shop/order/preview: the server's price breakdown for the chosen cart lines, nothing
 * written. `address_id` (one of the shopper's) or, while an address is being typed, `country`
 * decides the surcharge and customs. Fields other than these (a price, say) are ignored: the
 * server prices from the catalogue.
 */
export const ZOrderPreviewRequest = z.object({
  address_id: id('address_id').nullish(),
  country: ZCountry.optional(),
  state: text().trim().max(80).optional(),
  ...checkoutShape,
});
export type TOrderPreviewRequest = z.input<typeof ZOrderPreviewRequest>;

/** POST /shop/order/create, with an `Idempotency-Key` header. */
export const ZOrderCreateRequest = z.object({
  address_id: id('address_id'),
  ...checkoutShape,
  /** the currency the shopper was shown (recorded on the order with its rate); payment is always in USD */
  currency_code: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'currency_code must be a three-letter currency code')
    .transform((value) => value.toUpperCase())
    .optional(),
});
export type TOrderCreateRequest = z.input<typeof ZOrderCreateRequest>;

/** One line of the breakdown's surcharges. */
export const ZSurchargeLine = z.object({
  code: z.enum(['remote_area', 'small_order']),
  label: z.string(),
  amount: ZAmount,
});
export type TSurchargeLine = z.infer<typeof ZSurchargeLine>;

/**
 * The price breakdown, all in USD: pay_price = goods_amount − discount_amount − coupon_amount −
 * points_amount + shipping_amount + surcharge_amount + insurance_amount + customs_amount, never
 * below 0. goods_amount is at original prices; discount_amount is what the sale prices save.
 */
export const ZOrderBreakdown = z.object({
  goods_amount: ZAmount,
  discount_amount: ZAmount,
  coupon_amount: ZAmount,
  points_used: z.number().int(),
  points_amount: ZAmount,
  shipping_method: z.enum(SHIPPING_METHODS),
  shipping_amount: ZAmount,
  surcharge_amount: ZAmount,
  surcharges: z.array(ZSurchargeLine),
  insurance: z.union([z.literal(0), z.literal(1)]),
  insurance_amount: ZAmount,
  customs_amount: ZAmount,
  pay_price: ZAmount,
});
export type TOrderBreakdown = z.infer<typeof ZOrderBreakdown>;

/** An order line as priced from the catalogue now (preview) or as sold (order detail). */
export const ZOrderLine = z.object({
  goods_id: z.number().int(),
  sku_id: z.number().int(),
  goods_name: z.string(),
  goods_url: z.string(),
  image: z.string(),
  /** 'Color:Red;Size:M' */
  sku_text: z.string(),
  unit_price: ZAmount,
  origin_price: ZAmount,
  num: z.number().int(),
  total: ZAmount,
  /** the line's share of the order's coupon and points discounts (largest remainder, exact to the cent) */
  coupon_share: ZAmount,
  points_share: ZAmount,
});
export type TOrderLine = z.infer<typeof ZOrderLine>;

/** One discount of the breakdown as the summary shows it: sale prices, the coupon, the points. */
export const ZDiscountLine = z.object({
  code: z.enum(['sale', 'coupon', 'points']),
  label: z.string(),
  amount: ZAmount,
});
export type TDiscountLine = z.infer<typeof ZDiscountLine>;

export const ZPreviewLine = ZOrderLine.extend({ cart_id: z.number().int(), stock: z.number().int() });
export type TPreviewLine = z.infer<typeof ZPreviewLine>;

export const ZShippingOption = z.object({
  method: z.enum(SHIPPING_METHODS),
  label: z.string(),
  days: z.string(),
  amount: ZAmount,
});
export type TShippingOption = z.infer<typeof ZShippingOption>;

export const ZOrderPreview = z.object({
  lines: z.array(ZPreviewLine),
  total_num: z.number().int(),
  breakdown: ZOrderBreakdown,
  /** what each method would cost for these goods and this address */
  shipping_options: z.array(ZShippingOption),
  /** the country priced (from the address or `country`), null when none was given */
  country: z.string().nullable(),
  points_available: z.number().int(),
  /** the most points this order can take */
  points_max: z.number().int(),
  /** the discounts that apply, each with its label (none when nothing is off) */
  discounts: z.array(ZDiscountLine),
  /** the shopper's coupon applied (the `coupon_id` sent), null when none */
  coupon: z.object({ id: z.number().int(), name: z.string(), summary: z.string(), saving: ZAmount }).nullable(),
  /** what would stop the order being placed now (a line short of stock), in plain words */
  problems: z.array(z.string()),
});
export type TOrderPreview = z.infer<typeof ZOrderPreview>;
export const ZOrderPreviewResponse = envelope(ZOrderPreview);

// ---------------------------------------------------------------- surcharge, insurance and customs

/** GET /api/get/order/surcharge: the surcharges for a destination and an amount of goods (USD, after discounts). */
export const ZSurchargeQuery = z.object({
  country: ZCountry,
  state: text().trim().max(80).optional(),
  amount: z.coerce
    .number({ error: 'amount must be a number' })
    .min(0, 'amount must not be negative')
    .max(10_000_000, 'amount is too large'),
});
export const ZSurcharge = z.object({
  country: z.string(),
  surcharge: ZAmount,
  lines: z.array(ZSurchargeLine),
  /** below this amount of goods the small-order surcharge applies */
  small_order_threshold: ZAmount,
});
export type TSurcharge = z.infer<typeof ZSurcharge>;
export const ZSurchargeResponse = envelope(ZSurcharge);

/** GET /api/get/insurance/and/customs: optional shipping insurance and the destination's import duty. */
export const ZInsuranceCustomsQuery = z.object({
  country: ZCountry,
  amount: z.coerce
    .number({ error: 'amount must be a number' })
    .min(0, 'amount must not be negative')
    .max(10_000_000, 'amount is too large'),
});
export const ZInsuranceCustoms = z.object({
  country: z.string(),
  /** insurance costs this percentage of the goods, at least `insurance_min` */
  insurance_rate_percent: z.number(),
  insurance_min: ZAmount,
  insurance: ZAmount,
  /** duty is charged on the whole amount of goods once it exceeds the threshold; 0 rate = none */
  customs_rate_percent: z.number(),
  customs_threshold: ZAmount,
  customs: ZAmount,
});
export type TInsuranceCustoms = z.infer<typeof ZInsuranceCustoms>;
export const ZInsuranceCustomsResponse = envelope(ZInsuranceCustoms);

// ---------------------------------------------------------------- orders

/** GET /shop/order/list: status 0 or absent = all; 4 (or 5) = Completed, both codes. */
export const ZOrderListQuery = z.object({
  status: wholeNumber('status', 0, 7).default(0),
  page: wholeNumber('page', 1, 10_000).default(1),
  pagesize: wholeNumber('pagesize', 1, ORDER_PAGE_SIZE_MAX).default(ORDER_PAGE_SIZE_DEFAULT),
});
export type TOrderListQuery = z.input<typeof ZOrderListQuery>;

const ZFlag = z.union([z.literal(0), z.literal(1)]);

/**
 * What the shopper may do with an order now, worked out by the server from the state machine
 * (`order-states.ts` `orderFlags`): the pages show an order's actions from these flags only.
 */
export const ZOrderFlags = z.object({
  can_pay: ZFlag,
  can_cancel: ZFlag,
  can_receive: ZFlag,
  /** the parcel has left: its journey can be followed */
  can_track: ZFlag,
  /** delivered, and some item still waits for its review */
  can_review: ZFlag,
  /** paid and not yet refunded: the return form is open to it (cancel and refund, missing item, return) */
  can_return: ZFlag,
}) satisfies z.ZodType<TOrderFlags>;

/** What the order's state lets staff do with it now (`order-states.ts` `staffOrderFlags`; the role still applies). */
export const ZStaffOrderFlags = z.object({
  /** paid and waiting to leave: it may be shipped */
  can_ship: ZFlag,
}) satisfies z.ZodType<TStaffOrderFlags>;

/** spec 3 "Order list item", plus the status label, the payment deadline and what may be done now. */
export const ZOrderListItem = z.object({
  id: z.number().int(),
  order_no: z.string(),
  status: z.number().int(),
  status_text: z.string(),
  pay_price: ZAmount,
  total_num: z.number().int(),
  /** epoch ms */
  create_time: z.number().int(),
  /** epoch ms; an unpaid order is cancelled after this */
  pay_expires_at: z.number().int(),
  detail: z.array(z.object({ goods_name: z.string(), num: z.number().int(), image: z.string() })),
  ...ZOrderFlags.shape,
});
export type TOrderListItem = z.infer<typeof ZOrderListItem>;
export const ZOrderListResponse = envelope(listResult(ZOrderListItem));

export const ZOrderIdQuery = z.object({ id: coercedId('id') });
export const ZOrderIdRequest = z.object({ id: id('id') });

export const ZOrderAddress = z.object({
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  country: z.string(),
  state: z.string(),
  city: z.string(),
  address1: z.string(),
  address2: z.string(),
  postcode: z.string(),
});
export type TOrderAddress = z.infer<typeof ZOrderAddress>;

export const PAYMENT_STATUSES = ['pending', 'succeeded', 'declined', 'retry', 'failed'] as const;

export const ZOrderPayment = z.object({
  id: z.number().int(),
  provider: z.string(),
  amount: ZAmount,
  status: z.enum(PAYMENT_STATUSES),
  message: z.string(),
  card_last4: z.string(),
  create_time: z.number().int(),
});
export type TOrderPayment = z.infer<typeof ZOrderPayment>;

export const ZOrderHistoryEntry = z.object({
  from_status: z.number().int().nullable(),
  to_status: z.number().int(),
  /** who moved it: shopper, payment, staff or system */
  actor: z.enum(['shopper', 'payment', 'staff', 'system']),
  note: z.string(),
  create_time: z.number().int(),
});

export const ZDeliveryCompany = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** with `{no}` where the tracking number goes */
  tracking_url: z.string(),
});
export type TDeliveryCompany = z.infer<typeof ZDeliveryCompany>;

export const ZOrderDetail = ZOrderListItem.extend({
  lines: z.array(ZOrderLine.extend({ id: z.number().int() })),
  address: ZOrderAddress,
  breakdown: ZOrderBreakdown,
  remark: z.string(),
  currency_code: z.string(),
  payments: z.array(ZOrderPayment),
  history: z.array(ZOrderHistoryEntry),
  delivery_company: ZDeliveryCompany.pick({ code: true, name: true }).nullable(),
  tracking_no: z.string().nullable(),
  /** the carrier's tracking page for this parcel, empty before shipping */
  tracking_url: z.string(),
  paid_at: z.number().int().nullable(),
  shipped_at: z.number().int().nullable(),
  completed_at: z.number().int().nullable(),
  cancelled_at: z.number().int().nullable(),
  cancel_reason: z.string(),
  /** what refunds gave back so far (a partly refunded order keeps its status) */
  refunded_amount: ZAmount,
});
export type TOrderDetail = z.infer<typeof ZOrderDetail>;
export const ZOrderDetailResponse = envelope(ZOrderDetail);

/** POST /shop/order/create answers the new order (the same one again for a repeated Idempotency-Key). */
export const ZOrderCreateResponse = envelope(ZOrderDetail);
/** POST /shop/order/cancel and /shop/order/receive answer the order as it now is. */
export const ZOrderActionResponse = envelope(ZOrderDetail);

export const ZTrackingEvent = z.object({
  /** epoch ms */
  time: z.number().int(),
  status: z.string(),
  location: z.string(),
  description: z.string(),
});
export type TTrackingEvent = z.infer<typeof ZTrackingEvent>;

/** GET /shop/order/delivery: the carrier, the tracking number and link, events newest first. */
export const ZOrderDelivery = z.object({
  id: z.number().int(),
  order_no: z.string(),
  status: z.number().int(),
  status_text: z.string(),
  company: ZDeliveryCompany.pick({ code: true, name: true }).nullable(),
  tracking_no: z.string().nullable(),
  tracking_url: z.string(),
  shipped_at: z.number().int().nullable(),
  address: ZOrderAddress,
  events: z.array(ZTrackingEvent),
  ...ZOrderFlags.shape,
});
export type TOrderDelivery = z.infer<typeof ZOrderDelivery>;
export const ZOrderDeliveryResponse = envelope(ZOrderDelivery);

/** GET /shop/delivery/company. */
export const ZDeliveryCompanyListResponse = envelope(listResult(ZDeliveryCompany));

// ---------------------------------------------------------------- payment

/** The card form: the number may hold spaces or dashes; a 2-digit year means 20YY. */
export const ZCard = z
  .object({
    number: z
      .string({ error: CardMessages.numberInvalid })
      .transform((value) => value.replace(/[\s-]/g, ''))
      .refine(luhnValid, CardMessages.numberInvalid),
    exp_month: z.coerce
      .number({ error: CardMessages.monthInvalid })
      .int(CardMessages.monthInvalid)
      .min(1, CardMessages.monthInvalid)
      .max(12, CardMessages.monthInvalid),
    exp_year: z.coerce
      .number({ error: CardMessages.yearInvalid })
      .int(CardMessages.yearInvalid)
      .min(0, CardMessages.yearInvalid)
      .max(2100, CardMessages.yearInvalid)
      .transform((year) => (year < 100 ? 2000 + year : year))
      .refine((year) => year >= 2000, CardMessages.yearInvalid),
    cvc: z
      .string({ error: CardMessages.cvcInvalid })
      .trim()
      .regex(/^\d{3,4}$/, CardMessages.cvcInvalid),
    name: text({ error: CardMessages.nameRequired }).trim().min(1, CardMessages.nameRequired).max(100, 'The name is too long'),
  })
  .superRefine((card, ctx) => {
    if (cardExpired(card.exp_month, card.exp_year)) {
      ctx.addIssue({ code: 'custom', path: ['exp_year'], message: CardMessages.expired });
    }
  });
export type TCard = z.input<typeof ZCard>;

/** POST /shop/order/pay, with an `Idempotency-Key` header (a new key for each attempt the shopper makes). */
export const ZOrderPayRequest = z.object({ id: id('id'), card: ZCard });
export type TOrderPayRequest = z.input<typeof ZOrderPayRequest>;

export const PAY_OUTCOMES = ['succeeded', 'declined', 'retry'] as const;
export type TPayOutcome = (typeof PAY_OUTCOMES)[number];

/** The attempt's outcome and the order as it now is (status 2 after success, still 1 otherwise). */
export const ZOrderPayResult = z.object({
  status: z.enum(PAY_OUTCOMES),
  message: z.string(),
  order: ZOrderDetail,
});
export type TOrderPayResult = z.infer<typeof ZOrderPayResult>;
export const ZOrderPayResponse = envelope(ZOrderPayResult);
