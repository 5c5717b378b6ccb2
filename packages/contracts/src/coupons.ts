import { z } from 'zod';
import {
  COUPON_KINDS,
  COUPON_PAGE_SIZE_DEFAULT,
  COUPON_PAGE_SIZE_MAX,
  COUPON_SCOPES,
  COUPON_SOURCES,
  COUPON_STATUSES,
  COUPON_TARGETS_MAX,
  COUPON_UNUSABLE_REASONS,
  COUPON_VALIDITY_KINDS,
} from './coupon-rules';
import { envelope, listResult } from './envelope';
import { coercedId, dollars, id, text, wholeNumber } from './fields';
import { ORDER_LINES_MAX } from './orders-rules';

export * from './coupon-rules';

/**
 * spec 7 "Coupons, points, messages" and the staff coupon API. Amounts on the wire are decimal US
 * dollars with 2 places, like every other amount of the API (the server keeps integer cents);
 * times are epoch milliseconds; flags are 1 or 0.
 */

// ---------------------------------------------------------------- shared field rules

/** USD with two decimals. */
const ZAmount = z.number();
const ZFlag = z.union([z.literal(0), z.literal(1)]);
const ZTime = z.number().int();

const paging = {
  page: wholeNumber('page', 1, 10_000).default(1),
  limit: wholeNumber('limit', 1, COUPON_PAGE_SIZE_MAX).default(COUPON_PAGE_SIZE_DEFAULT),
};

// ---------------------------------------------------------------- what a coupon is

/** The terms of a template, as every coupon answer shows them. */
export const ZCouponTerms = z.object({
  /** the template's id (what POST /shop/coupon/receive takes as `coupon_id`) */
  coupon_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** the terms in one line: "$10.00 off on orders of $50.00 or more" */
  summary: z.string(),
  type: z.enum(COUPON_KINDS),
  /** the amount off, for a fixed coupon (0 for a percentage) */
  amount: ZAmount,
  /** the percentage off, 1–100, for a percentage coupon (0 for a fixed one) */
  percent: z.number().int(),
  /** a percentage coupon's cap, null for none */
  max_discount: ZAmount.nullable(),
  /** what the eligible goods must come to (after sale prices), 0 for no minimum */
  min_spend: ZAmount,
  scope: z.enum(COUPON_SCOPES),
  /** the categories (scope 'categories') or products (scope 'products') it applies to */
  category_ids: z.array(z.number().int()),
  goods_ids: z.array(z.number().int()),
  first_order_only: ZFlag,
  source: z.enum(COUPON_SOURCES),
});
export type TCouponTerms = z.infer<typeof ZCouponTerms>;

// ---------------------------------------------------------------- GET /shop/coupon/center

/** `source` narrows the list: 'center' (the coupon centre) or 'points' (RedeemPointsMore); absent, both. */
export const ZCouponCenterQuery = z.object({
  source: z.enum(['center', 'points'], { error: 'source must be center or points' }).optional(),
  ...paging,
});
export type TCouponCenterQuery = z.input<typeof ZCouponCenterQuery>;

/** A template offered in the coupon centre (or for points on RedeemPointsMore: source 'points'). */
export const ZCouponCenterItem = ZCouponTerms.extend({
  /** fixed dates: from and until (epoch ms); null when the coupon runs `valid_days` from receipt */
  start_at: ZTime.nullable(),
  end_at: ZTime.nullable(),
  valid_days: z.number().int().nullable(),
  /** the points it costs (source 'points'), 0 otherwise */
  points_cost: z.number().int(),
  /** null: no limit on the number issued */
  total: z.number().int().nullable(),
  /** how many remain to be received, null when unlimited */
  remaining: z.number().int().nullable(),
  per_user_limit: z.number().int(),
  /** how many of it the shopper holds (0 for a guest), used or not */
  received: z.number().int(),
  /** 1 when the shopper may receive one now */
  can_receive: ZFlag,
  /** why not, in the shopper's words ('' when can_receive is 1; for a guest, '' too) */
  reason: z.string(),
});
export type TCouponCenterItem = z.infer<typeof ZCouponCenterItem>;
export const ZCouponCenterResponse = envelope(listResult(ZCouponCenterItem));

// ---------------------------------------------------------------- POST /shop/coupon/receive

