import {
  CouponMessages,
  type CouponSource,
  type TAdminCouponTemplate,
  type TUserCoupon,
  type ZAdminCouponAddRequest,
  type ZAdminCouponEditRequest,
  type ZAdminCouponGrantRequest,
  type ZAdminCouponPauseRequest,
} from '@shop/contracts/coupons';
import { priceToCents } from '@shop/contracts/pricing';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/errors';
import { recordAudit } from '../audit';
import { couponAmountOf } from '../orders';
import { profileOf } from '../users';
import { presentAdminTemplate, presentUserCoupon } from './presenter';
import { couponsRepo, type TemplateRow } from './repo';
import { grantCoupon, refusalText } from './service';

/**
 * The staff coupon API (permission coupons.manage): templates listed with their usage figures,
 * created, edited and paused, and a coupon granted to a shopper. Every write records its audit
 * entry in its own transaction (decision 0036). Once coupons of a template have been received its
 * discount rules stay as they were (the coupons held were taken on those terms).
 */

type AddInput = z.output<typeof ZAdminCouponAddRequest>;
type EditInput = z.output<typeof ZAdminCouponEditRequest>;
type PauseInput = z.output<typeof ZAdminCouponPauseRequest>;
type GrantInput = z.output<typeof ZAdminCouponGrantRequest>;

/** The discount rules: fixed once a coupon of the template has been received. */
const RULE_FIELDS = [
  'kind',
  'amount_cents',
  'percent',
  'max_discount_cents',
  'min_spend_cents',
  'scope',
  'category_ids',
  'goods_ids',
  'first_order_only',
] as const;
/** The request's name for each rule column. */
const RULE_FIELD_NAMES: Record<(typeof RULE_FIELDS)[number], string> = {
  kind: 'type',
  amount_cents: 'amount',
  percent: 'percent',
  max_discount_cents: 'max_discount',
  min_spend_cents: 'min_spend',
  scope: 'scope',
  category_ids: 'category_ids',
  goods_ids: 'goods_ids',
  first_order_only: 'first_order_only',
};

/** A template's columns from the staff request (cents, JSON lists; the lists only for their scope). */
function columnsOf(input: Omit<AddInput, 'paused' | 'reason'>) {
  return {
    name: input.name,
    description: input.description,
    kind: input.type,
    amount_cents: input.type === 'fixed' ? priceToCents(input.amount) : 0,
    percent: input.type === 'percent' ? input.percent : 0,
    max_discount_cents: input.type === 'percent' && input.max_discount !== null ? priceToCents(input.max_discount) : null,
    min_spend_cents: priceToCents(input.min_spend),
    scope: input.scope,
    category_ids: JSON.stringify(input.scope === 'categories' ? input.category_ids : []),
    goods_ids: JSON.stringify(input.scope === 'products' ? input.goods_ids : []),
    validity: input.validity,
    start_at: input.validity === 'fixed' ? input.start_at : null,
    end_at: input.validity === 'fixed' ? input.end_at : null,
    valid_days: input.validity === 'days' ? input.valid_days : null,
    total: input.total,
    per_user_limit: input.per_user_limit,
    source: input.source,
    points_cost: input.source === 'points' ? input.points_cost : 0,
    first_order_only: input.first_order_only ? 1 : 0,
  };
}

/** What the audit trail keeps of a template: its columns without the clock. */
const auditedOf = ({ created_at: _c, updated_at: _u, ...rest }: TemplateRow) => rest;

