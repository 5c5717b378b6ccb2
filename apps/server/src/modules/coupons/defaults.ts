import type { Insertable } from 'kysely';
import type { CouponTemplatesTable } from '../../db/schema';

type DefaultTemplate = Omit<Insertable<CouponTemplatesTable>, 'created_at' | 'updated_at' | 'issued'> & { code: string };

/** A plain coupon's rules, which a template states only where it differs: all goods, no minimum, one each, open. */
export const TEMPLATE_BASE = {
  description: '',
  amount_cents: 0,
  percent: 0,
  max_discount_cents: null,
  min_spend_cents: 0,
  scope: 'all',
  category_ids: '[]',
  goods_ids: '[]',
  validity: 'days',
  start_at: null,
  end_at: null,
  total: null,
  per_user_limit: 1,
  points_cost: 0,
  first_order_only: 0,
  paused: 0,
} as const;

/**
 * The coupon templates every shop starts with (the reference seed writes each one missing, by
 * `code`): the welcome offers the register form and the newsletter promise, the friend's welcome
 * coupon, the coupon centre's offers and the coupons points buy. Staff change them through the
 * staff API; a changed one is never written over.
 */
export const DEFAULT_COUPON_TEMPLATES: DefaultTemplate[] = [
  {
    ...TEMPLATE_BASE,
    code: 'WELCOME20',
    name: '20% off your first order',
    description: 'Thanks for signing up to our news: 20% off your first order, up to $30.',
    kind: 'percent',
    percent: 20,
    max_discount_cents: 3000,
    valid_days: 30,
    source: 'registration',
    first_order_only: 1,
  },
  {
    ...TEMPLATE_BASE,
    code: 'VERIFIED10',
    name: '$10 welcome coupon',
    description: 'For verifying your e-mail address: $10 off an order of $50 or more.',
    kind: 'fixed',
    amount_cents: 1000,
    min_spend_cents: 5000,
    valid_days: 30,
    source: 'newsletter',
  },
  {
    ...TEMPLATE_BASE,
    code: 'FRIEND5',
    name: "A friend's welcome",
    description: 'Invited by a friend: $5 off an order of $30 or more.',
    kind: 'fixed',
    amount_cents: 500,
    min_spend_cents: 3000,
    valid_days: 30,
    source: 'referral',
  },
  {
    ...TEMPLATE_BASE,
    code: 'CENTER15',
    name: '15% off',
    description: '15% off an order of $60 or more, up to $20.',
    kind: 'percent',
    percent: 15,
    max_discount_cents: 2000,
    min_spend_cents: 6000,
    valid_days: 14,
    total: 1000,
    source: 'center',
  },
  {
    ...TEMPLATE_BASE,
    code: 'CENTER5',
    name: '$5 off',
    description: '$5 off an order of $39 or more.',
    kind: 'fixed',
    amount_cents: 500,
    min_spend_cents: 3900,
    valid_days: 14,
    total: 500,
    per_user_limit: 2,
    source: 'center',
  },
  {
    ...TEMPLATE_BASE,
    code: 'POINTS5',
    name: '$5 for 500 points',
    description: '$5 off an order of $40 or more, for 500 points.',
    kind: 'fixed',
    amount_cents: 500,
    min_spend_cents: 4000,
    valid_days: 30,
    per_user_limit: 5,
    source: 'points',
    points_cost: 500,
  },
  {
    ...TEMPLATE_BASE,
    code: 'POINTS10',
    name: '$10 for 1000 points',
    description: '$10 off an order of $80 or more, for 1000 points.',
    kind: 'fixed',
    amount_cents: 1000,
    min_spend_cents: 8000,
    valid_days: 30,
    per_user_limit: 5,
    source: 'points',
    points_cost: 1000,
  },
];
