import { CouponReasons, type CouponUnusableReason } from '@shop/contracts/coupon-rules';
import {
  POINTS_MAX_SHARE_PERCENT,
  POINTS_PER_DOLLAR,
  SHIPPING_METHOD_INFO,
  SHIPPING_METHODS,
  type TShippingMethod,
} from '@shop/contracts/orders';
import { priceToCents } from '@shop/contracts/pricing';
import { AppError } from '../../http/errors';

/**
 * The pricing engine: pure, integer cents throughout. It never reads a price the client sent;
 * the caller hands it the lines as the catalogue prices them now. Every rule lives here once and
 * serves the checkout preview, order creation and the two public rate endpoints.
 */

// ---------------------------------------------------------------- rates

/** Standard shipping is free once the goods (after sale prices) reach this; express is a flat price. */
export const SHIPPING_RATES: Record<TShippingMethod, { cents: number; freeOverCents: number | null }> = Object.fromEntries(
  SHIPPING_METHODS.map((method) => {
    const info = SHIPPING_METHOD_INFO[method];
    return [
      method,
      { cents: priceToCents(info.price), freeOverCents: info.free_over === null ? null : priceToCents(info.free_over) },
    ];
  }),
) as Record<TShippingMethod, { cents: number; freeOverCents: number | null }>;

/** Orders of goods under this (after sale prices) carry a small-order handling surcharge. */
export const SMALL_ORDER_THRESHOLD_CENTS = 1500;
export const SMALL_ORDER_SURCHARGE_CENTS = 299;

/** Places carriers charge extra to reach: islands and territories far from the main hubs. */
export const REMOTE_AREA_SURCHARGE_CENTS = 699;
const REMOTE_COUNTRIES = new Set([
  'AS', // American Samoa
  'FK', // Falkland Islands
  'FO', // Faroe Islands
  'GF', // French Guiana
  'GL', // Greenland
  'GP', // Guadeloupe
  'GU', // Guam
  'IS', // Iceland
  'MP', // Northern Mariana Islands
  'MQ', // Martinique
  'NC', // New Caledonia
  'PF', // French Polynesia
  'PM', // Saint Pierre and Miquelon
  'RE', // Réunion
  'SH', // Saint Helena
  'VI', // U.S. Virgin Islands
  'WF', // Wallis and Futuna
  'YT', // Mayotte
]);
/** US states served as remote areas (the state field holds the code or the name). */
const REMOTE_US_STATES = new Set(['AK', 'ALASKA', 'HI', 'HAWAII']);

/** Optional shipping insurance: this share of the goods (after sale prices), at least the minimum. */
export const INSURANCE_RATE_PERMILLE = 20;
export const INSURANCE_MIN_CENTS = 99;

/**
 * Import duty collected at checkout so the parcel clears customs without a bill at the door:
 * once the goods (after sale prices) exceed the destination's threshold, duty is the rate on
 * the whole amount. Thresholds are the countries' de-minimis values, in US dollars, rounded.
 */
type CustomsRule = { thresholdCents: number; ratePercent: number };
/** The European Union's members share one customs territory. */
const EU = 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' ');
const CUSTOMS_RULES = new Map<string, CustomsRule>([
  ['US', { thresholdCents: 0, ratePercent: 0 }],
  ['CA', { thresholdCents: 11_000, ratePercent: 18 }],
  ['MX', { thresholdCents: 11_700, ratePercent: 16 }],
  ['GB', { thresholdCents: 17_000, ratePercent: 12 }],
  ['AU', { thresholdCents: 65_000, ratePercent: 5 }],
  ['JP', { thresholdCents: 6_500, ratePercent: 10 }],
  ...EU.map((country): [string, CustomsRule] => [country, { thresholdCents: 16_000, ratePercent: 12 }]),
]);
/** Everywhere else. */
const DEFAULT_CUSTOMS: CustomsRule = { thresholdCents: 20_000, ratePercent: 10 };
/** US territories ship as domestic parcels. */
const DOMESTIC = new Set(['US', 'PR', 'GU', 'VI', 'AS', 'MP']);