export function createCouponAdmin({ db, clock = Date.now }: { db: Db; clock?: () => number }) {
  async function present(trx: Db, template: TemplateRow): Promise<TAdminCouponTemplate> {
    const repo = couponsRepo(trx);
    const usage = (await repo.usage([template.id], clock())).get(template.id) ?? { received: 0, used: 0, expired: 0 };
    const discountCents = await couponAmountOf(trx, await repo.orderIdsOf(template.id));
    return presentAdminTemplate(template, { ...usage, discountCents });
  }

  async function templateOr404(trx: Db, id: number, field = 'id'): Promise<TemplateRow> {
    const template = await couponsRepo(trx).template(id);
    if (!template) throw AppError.field(field, CouponMessages.notFound);
    return template;
  }

  return {
    /** GET /admin/coupons/list: every template (or one source's), newest first, with its usage. */
    async list(query: { source?: CouponSource; page: number; limit: number }) {
      const { rows, total } = await couponsRepo(db).adminPage(query.source, query.page, query.limit);
      const data = [];
      for (const template of rows) data.push(await present(db, template));
      return { data, total };
    },

    /** POST /admin/coupons/add */
    async add(staffId: number, input: AddInput): Promise<TAdminCouponTemplate> {
      return inTransaction(db, async (trx) => {
        const at = clock();
        const { reason, paused, ...fields } = input;
        const id = await couponsRepo(trx).insertTemplate({
          ...columnsOf(fields),
          code: null,
          paused: paused ? 1 : 0,
          created_at: at,
          updated_at: at,
        });
        const template = await templateOr404(trx, id);
        await recordAudit(trx, {
          staffId,
          action: 'coupon_template.create',
          object: { type: 'coupon_template', id },
          after: auditedOf(template),
          reason,
          at,
        });
        return present(trx, template);
      });
    },

    /** POST /admin/coupons/edit: the whole template again; the rules only while none has been received. */
    async edit(staffId: number, input: EditInput): Promise<TAdminCouponTemplate> {
      return inTransaction(db, async (trx) => {
        const at = clock();
        const { id, reason, ...fields } = input;
        const before = await templateOr404(trx, id);
        const next = columnsOf(fields);
        if (before.issued > 0) {
          const changed = RULE_FIELDS.find((field) => String(before[field]) !== String(next[field]));
          if (changed) throw AppError.field(RULE_FIELD_NAMES[changed], CouponMessages.rulesLocked);
        }
        if (next.total !== null && next.total < before.issued) {
          throw AppError.field('total', CouponMessages.totalBelowIssued(before.issued));
        }
        await couponsRepo(trx).updateTemplate(id, { ...next, updated_at: at });
        const after = await templateOr404(trx, id);
        await recordAudit(trx, {
          staffId,
          action: 'coupon_template.edit',
          object: { type: 'coupon_template', id },
          before: auditedOf(before),
          after: auditedOf(after),
          reason,
          at,
        });
        return present(trx, after);
      });
    },

    /** POST /admin/coupons/pause: paused 1 stops receipt and grants; held coupons stay usable. */
    async pause(staffId: number, input: PauseInput): Promise<TAdminCouponTemplate> {
      return inTransaction(db, async (trx) => {
        const at = clock();
        const before = await templateOr404(trx, input.id);
        const paused = input.paused ? 1 : 0;
        await couponsRepo(trx).updateTemplate(input.id, { paused, updated_at: at });
        await recordAudit(trx, {
          staffId,
          action: paused ? 'coupon_template.pause' : 'coupon_template.resume',
          object: { type: 'coupon_template', id: input.id },
          before: { paused: before.paused },
          after: { paused },
          reason: input.reason,
          at,
        });
        return present(trx, { ...before, paused, updated_at: at });
      });
    },

    /** POST /admin/coupons/grant: one coupon to a shopper (counted against the total, not the per-shopper limit). */
    async grant(staffId: number, input: GrantInput): Promise<TUserCoupon> {
      return inTransaction(db, async (trx) => {
        const at = clock();
        const template = await templateOr404(trx, input.coupon_id, 'coupon_id');
        const shopper = await profileOf(trx, input.user_id);
        if (shopper?.status !== 'active') throw AppError.field('user_id', 'Shopper not found');
        const granted = await grantCoupon(trx, { template, userId: input.user_id, source: 'staff', at, slotted: false });
        if ('refused' in granted) throw AppError.field('coupon_id', refusalText(granted.refused, template));
        await recordAudit(trx, {
          staffId,
          action: 'coupon.grant',
          object: { type: 'user_coupon', id: granted.id },
          after: { user_id: input.user_id, coupon_id: template.id },
          reason: input.reason,
          at,
        });
        const held = await couponsRepo(trx).held(input.user_id, granted.id);
        if (!held) throw new Error('the coupon just granted is missing');
        return presentUserCoupon(held, at);
      });
    },
  };
}

export type CouponAdmin = ReturnType<typeof createCouponAdmin>;