/** `coupon_id` is the template's id as the centre lists it. */
export const ZCouponReceiveRequest = z.object({ coupon_id: id('coupon_id') });
export type TCouponReceiveRequest = z.infer<typeof ZCouponReceiveRequest>;

// ---------------------------------------------------------------- GET /shop/userCoupon/list

/** A coupon the shopper holds; `id` is what checkout takes as `coupon_id`. */
export const ZUserCoupon = ZCouponTerms.extend({
  id: z.number().int(),
  status: z.enum(COUPON_STATUSES),
  /** usable from and until (epoch ms) */
  start_at: ZTime,
  end_at: ZTime,
  received_at: ZTime,
  used_at: ZTime.nullable(),
  /** the order that used it */
  order_id: z.number().int().nullable(),
});
export type TUserCoupon = z.infer<typeof ZUserCoupon>;

/** The receive answer: the coupon now held. */
export const ZCouponReceiveResponse = envelope(ZUserCoupon);

/** status '' or absent lists every coupon; otherwise one tab. */
export const ZUserCouponListQuery = z.object({
  status: z
    .union([z.literal(''), z.enum(COUPON_STATUSES)], { error: `status must be one of ${COUPON_STATUSES.join(', ')}` })
    .default(''),
  ...paging,
});
export type TUserCouponListQuery = z.input<typeof ZUserCouponListQuery>;

/** The page of coupons, newest first, with how many the shopper has in each tab. */
export const ZUserCouponPage = listResult(ZUserCoupon).extend({
  counts: z.object({ unused: z.number().int(), used: z.number().int(), expired: z.number().int() }),
});
export type TUserCouponPage = z.infer<typeof ZUserCouponPage>;
export const ZUserCouponListResponse = envelope(ZUserCouponPage);

// ---------------------------------------------------------------- GET /api/coupon/index

/** "1,2,3" or repeated cart_ids=1&cart_ids=2. */
const ZIdList = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').filter((part) => part.trim() !== '') : value),
  z
    .array(coercedId('cart_ids'), { error: 'cart_ids must be a list of cart item ids' })
    .min(1, 'Please choose at least one item')
    .max(ORDER_LINES_MAX, `At most ${ORDER_LINES_MAX} items in one order`)
    .refine((ids) => new Set(ids).size === ids.length, 'cart_ids must not repeat an item'),
);

/**
 * The shopper's coupons for a bag (`cart_ids`, the lines being checked out) or for one product
 * (`goods_id`, optionally `sku_id`, and `num`, on the product page). One of the two is required.
 */
export const ZCouponIndexQuery = z
  .object({
    cart_ids: ZIdList.optional(),
    goods_id: coercedId('goods_id').optional(),
    sku_id: coercedId('sku_id').optional(),
    num: wholeNumber('num', 1, 999).default(1),
  })
  .superRefine((value, ctx) => {
    if (value.cart_ids === undefined && value.goods_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['cart_ids'], message: 'Please give cart_ids or goods_id' });
    }
    if (value.cart_ids !== undefined && value.goods_id !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['goods_id'], message: 'Give cart_ids or goods_id, not both' });
    }
  });
export type TCouponIndexQuery = z.input<typeof ZCouponIndexQuery>;
/** The query as the server reads it (ids parsed, `num` defaulted). */
export type TCouponIndexParams = z.output<typeof ZCouponIndexQuery>;

/** A held coupon for this bag: what it saves, or why it cannot be used. */
export const ZCouponOption = ZUserCoupon.extend({
  usable: ZFlag,
  /** what it takes off these goods (0 when unusable) */
  saving: ZAmount,
  reason_code: z.enum(COUPON_UNUSABLE_REASONS).nullable(),
  /** why it cannot be used, in the shopper's words ('' when usable) */
  reason: z.string(),
});
export type TCouponOption = z.infer<typeof ZCouponOption>;

export const ZCouponIndex = z.object({
  /** usable coupons, the largest saving first (ties: the soonest to expire first) */
  usable: z.array(ZCouponOption),
  /** the shopper's other unused coupons, each with its reason */
  unusable: z.array(ZCouponOption),
  /** the id of the best coupon (the first usable one), null when none */
  best_id: z.number().int().nullable(),
  /** the goods priced (after sale prices), USD */
  goods_amount: ZAmount,
});
export type TCouponIndex = z.infer<typeof ZCouponIndex>;
export const ZCouponIndexResponse = envelope(ZCouponIndex);

