import { ContactTexts, GOODWILL_VALID_DAYS } from '@shop/contracts/chat-contact-rules';
import {
  COUPON_EXPIRING_NOTICE_MS,
  CouponMessages,
  type CouponSource,
  type TCouponCenterItem,
  type TUserCoupon,
  type TUserCouponPage,
} from '@shop/contracts/coupons';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/errors';
import { emit } from '../../infra/events';
import { categoriesWithDescendants } from '../catalog';
import type { CouponRule } from '../orders';
import { spendPoints } from '../users';
import { TEMPLATE_BASE } from './defaults';
import { presentUserCoupon, ruleOf, summaryOf, templateCategoryIds, termsOf } from './presenter';
import { CENTER_SOURCES, couponsRepo, type HeldCouponRow, type TemplateRow } from './repo';

/**
 * Coupons (decision 0029): templates, the coupons shoppers hold, the coupon centre and receiving,
 * and what checkout and the welcome offers need. Every grant — received in the centre, bought
 * with points, granted by staff or by a welcome offer — goes through `grantCoupon`: the template's
 * count goes up by a conditional update (never past its total), the coupon takes the shopper's
 * next slot (a unique key holds the per-shopper limit), and `coupon.received` is written, all in
 * the caller's transaction.
 */

const DAY_MS = 86_400_000;
const NOTICE_BATCH = 200;

export type GrantRefusal = 'unavailable' | 'ended' | 'limit' | 'sold_out';

/** When a coupon of the template received at `at` can be used. */
function datesOf(template: TemplateRow, at: number): { start_at: number; end_at: number } {
  if (template.validity === 'fixed') return { start_at: template.start_at ?? at, end_at: template.end_at ?? at };
  return { start_at: at, end_at: at + (template.valid_days ?? 0) * DAY_MS };
}

/**
 * One coupon of `template` for the shopper, in `trx`: its id, or why not. `slotted` grants count
 * against the per-shopper limit (everything but a staff grant); a paused or sold-out template or
 * one past its fixed end grants nothing. The template's row is locked first, so grants of one
 * template run one after another from there and each counts the shopper's coupons as they are;
 * the unique slot is the database's guard behind that.
 */
export async function grantCoupon(
  trx: Db,
  grant: { template: TemplateRow; userId: number; source: CouponSource; at: number; slotted: boolean },
): Promise<{ id: number } | { refused: GrantRefusal }> {
  const { template, userId, at } = grant;
  const repo = couponsRepo(trx);
  if (template.paused) return { refused: 'unavailable' };
  if (template.validity === 'fixed' && (template.end_at ?? 0) <= at) return { refused: 'ended' };
  await repo.lockTemplate(template.id);
  let slot: number | null = null;
  if (grant.slotted) {
    const held = (await repo.heldCounts(userId, [template.id])).get(template.id)?.slotted ?? 0;
    if (held >= template.per_user_limit) return { refused: 'limit' };
    slot = held + 1;
  }
  if (!(await repo.countIssue(template.id, at))) {
    return { refused: template.total !== null ? 'sold_out' : 'unavailable' };
  }
  const id = await repo.insertCoupon({
    template_id: template.id,
    user_id: userId,
    slot,
    source: grant.source,
    status: 'unused',
    ...datesOf(template, at),
    received_at: at,
    used_at: null,
    order_id: null,
    expiry_notified_at: null,
  });
  await emit(trx, 'coupon.received', { user_id: userId, user_coupon_id: id, coupon_id: template.id, source: grant.source }, at);
  return { id };
}

/**
 * A goodwill coupon of `amountCents` off for the shopper, in `trx` (the console's contact panel,
 * decision 0059): a fixed-amount coupon with no minimum spend, good for GOODWILL_VALID_DAYS, of the
 * shop's one goodwill template for that amount (made on first use, source 'staff', never offered in
 * the coupon centre), granted through `grantCoupon` like every other coupon. The role's limit is
 * the caller's to check.
 */
export async function grantGoodwillCoupon(
  trx: Db,
  grant: { userId: number; amountCents: number; at: number },
): Promise<{ id: number } | { refused: GrantRefusal }> {
  const template = await couponsRepo(trx).templateByCode(ContactTexts.goodwillTemplateCode(grant.amountCents), () => ({
    ...TEMPLATE_BASE,
    name: `${ContactTexts.goodwillName} (${ContactTexts.usd(grant.amountCents)})`,
    description: ContactTexts.goodwillDescription,
    kind: 'fixed',
    amount_cents: grant.amountCents,
    valid_days: GOODWILL_VALID_DAYS,
    source: 'staff',
    created_at: grant.at,
    updated_at: grant.at,
  }));
  return grantCoupon(trx, { template, userId: grant.userId, source: 'staff', at: grant.at, slotted: false });
}

