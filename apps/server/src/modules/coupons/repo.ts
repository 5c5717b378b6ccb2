import type { CouponSource, CouponStatus } from '@shop/contracts/coupon-rules';
import { type ExpressionBuilder, type Insertable, type Selectable, type SelectQueryBuilder, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import { pageOf } from '../../db/paging';
import type { CouponTemplatesTable, Database, UserCouponsTable } from '../../db/schema';

export type TemplateRow = Selectable<CouponTemplatesTable>;
export type UserCouponRow = Selectable<UserCouponsTable>;
/** A held coupon with its template's terms. */
export type HeldCouponRow = UserCouponRow & { template: TemplateRow };

/** The sources whose templates the coupon centre offers (points ones are bought on RedeemPointsMore). */
export const CENTER_SOURCES: readonly CouponSource[] = ['center', 'points'];

const count = (eb: ExpressionBuilder<Database, 'user_coupons'>) => eb.fn.countAll<number | string>();

/** The SQL condition of each shown status at `now` (expiry is worked out from end_at). */
function whereStatus(status: CouponStatus | '', now: number) {
  return (eb: ExpressionBuilder<Database, 'user_coupons'>) => {
    if (status === 'used') return eb('user_coupons.status', '=', 'used');
    if (status === 'expired') return eb.and([eb('user_coupons.status', '=', 'unused'), eb('user_coupons.end_at', '<=', now)]);
    if (status === 'unused') return eb.and([eb('user_coupons.status', '=', 'unused'), eb('user_coupons.end_at', '>', now)]);
    return eb.lit(true);
  };
}

/** A page of the templates `base` selects, newest first, with how many it selects in all. */
async function newestFirst<O>(base: SelectQueryBuilder<Database, 'coupon_templates', O>, page: number, limit: number) {
  return pageOf(
    base.selectAll().orderBy('id', 'desc'),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')),
    page,
    limit,
  );
}

export function couponsRepo(db: Db) {
  return {
    template(id: number) {
      return db.selectFrom('coupon_templates').selectAll().where('id', '=', id).executeTakeFirst();
    },

    templatesByIds(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([] as TemplateRow[]);
      return db.selectFrom('coupon_templates').selectAll().where('id', 'in', ids).execute();
    },

    /** Live templates of a source (not paused, not past a fixed end), oldest first. */
    liveTemplatesOf(source: CouponSource, now: number) {
      return db
        .selectFrom('coupon_templates')
        .selectAll()
        .where('source', '=', source)
        .where('paused', '=', 0)
        .where((eb) => eb.or([eb('end_at', 'is', null), eb('end_at', '>', now)]))
        .orderBy('id')
        .execute();
    },

    /** The coupon centre: live templates of the centre's sources, newest first. */
    async centerPage(now: number, source: CouponSource | undefined, page: number, limit: number) {
      const base = db
        .selectFrom('coupon_templates')
        .where('source', 'in', source ? [source] : CENTER_SOURCES)
        .where('paused', '=', 0)
        .where((eb) => eb.or([eb('end_at', 'is', null), eb('end_at', '>', now)]));
      return newestFirst(base, page, limit);
    },

    /** Every template, newest first, for staff. */
    async adminPage(source: CouponSource | undefined, page: number, limit: number) {
      const base = db
        .selectFrom('coupon_templates')
        .$if(source !== undefined, (qb) => qb.where('source', '=', source as CouponSource));
      return newestFirst(base, page, limit);
    },

    /** How many coupons of each template the shopper holds (`slotted`: those counted against the per-shopper limit). */
    async heldCounts(userId: number, templateIds: number[]) {
      if (templateIds.length === 0) return new Map<number, { held: number; slotted: number }>();
      const rows = await db
        .selectFrom('user_coupons')
        .select((eb) => ['template_id', count(eb).as('held'), eb.fn.count<number | string>('slot').as('slotted')])
        .where('user_id', '=', userId)
        .where('template_id', 'in', templateIds)
        .groupBy('template_id')
        .execute();
      return new Map(rows.map((row) => [row.template_id, { held: Number(row.held), slotted: Number(row.slotted) }]));
    },

    /**
     * Takes the template's row lock for the rest of the transaction (an update that changes nothing
     * still takes it on PostgreSQL, and the write lock on SQLite), so what is read after it — the
     * shopper's coupons of the template — is what the grant will be judged against.
     */
    async lockTemplate(templateId: number): Promise<void> {
      await db
        .updateTable('coupon_templates')
        .set((eb) => ({ paused: eb.ref('paused') }))
        .where('id', '=', templateId)
        .execute();
    },

    /** One more issued, unless the template is paused or every one is out: true when counted. */
    async countIssue(templateId: number, at: number): Promise<boolean> {
      const result = await db
        .updateTable('coupon_templates')
        .set((eb) => ({ issued: eb('issued', '+', 1), updated_at: at }))
        .where('id', '=', templateId)
        .where('paused', '=', 0)
        .where((eb) => eb.or([eb('total', 'is', null), eb('issued', '<', eb.ref('total'))]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async insertCoupon(row: Insertable<UserCouponsTable>): Promise<number> {
      const inserted = await db.insertInto('user_coupons').values(row).returning('id').executeTakeFirstOrThrow();
      return inserted.id;
    },

    async insertTemplate(row: Insertable<CouponTemplatesTable>): Promise<number> {
      const inserted = await db.insertInto('coupon_templates').values(row).returning('id').executeTakeFirstOrThrow();
      return inserted.id;
    },

    /** A template by its code, written first when none has it yet (two at once: one row, both read it). */
    async templateByCode(code: string, row: () => Insertable<CouponTemplatesTable>): Promise<TemplateRow> {
      await db
        .insertInto('coupon_templates')
        .values({ ...row(), code })
        .onConflict((conflict) => conflict.column('code').doNothing())
        .execute();
      return db.selectFrom('coupon_templates').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
    },

    async updateTemplate(id: number, patch: Updateable<CouponTemplatesTable>): Promise<void> {
      await db.updateTable('coupon_templates').set(patch).where('id', '=', id).execute();
    },

    /** A shopper's coupon with its template. */
    async held(userId: number, id: number): Promise<HeldCouponRow | undefined> {
      const coupon = await db
        .selectFrom('user_coupons')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!coupon) return undefined;
      const template = await this.template(coupon.template_id);
      return template ? { ...coupon, template } : undefined;
    },

    /** The shopper's coupons in one tab, newest first, with their templates. */
    async page(userId: number, status: CouponStatus | '', now: number, page: number, limit: number) {
      const base = db.selectFrom('user_coupons').where('user_id', '=', userId).where(whereStatus(status, now));
      const { rows, total } = await pageOf(
        base.selectAll().orderBy('received_at', 'desc').orderBy('id', 'desc'),
        base.select((eb) => count(eb).as('n')),
        page,
        limit,
      );
      return { rows: await this.withTemplates(rows), total };
    },

    /** How many coupons the shopper has in each tab at `now`. */
    async tabCounts(userId: number, now: number) {
      const row = await db
        .selectFrom('user_coupons')
        .select((eb) => [
          eb.fn.sum<number | string | null>(sql<number>`case when status = 'used' then 1 else 0 end`).as('used'),
          eb.fn
            .sum<number | string | null>(sql<number>`case when status = 'unused' and end_at > ${now} then 1 else 0 end`)
            .as('unused'),
          eb.fn
            .sum<number | string | null>(sql<number>`case when status = 'unused' and end_at <= ${now} then 1 else 0 end`)
            .as('expired'),
        ])
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return { unused: Number(row.unused ?? 0), used: Number(row.used ?? 0), expired: Number(row.expired ?? 0) };
    },

    /** The shopper's unused coupons not yet past their end, with their templates. */
    async unused(userId: number, now: number): Promise<HeldCouponRow[]> {
      const rows = await db
        .selectFrom('user_coupons')
        .selectAll()
        .where('user_id', '=', userId)
        .where(whereStatus('unused', now))
        .orderBy('end_at')
        .orderBy('id')
        .execute();
      return this.withTemplates(rows);
    },

    async withTemplates(rows: UserCouponRow[]): Promise<HeldCouponRow[]> {
      const templates = new Map(
        (await this.templatesByIds([...new Set(rows.map((row) => row.template_id))])).map((row) => [row.id, row]),
      );
      return rows.flatMap((row) => {
        const template = templates.get(row.template_id);
        return template ? [{ ...row, template }] : [];
      });
    },

    /** unused → used by this order, if it still is unused and within its dates: true when it was. */
    async markUsed(userId: number, id: number, orderId: number, at: number): Promise<boolean> {
      const result = await db
        .updateTable('user_coupons')
        .set({ status: 'used', used_at: at, order_id: orderId })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('status', '=', 'unused')
        .where('start_at', '<=', at)
        .where('end_at', '>', at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The coupon an order used goes back to unused (its dates unchanged); answers how many did. */
    async release(orderId: number): Promise<number> {
      const result = await db
        .updateTable('user_coupons')
        .set({ status: 'unused', used_at: null, order_id: null })
        .where('order_id', '=', orderId)
        .where('status', '=', 'used')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Usage figures of templates at `now`. */
    async usage(templateIds: number[], now: number) {
      if (templateIds.length === 0) return new Map<number, { received: number; used: number; expired: number }>();
      const rows = await db
        .selectFrom('user_coupons')
        .select((eb) => [
          'template_id',
          count(eb).as('received'),
          eb.fn.sum<number | string | null>(sql<number>`case when status = 'used' then 1 else 0 end`).as('used'),
          eb.fn
            .sum<number | string | null>(sql<number>`case when status = 'unused' and end_at <= ${now} then 1 else 0 end`)
            .as('expired'),
        ])
        .where('template_id', 'in', templateIds)
        .groupBy('template_id')
        .execute();
      return new Map(
        rows.map((row) => [
          row.template_id,
          { received: Number(row.received), used: Number(row.used ?? 0), expired: Number(row.expired ?? 0) },
        ]),
      );
    },

    /** The ids of the orders that used coupons of a template. */
    async orderIdsOf(templateId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('user_coupons')
        .select('order_id')
        .where('template_id', '=', templateId)
        .where('status', '=', 'used')
        .where('order_id', 'is not', null)
        .execute();
      return rows.map((row) => row.order_id as number);
    },

    /** Unused coupons ending within (now, until] whose shopper has not been told yet. */
    dueForNotice(now: number, until: number, limit: number) {
      return db
        .selectFrom('user_coupons')
        .select(['id', 'user_id', 'end_at'])
        .where('status', '=', 'unused')
        .where('end_at', '>', now)
        .where('end_at', '<=', until)
        .where('expiry_notified_at', 'is', null)
        .orderBy('end_at')
        .limit(limit)
        .execute();
    },

    /** How many coupons dueForNotice would find without a limit. */
    async dueCount(now: number, until: number): Promise<number> {
      const row = await db
        .selectFrom('user_coupons')
        .select((eb) => count(eb).as('n'))
        .where('status', '=', 'unused')
        .where('end_at', '>', now)
        .where('end_at', '<=', until)
        .where('expiry_notified_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Marks the notice sent, once: true when this call marked it. */
    async markNotified(id: number, at: number): Promise<boolean> {
      const result = await db
        .updateTable('user_coupons')
        .set({ expiry_notified_at: at })
        .where('id', '=', id)
        .where('expiry_notified_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** A once-per-person key of a welcome offer: true when this call wrote it (false: already claimed). */
    async claim(offer: string, kind: 'email' | 'phone', valueHash: string, userId: number, at: number): Promise<boolean> {
      const result = await db
        .insertInto('coupon_claims')
        .values({ offer, kind, value_hash: valueHash, user_id: userId, created_at: at })
        .onConflict((oc) => oc.columns(['offer', 'kind', 'value_hash']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** Every coupon of the shopper, oldest first (the export of their data). */
    allOf(userId: number) {
      return db.selectFrom('user_coupons').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    },

    /** The shopper's unused coupons go (an erased account can use none); used ones stay with their orders. */
    async deleteUnused(userId: number): Promise<void> {
      await db.deleteFrom('user_coupons').where('user_id', '=', userId).where('status', '=', 'unused').execute();
    },
  };
}

export type CouponsRepo = ReturnType<typeof couponsRepo>;