// ---------------------------------------------------------------- staff (admin token, permission coupons.manage)

const ZAmountInput = (name: string) => dollars(name, 0);

const ZReason = text({ error: 'Please give a reason' })
  .trim()
  .min(1, 'Please give a reason')
  .max(500, 'The reason is too long (500 characters at most)');

const ZTargets = (name: string) =>
  z
    .array(id(name), { error: `${name} must be a list of ids` })
    .max(COUPON_TARGETS_MAX, `At most ${COUPON_TARGETS_MAX} ${name}`)
    .refine((ids) => new Set(ids).size === ids.length, `${name} must not repeat an id`);

/** A template as staff write it (POST /admin/coupons/add, and /edit with its id). */
const templateShape = {
  name: text({ error: 'Please enter a name' }).trim().min(1, 'Please enter a name').max(80, 'The name is too long'),
  description: text().trim().max(500, 'The description is too long').default(''),
  type: z.enum(COUPON_KINDS, { error: `type must be one of ${COUPON_KINDS.join(', ')}` }),
  /** fixed: the amount off, more than 0 */
  amount: ZAmountInput('amount').default(0),
  /** percent: 1–100 */
  percent: z
    .number({ error: 'percent must be a number' })
    .int('percent must be a whole number')
    .min(0, 'percent must be between 1 and 100')
    .max(100, 'percent must be between 1 and 100')
    .default(0),
  max_discount: ZAmountInput('max_discount').nullable().default(null),
  min_spend: ZAmountInput('min_spend').default(0),
  scope: z.enum(COUPON_SCOPES, { error: `scope must be one of ${COUPON_SCOPES.join(', ')}` }).default('all'),
  category_ids: ZTargets('category_ids').default([]),
  goods_ids: ZTargets('goods_ids').default([]),
  validity: z.enum(COUPON_VALIDITY_KINDS, { error: `validity must be one of ${COUPON_VALIDITY_KINDS.join(', ')}` }),
  /** validity 'fixed': epoch ms */
  start_at: z.number({ error: 'start_at must be a time' }).int().min(0).max(8.64e15).nullable().default(null),
  end_at: z.number({ error: 'end_at must be a time' }).int().min(0).max(8.64e15).nullable().default(null),
  /** validity 'days': 1–3650 days from receipt */
  valid_days: z
    .number({ error: 'valid_days must be a number' })
    .int('valid_days must be a whole number')
    .min(1, 'valid_days must be at least 1')
    .max(3650, 'valid_days must be at most 3650')
    .nullable()
    .default(null),
  /** null: unlimited */
  total: z
    .number({ error: 'total must be a number' })
    .int('total must be a whole number')
    .min(0, 'total must not be negative')
    .max(10_000_000, 'total is too large')
    .nullable()
    .default(null),
  per_user_limit: z
    .number({ error: 'per_user_limit must be a number' })
    .int('per_user_limit must be a whole number')
    .min(1, 'per_user_limit must be at least 1')
    .max(100, 'per_user_limit must be at most 100')
    .default(1),
  source: z.enum(COUPON_SOURCES, { error: `source must be one of ${COUPON_SOURCES.join(', ')}` }),
  points_cost: z
    .number({ error: 'points_cost must be a number' })
    .int('points_cost must be a whole number')
    .min(0, 'points_cost must not be negative')
    .max(10_000_000, 'points_cost is too large')
    .default(0),
  first_order_only: z
    .union([z.literal(0), z.literal(1), z.boolean()])
    .default(0)
    .transform(Number),
};

type TemplateFields = {
  type: string;
  amount: number;
  percent: number;
  max_discount: number | null;
  scope: string;
  category_ids: number[];
  goods_ids: number[];
  validity: string;
  start_at: number | null;
  end_at: number | null;
  valid_days: number | null;
  source: string;
  points_cost: number;
};

