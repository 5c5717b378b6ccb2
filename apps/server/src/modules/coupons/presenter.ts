import { type CouponStatus, couponSummary } from '@shop/contracts/coupon-rules';
import type { TAdminCouponTemplate, TCouponTerms, TUserCoupon } from '@shop/contracts/coupons';
import { centsToPrice } from '@shop/contracts/pricing';
import type { CouponRule } from '../orders';
import type { HeldCouponRow, TemplateRow } from './repo';

const ids = (json: string): number[] => {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((value): value is number => Number.isInteger(value)) : [];
};

export const templateCategoryIds = (template: TemplateRow) => ids(template.category_ids);
export const templateGoodsIds = (template: TemplateRow) => ids(template.goods_ids);

export const summaryOf = (template: TemplateRow) =>
  couponSummary({
    kind: template.kind,
    amountCents: template.amount_cents,
    percent: template.percent,
    maxDiscountCents: template.max_discount_cents,
    minSpendCents: template.min_spend_cents,
  });

/** A template's terms as every coupon answer shows them. */
export function termsOf(template: TemplateRow, source = template.source): TCouponTerms {
  return {
    coupon_id: template.id,
    name: template.name,
    description: template.description,
    summary: summaryOf(template),
    type: template.kind,
    amount: template.kind === 'fixed' ? centsToPrice(template.amount_cents) : 0,
    percent: template.kind === 'percent' ? template.percent : 0,
    max_discount:
      template.kind === 'percent' && template.max_discount_cents !== null ? centsToPrice(template.max_discount_cents) : null,
    min_spend: centsToPrice(template.min_spend_cents),
    scope: template.scope,
    category_ids: template.scope === 'categories' ? templateCategoryIds(template) : [],
    goods_ids: template.scope === 'products' ? templateGoodsIds(template) : [],
    first_order_only: template.first_order_only ? 1 : 0,
    source,
  };
}

/** What a held coupon is at `now`: used, or unused until its end and expired after. */
export const statusOf = (row: Pick<HeldCouponRow, 'status' | 'end_at'>, now: number): CouponStatus =>
  row.status === 'used' ? 'used' : row.end_at <= now ? 'expired' : 'unused';

export function presentUserCoupon(row: HeldCouponRow, now: number): TUserCoupon {
  return {
    ...termsOf(row.template, row.source),
    id: row.id,
    status: statusOf(row, now),
    start_at: row.start_at,
    end_at: row.end_at,
    received_at: row.received_at,
    used_at: row.used_at,
    order_id: row.order_id,
  };
}

/** The rules the pricing engine applies; `categoryIds` already takes in the chosen categories' subtrees. */
export function ruleOf(row: HeldCouponRow, categoryIds: readonly number[]): CouponRule {
  const t = row.template;
  return {
    kind: t.kind,
    amountCents: t.amount_cents,
    percent: t.percent,
    maxDiscountCents: t.max_discount_cents,
    minSpendCents: t.min_spend_cents,
    scope: t.scope,
    categoryIds,
    goodsIds: templateGoodsIds(t),
    firstOrderOnly: t.first_order_only === 1,
    startAt: row.start_at,
    endAt: row.end_at,
    used: row.status === 'used',
  };
}

/** A template as staff see it, with its usage figures. */
export function presentAdminTemplate(
  template: TemplateRow,
  usage: { received: number; used: number; expired: number; discountCents: number },
): TAdminCouponTemplate {
  return {
    ...termsOf(template),
    id: template.id,
    validity: template.validity,
    start_at: template.start_at,
    end_at: template.end_at,
    valid_days: template.valid_days,
    points_cost: template.points_cost,
    total: template.total,
    remaining: template.total === null ? null : Math.max(0, template.total - template.issued),
    per_user_limit: template.per_user_limit,
    paused: template.paused ? 1 : 0,
    created_at: template.created_at,
    updated_at: template.updated_at,
    usage: {
      received: usage.received,
      used: usage.used,
      expired: usage.expired,
      unused: Math.max(0, usage.received - usage.used - usage.expired),
      discount_total: centsToPrice(usage.discountCents),
    },
  };
}