export const customsRuleOf = (country: string): CustomsRule =>
  DOMESTIC.has(country) ? { thresholdCents: 0, ratePercent: 0 } : (CUSTOMS_RULES.get(country) ?? DEFAULT_CUSTOMS);

// ---------------------------------------------------------------- the rules one by one

/** n × rate / divisor, halves rounded up, in integers. */
const share = (cents: number, rate: number, divisor: number) => Math.floor((cents * rate * 2 + divisor) / (divisor * 2));

export function shippingCents(method: TShippingMethod, merchandiseCents: number): number {
  const rate = SHIPPING_RATES[method];
  return rate.freeOverCents !== null && merchandiseCents >= rate.freeOverCents ? 0 : rate.cents;
}

export type SurchargeLineCents = { code: 'remote_area' | 'small_order'; label: string; amount: number };

export type Destination = { country: string; state?: string | null };

/** The surcharges of spec 7's GET /api/get/order/surcharge, for a destination and an amount of goods. */
export function surchargeLines(destination: Destination | null, merchandiseCents: number): SurchargeLineCents[] {
  const lines: SurchargeLineCents[] = [];
  if (merchandiseCents > 0 && merchandiseCents < SMALL_ORDER_THRESHOLD_CENTS) {
    lines.push({ code: 'small_order', label: 'Small order handling', amount: SMALL_ORDER_SURCHARGE_CENTS });
  }
  if (destination && isRemote(destination)) {
    lines.push({ code: 'remote_area', label: 'Remote area delivery', amount: REMOTE_AREA_SURCHARGE_CENTS });
  }
  return lines;
}

function isRemote({ country, state }: Destination) {
  if (REMOTE_COUNTRIES.has(country)) return true;
  return country === 'US' && REMOTE_US_STATES.has((state ?? '').trim().toUpperCase());
}

export function insuranceCents(merchandiseCents: number): number {
  if (merchandiseCents <= 0) return 0;
  return Math.max(INSURANCE_MIN_CENTS, share(merchandiseCents, INSURANCE_RATE_PERMILLE, 1000));
}

export function customsCents(country: string | null, merchandiseCents: number): number {
  if (!country) return 0;
  const rule = customsRuleOf(country);
  if (rule.ratePercent === 0 || merchandiseCents <= rule.thresholdCents) return 0;
  return share(merchandiseCents, rule.ratePercent, 100);
}

/** 100 points are $1: a point is a cent. */
export const pointsToCents = (points: number) => Math.floor((points * 100) / POINTS_PER_DOLLAR);

/** The most points an order can take: the shopper's balance, and a share of the goods after discounts and coupon. */
export function pointsMax(available: number, payableGoodsCents: number): number {
  const capCents = Math.floor((Math.max(0, payableGoodsCents) * POINTS_MAX_SHARE_PERCENT) / 100);
  const capPoints = Math.floor((capCents * POINTS_PER_DOLLAR) / 100);
  return Math.max(0, Math.min(available, capPoints));
}

// ---------------------------------------------------------------- coupons

/**
 * A coupon's rules as the coupons module hands them in (cents; `categoryIds` already holds every
 * category under the chosen ones). The engine decides from these alone.
 */
export type CouponRule = {
  kind: 'fixed' | 'percent';
  amountCents: number;
  percent: number;
  maxDiscountCents: number | null;
  minSpendCents: number;
  scope: 'all' | 'categories' | 'products';
  categoryIds: readonly number[];
  goodsIds: readonly number[];
  firstOrderOnly: boolean;
  startAt: number;
  endAt: number;
  used: boolean;
};

/** What the engine knows of the shopper and the moment: `firstOrder` when no earlier order counts. */
export type CouponContext = { now: number; firstOrder: boolean };

/** What a coupon line needs of an order line: its product, category and price after sale. */
export type CouponLine = { goods_id: number; category_id?: number | null; unit_price: number; num: number };

export type CouponOutcome =
  | { usable: true; cents: number; eligible: boolean[]; eligibleCents: number }
  | { usable: false; reason: CouponUnusableReason; eligibleCents: number };