/** The rules between fields, each naming its field. */
function checkTemplate(value: TemplateFields, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (value.type === 'fixed' && !(value.amount > 0)) issue('amount', 'amount must be more than 0 for a fixed coupon');
  if (value.type === 'percent' && !(value.percent >= 1)) issue('percent', 'percent must be between 1 and 100');
  if (value.type === 'fixed' && value.max_discount !== null) issue('max_discount', 'max_discount is for percentage coupons');
  if (value.scope === 'categories' && value.category_ids.length === 0) issue('category_ids', 'Please choose the categories');
  if (value.scope === 'products' && value.goods_ids.length === 0) issue('goods_ids', 'Please choose the products');
  if (value.validity === 'fixed') {
    if (value.start_at === null) issue('start_at', 'Please give start_at');
    if (value.end_at === null) issue('end_at', 'Please give end_at');
    if (value.start_at !== null && value.end_at !== null && value.end_at <= value.start_at) {
      issue('end_at', 'end_at must be after start_at');
    }
  }
  if (value.validity === 'days' && value.valid_days === null) issue('valid_days', 'Please give valid_days');
  if (value.source === 'points' && value.points_cost <= 0) issue('points_cost', 'points_cost must be more than 0');
  if (value.source !== 'points' && value.points_cost > 0) issue('points_cost', 'points_cost is for source points');
}

export const ZAdminCouponTemplateInput = z.object(templateShape).superRefine(checkTemplate);
export type TAdminCouponTemplateInput = z.input<typeof ZAdminCouponTemplateInput>;

/** POST /admin/coupons/add: a new template (paused or not), with the reason for the audit trail. */
export const ZAdminCouponAddRequest = z
  .object({
    ...templateShape,
    paused: z
      .union([z.literal(0), z.literal(1), z.boolean()])
      .default(0)
      .transform(Number),
    reason: ZReason,
  })
  .superRefine(checkTemplate);
export type TAdminCouponAddRequest = z.input<typeof ZAdminCouponAddRequest>;

/**
 * POST /admin/coupons/edit: the whole template again. The discount rules (type, amounts, minimum,
 * scope and targets, first order only) cannot change once coupons have been received; the name,
 * description, validity of future receipts, total (not below those received), per-shopper limit,
 * source and points cost can.
 */
export const ZAdminCouponEditRequest = z.object({ id: id('id'), ...templateShape, reason: ZReason }).superRefine(checkTemplate);
export type TAdminCouponEditRequest = z.input<typeof ZAdminCouponEditRequest>;

/** POST /admin/coupons/pause: paused 1 stops receipt and grants (held coupons stay usable); 0 resumes. */
export const ZAdminCouponPauseRequest = z.object({
  id: id('id'),
  paused: z.union([z.literal(0), z.literal(1), z.boolean()]).transform(Number),
  reason: ZReason,
});
export type TAdminCouponPauseRequest = z.input<typeof ZAdminCouponPauseRequest>;

/** POST /admin/coupons/grant: one coupon of a template to a shopper (counts against the total, not the per-shopper limit). */
export const ZAdminCouponGrantRequest = z.object({ coupon_id: id('coupon_id'), user_id: id('user_id'), reason: ZReason });
export type TAdminCouponGrantRequest = z.input<typeof ZAdminCouponGrantRequest>;

/** GET /admin/coupons/list: every template with its usage, newest first. */
export const ZAdminCouponListQuery = z.object({
  source: z.enum(COUPON_SOURCES, { error: `source must be one of ${COUPON_SOURCES.join(', ')}` }).optional(),
  ...paging,
});

export const ZAdminCouponTemplate = ZCouponCenterItem.omit({ received: true, can_receive: true, reason: true }).extend({
  id: z.number().int(),
  validity: z.enum(COUPON_VALIDITY_KINDS),
  paused: ZFlag,
  created_at: ZTime,
  updated_at: ZTime,
  /** usage figures: coupons received, used by an order, unused and past their end, unused and still valid */
  usage: z.object({
    received: z.number().int(),
    used: z.number().int(),
    expired: z.number().int(),
    unused: z.number().int(),
    /** what the used coupons took off their orders, USD */
    discount_total: ZAmount,
  }),
});
export type TAdminCouponTemplate = z.infer<typeof ZAdminCouponTemplate>;
export const ZAdminCouponListResponse = envelope(listResult(ZAdminCouponTemplate));
export const ZAdminCouponTemplateResponse = envelope(ZAdminCouponTemplate);
export const ZAdminCouponGrantResponse = envelope(ZUserCoupon);
