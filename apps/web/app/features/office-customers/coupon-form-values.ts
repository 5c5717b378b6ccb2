import type { TAdminCouponTemplate } from '@shop/contracts/coupons';

/**
 * The coupon template form's fields as the request's values: numbers, lists of ids and UTC days
 * read from the fields' text, and only the values the chosen kind, scope, validity and source use.
 */

const DAY_MS = 86_400_000;

/** A moment as a date field's value (its UTC day), or empty. */
export const dateInput = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString().slice(0, 10));

/** A date field as epoch ms (UTC): the start of the day, or with `end` its last millisecond. */
export const dateValue = (value: string, end = false) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const start = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(start) ? null : end ? start + DAY_MS - 1 : start;
};

/** A number field's value, or `empty` when it is empty. */
export const numberOr = <T>(value: string, empty: T): number | T => (value.trim() === '' ? empty : Number(value));

/** Ids typed with commas or spaces between them. */
export const idList = (value: string) =>
  value
    .split(/[\s,]+/)
    .filter((part) => part !== '')
    .map(Number);

/** The choices the form holds in its state: they decide which other fields it shows and sends. */
export type TemplateChoices = { type: string; scope: string; validity: string; source: string };

/** The add or edit request's input (checked by the contracts' schema before it is sent). */
export function templateInput(data: FormData, template: TAdminCouponTemplate | null, choices: TemplateChoices) {
  const { type, scope, validity, source } = choices;
  const value = (name: string) => String(data.get(name) ?? '');
  return {
    ...(template ? { id: template.id } : {}),
    name: value('name'),
    description: value('description'),
    type,
    amount: type === 'fixed' ? numberOr(value('amount'), 0) : 0,
    percent: type === 'percent' ? numberOr(value('percent'), 0) : 0,
    max_discount: type === 'percent' ? numberOr(value('max_discount'), null) : null,
    min_spend: numberOr(value('min_spend'), 0),
    scope,
    category_ids: scope === 'categories' ? idList(value('category_ids')) : [],
    goods_ids: scope === 'products' ? idList(value('goods_ids')) : [],
    validity,
    start_at: validity === 'fixed' ? dateValue(value('start_at')) : null,
    end_at: validity === 'fixed' ? dateValue(value('end_at'), true) : null,
    valid_days: validity === 'days' ? numberOr(value('valid_days'), null) : null,
    total: numberOr(value('total'), null),
    per_user_limit: numberOr(value('per_user_limit'), 1),
    source,
    points_cost: source === 'points' ? numberOr(value('points_cost'), 0) : 0,
    first_order_only: data.get('first_order_only') ? 1 : 0,
    reason: value('reason'),
  };
}