const appliesTo = (rule: CouponRule, line: CouponLine) =>
  rule.scope === 'all' ||
  (rule.scope === 'products' && rule.goodsIds.includes(line.goods_id)) ||
  (rule.scope === 'categories' && line.category_id != null && rule.categoryIds.includes(line.category_id));

/**
 * What a coupon takes off these lines, or why it cannot be used: it applies to the lines in its
 * scope, their total (after sale prices) must reach the minimum spend, a percentage is rounded to
 * the nearest cent and capped, and it never takes more than those lines come to.
 */
export function couponOutcome(rule: CouponRule, lines: readonly CouponLine[], context: CouponContext): CouponOutcome {
  const eligible = lines.map((line) => appliesTo(rule, line));
  const eligibleCents = lines.reduce((sum, line, index) => sum + (eligible[index] ? line.unit_price * line.num : 0), 0);
  const refuse = (reason: CouponUnusableReason): CouponOutcome => ({ usable: false, reason, eligibleCents });
  if (rule.used) return refuse('used');
  if (context.now >= rule.endAt) return refuse('expired');
  if (context.now < rule.startAt) return refuse('not_started');
  if (rule.firstOrderOnly && !context.firstOrder) return refuse('first_order_only');
  if (eligibleCents <= 0) return refuse('not_applicable');
  if (eligibleCents < rule.minSpendCents) return refuse('min_spend');
  let cents = rule.kind === 'fixed' ? rule.amountCents : share(eligibleCents, rule.percent, 100);
  if (rule.kind === 'percent' && rule.maxDiscountCents !== null) cents = Math.min(cents, rule.maxDiscountCents);
  cents = Math.max(0, Math.min(cents, eligibleCents));
  return { usable: true, cents, eligible, eligibleCents };
}

/** The text of a reason a coupon cannot be used. */
export const couponReasonText = (reason: CouponUnusableReason, rule: Pick<CouponRule, 'minSpendCents' | 'startAt'>) =>
  CouponReasons[reason]({ minSpendCents: rule.minSpendCents, startAt: rule.startAt });

/**
 * Spreads `total` cents over parts in proportion to `weights` by largest remainder: each part gets
 * the whole cents of its exact share, and the cents left go one each to the parts with the largest
 * fractions (the earlier part on a tie). The parts sum to `total` exactly; a part of weight 0 gets
 * nothing. Integer arithmetic throughout (BigInt for the products).
 */
export function allocateByLargestRemainder(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  if (total <= 0 || sum <= 0) return weights.map(() => 0);
  const bigTotal = BigInt(total);
  const bigSum = BigInt(sum);
  const parts = weights.map((weight, index) => {
    const exact = bigTotal * BigInt(weight);
    return { index, whole: Number(exact / bigSum), remainder: exact % bigSum };
  });
  let left = total - parts.reduce((acc, part) => acc + part.whole, 0);
  const byRemainder = [...parts]
    .filter((part) => (weights[part.index] as number) > 0)
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const part of byRemainder) {
    if (left <= 0) break;
    part.whole += 1;
    left -= 1;
  }
  return parts.map((part) => part.whole);
}

// ---------------------------------------------------------------- the whole order

/** A line as the catalogue prices it now (cents). */
export type PricedLineInput = {
  goods_id: number;
  sku_id: number;
  goods_name: string;
  goods_url: string;
  image: string;
  sku_text: string;
  unit_price: number;
  origin_price: number;
  num: number;
  /** for a coupon's category scope */
  category_id?: number | null;
};

export type PricingInput = {
  lines: PricedLineInput[];
  shippingMethod: TShippingMethod;
  destination: Destination | null;
  insurance: boolean;
  /** points the shopper asks to use */
  points: number;
  /** the shopper's balance */
  pointsAvailable: number;
  /** the rules of the coupon the shopper chose (loaded by the caller through the coupons module) */
  coupon?: CouponRule | null;
  /** when a coupon is given: the time and whether this is the shopper's first order */
  couponContext?: CouponContext;
};