/** The text of a refusal to the shopper. */
export function refusalText(refusal: GrantRefusal, template: Pick<TemplateRow, 'per_user_limit'>): string {
  switch (refusal) {
    case 'limit':
      return CouponMessages.limitReached(template.per_user_limit);
    case 'sold_out':
      return CouponMessages.soldOut;
    case 'ended':
      return CouponMessages.ended;
    default:
      return CouponMessages.unavailable;
  }
}

/** Runs a grant's transaction again when two of the same shopper took the same slot at once (PostgreSQL). */
export async function retryingSlot<T>(db: Db, work: (trx: Db) => Promise<T>, onLastClash: () => never): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(db, work);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (attempt >= 3) onLastClash();
    }
  }
}

// ---------------------------------------------------------------- for checkout and the bag's coupon list

/** A held coupon and the rules the pricing engine applies. */
export type CouponWithRule = { held: HeldCouponRow; rule: CouponRule };

async function withRule(db: Db, held: HeldCouponRow): Promise<CouponWithRule> {
  const categoryIds =
    held.template.scope === 'categories' ? await categoriesWithDescendants(db, templateCategoryIds(held.template)) : [];
  return { held, rule: ruleOf(held, categoryIds) };
}

/** The shopper's coupon `id` (as GET /shop/userCoupon/list gives it) with its rules; a 400 on coupon_id for one not theirs. */
export async function couponForCheckout(db: Db, userId: number, id: number): Promise<CouponWithRule> {
  const held = await couponsRepo(db).held(userId, id);
  if (!held) throw AppError.field('coupon_id', CouponMessages.notFound);
  return withRule(db, held);
}

/** The shopper's unused coupons still within their end, each with its rules (soonest to end first). */
export async function unusedCouponsWithRules(db: Db, userId: number, now: number): Promise<CouponWithRule[]> {
  const held = await couponsRepo(db).unused(userId, now);
  return Promise.all(held.map((row) => withRule(db, row)));
}

/**
 * The order takes the coupon, in checkout's transaction: unused → used by a conditional update, so
 * of many checkouts carrying one coupon exactly one gets it; the others a 400 on coupon_id.
 */
export async function useCoupon(trx: Db, userId: number, id: number, orderId: number, at: number): Promise<void> {
  if (!(await couponsRepo(trx).markUsed(userId, id, orderId, at))) throw AppError.field('coupon_id', CouponMessages.taken);
}

/**
 * A cancelled order's coupon goes back to the shopper, in the cancellation's transaction. Its dates
 * do not change: one past its end shows as expired, and stays so.
 */
export function releaseOrderCoupon(trx: Db, orderId: number): Promise<number> {
  return couponsRepo(trx).release(orderId);
}

/** What a notice about the shopper's coupon says (the inbox's): its name, terms and end; undefined when it is not theirs. */
export async function couponNoticeFacts(db: Db, userId: number, id: number) {
  const held = await couponsRepo(db).held(userId, id);
  return held && { name: held.template.name, summary: summaryOf(held.template), end_at: held.end_at };
}

export const presentCoupon = presentUserCoupon;
export { summaryOf, termsOf };

/**
 * `coupon.expiring`, once per coupon, for unused coupons ending within COUPON_EXPIRING_NOTICE_MS
 * of `now` (the job's run): each batch marks its coupons and writes their events in one
 * transaction. Answers how many were announced.
 */
export async function announceExpiringCoupons(db: Db, now: number): Promise<number> {
  let announced = 0;
  for (;;) {
    const due = await couponsRepo(db).dueForNotice(now, now + COUPON_EXPIRING_NOTICE_MS, NOTICE_BATCH);
    if (due.length === 0) return announced;
    announced += await inTransaction(db, async (trx) => {
      let marked = 0;
      for (const row of due) {
        if (!(await couponsRepo(trx).markNotified(row.id, now))) continue;
        await emit(trx, 'coupon.expiring', { user_id: row.user_id, user_coupon_id: row.id, expires_at: row.end_at }, now);
        marked += 1;
      }
      return marked;
    });
    if (due.length < NOTICE_BATCH) return announced;
  }
}