export type Breakdown = {
  goods_amount: number;
  discount_amount: number;
  coupon_amount: number;
  points_used: number;
  points_amount: number;
  shipping_method: TShippingMethod;
  shipping_amount: number;
  surcharge_amount: number;
  surcharges: SurchargeLineCents[];
  insurance: 0 | 1;
  insurance_amount: number;
  customs_amount: number;
  pay_price: number;
};

/** A priced line: its total after sale prices and its shares of the coupon and points discounts (cents). */
export type PricedLine = PricedLineInput & { total: number; coupon_share: number; points_share: number };

export type PricedOrder = {
  lines: PricedLine[];
  total_num: number;
  breakdown: Breakdown;
  shippingOptions: Array<{ method: TShippingMethod; amount: number }>;
  pointsMax: number;
};

export const POINTS_MESSAGES = {
  balance: (available: number) => `You have ${available} points`,
  cap: (max: number) => (max === 0 ? 'Points cannot be used on this order' : `At most ${max} points can be used on this order`),
};

/**
 * Prices an order. Throws a 400 naming the field for points beyond the balance or the cap, and
 * for a coupon that cannot be used on these lines (with the reason). The coupon comes off the
 * goods it applies to; points pay at most a share of the goods after the coupon; both are spread
 * over the lines by largest remainder (`coupon_share`, `points_share`), exact to the cent.
 */
export function priceOrder(input: PricingInput): PricedOrder {
  const totals = input.lines.map((line) => line.unit_price * line.num);
  const goods = input.lines.reduce((sum, line) => sum + Math.max(line.origin_price, line.unit_price) * line.num, 0);
  const merchandise = totals.reduce((sum, total) => sum + total, 0);
  const discount = goods - merchandise;

  let couponShares = input.lines.map(() => 0);
  if (input.coupon) {
    const outcome = couponOutcome(input.coupon, input.lines, input.couponContext ?? { now: Date.now(), firstOrder: false });
    if (!outcome.usable) throw AppError.field('coupon_id', couponReasonText(outcome.reason, input.coupon));
    couponShares = allocateByLargestRemainder(
      outcome.cents,
      totals.map((total, index) => (outcome.eligible[index] ? total : 0)),
    );
  }
  const coupon = couponShares.reduce((sum, part) => sum + part, 0);
  const payableGoods = merchandise - coupon;

  const maxPoints = pointsMax(input.pointsAvailable, payableGoods);
  if (input.points > input.pointsAvailable) throw AppError.field('points', POINTS_MESSAGES.balance(input.pointsAvailable));
  if (input.points > maxPoints) throw AppError.field('points', POINTS_MESSAGES.cap(maxPoints));
  const pointsAmount = pointsToCents(input.points);
  const pointsShares = allocateByLargestRemainder(
    pointsAmount,
    totals.map((total, index) => total - (couponShares[index] ?? 0)),
  );

  const lines = input.lines.map((line, index) => ({
    ...line,
    total: totals[index] ?? 0,
    coupon_share: couponShares[index] ?? 0,
    points_share: pointsShares[index] ?? 0,
  }));
  const shipping = shippingCents(input.shippingMethod, merchandise);
  const surcharges = surchargeLines(input.destination, merchandise);
  const surcharge = surcharges.reduce((sum, line) => sum + line.amount, 0);
  const insurance = input.insurance ? insuranceCents(merchandise) : 0;
  const customs = customsCents(input.destination?.country ?? null, merchandise);
  const pay = Math.max(0, goods - discount - coupon - pointsAmount + shipping + surcharge + insurance + customs);

  return {
    lines,
    total_num: lines.reduce((sum, line) => sum + line.num, 0),
    breakdown: {
      goods_amount: goods,
      discount_amount: discount,
      coupon_amount: coupon,
      points_used: input.points,
      points_amount: pointsAmount,
      shipping_method: input.shippingMethod,
      shipping_amount: shipping,
      surcharge_amount: surcharge,
      surcharges,
      insurance: input.insurance ? 1 : 0,
      insurance_amount: insurance,
      customs_amount: customs,
      pay_price: pay,
    },
    shippingOptions: SHIPPING_METHODS.map((method) => ({ method, amount: shippingCents(method, merchandise) })),
    pointsMax: maxPoints,
  };
}