/** How many coupons are waiting for their expiry notice (the job's backlog). */
export async function expiringBacklog(db: Db, now: number): Promise<number> {
  return couponsRepo(db).dueCount(now, now + COUPON_EXPIRING_NOTICE_MS);
}

// ---------------------------------------------------------------- the shopper's routes

type Deps = { db: Db; clock?: () => number };

/** A page of the shopper's coupons, newest first, with the count of every tab (the shopper's list and the back office's profile). */
export async function couponPageOf(
  db: Db,
  userId: number,
  query: { status: TUserCoupon['status'] | ''; page: number; limit: number },
  now: number,
): Promise<TUserCouponPage> {
  const repo = couponsRepo(db);
  const [{ rows, total }, counts] = await Promise.all([
    repo.page(userId, query.status, now, query.page, query.limit),
    repo.tabCounts(userId, now),
  ]);
  return { data: rows.map((row) => presentUserCoupon(row, now)), total, counts };
}

export function createCouponService({ db, clock = Date.now }: Deps) {
  const repo = couponsRepo(db);

  return {
    /** GET /shop/coupon/center: live templates of the centre (and for points), with the shopper's share. */
    async center(userId: number | null, query: { source?: 'center' | 'points'; page: number; limit: number }) {
      const now = clock();
      const { rows, total } = await repo.centerPage(now, query.source, query.page, query.limit);
      const held =
        userId === null
          ? new Map()
          : await repo.heldCounts(
              userId,
              rows.map((row) => row.id),
            );
      const data: TCouponCenterItem[] = rows.map((template) => {
        const mine = held.get(template.id) ?? { held: 0, slotted: 0 };
        const remaining = template.total === null ? null : Math.max(0, template.total - template.issued);
        const reason =
          userId === null
            ? ''
            : remaining === 0
              ? CouponMessages.soldOut
              : mine.slotted >= template.per_user_limit
                ? CouponMessages.limitReached(template.per_user_limit)
                : '';
        return {
          ...termsOf(template),
          start_at: template.validity === 'fixed' ? template.start_at : null,
          end_at: template.validity === 'fixed' ? template.end_at : null,
          valid_days: template.validity === 'days' ? template.valid_days : null,
          points_cost: template.points_cost,
          total: template.total,
          remaining,
          per_user_limit: template.per_user_limit,
          received: mine.held,
          can_receive: userId !== null && reason === '' ? 1 : 0,
          reason,
        };
      });
      return { data, total };
    },

    /**
     * POST /shop/coupon/receive: one coupon of a centre template, atomic against its total and the
     * per-shopper limit; a points template spends its points in the same transaction.
     */
    async receive(userId: number, couponId: number): Promise<TUserCoupon> {
      return retryingSlot(
        db,
        async (trx) => {
          const at = clock();
          const template = await couponsRepo(trx).template(couponId);
          if (!template || !CENTER_SOURCES.includes(template.source)) {
            throw AppError.field('coupon_id', CouponMessages.notFound);
          }
          const granted = await grantCoupon(trx, { template, userId, source: template.source, at, slotted: true });
          if ('refused' in granted) throw AppError.field('coupon_id', refusalText(granted.refused, template));
          if (template.points_cost > 0) {
            await spendPoints(trx, {
              userId,
              points: template.points_cost,
              reason: 'coupon_redeem',
              source: { type: 'coupon', id: granted.id },
              at,
            });
          }
          const held = await couponsRepo(trx).held(userId, granted.id);
          if (!held) throw new Error('the coupon just granted is missing');
          return presentUserCoupon(held, at);
        },
        () => {
          throw AppError.field('coupon_id', CouponMessages.limitReached(1));
        },
      );
    },

    /** GET /shop/userCoupon/list: one tab ('' = all), newest first, with the count of every tab. */
    async list(
      userId: number,
      query: { status: TUserCoupon['status'] | ''; page: number; limit: number },
    ): Promise<TUserCouponPage> {
      return couponPageOf(db, userId, query, clock());
    },
  };
}

export type CouponService = ReturnType<typeof createCouponService>;

/** The coupon an order used: its name and minimum spend in cents (what a return's quote tells about it); undefined for none. */
export async function orderCouponTerms(db: Db, orderId: number): Promise<{ name: string; min_spend: number } | undefined> {
  return db
    .selectFrom('user_coupons')
    .innerJoin('coupon_templates', 'coupon_templates.id', 'user_coupons.template_id')
    .select(['coupon_templates.name as name', 'coupon_templates.min_spend_cents as min_spend'])
    .where('user_coupons.order_id', '=', orderId)
    .executeTakeFirst();
}
