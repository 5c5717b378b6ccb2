import { CouponMessages, type TAdminCouponTemplate, type TUserCoupon } from '@shop/contracts/coupons';
import { describe, expect, it } from 'vitest';
import { auditTrailOf, couponsOfUser, makeShopper, makeStaffToken } from '../../testing/fixtures';
import { appPerFile, injectAs, type TestApp } from '../../testing/harness';

let t: TestApp;
let admin: string;
let csr: string;

appPerFile(async (made) => {
  t = made;
  admin = await makeStaffToken(t, 'admin');
  csr = await makeStaffToken(t, 'csr');
});

const template = {
  name: 'Summer 10%',
  type: 'percent',
  percent: 10,
  max_discount: 25,
  min_spend: 40,
  validity: 'days',
  valid_days: 14,
  total: 50,
  per_user_limit: 1,
  source: 'center',
  reason: 'Summer sale',
};
const auditOf = (type: string, id: number | string) =>
  auditTrailOf(t.database.db, type, id, ['action', 'reason', 'before_json', 'after_json'] as const);

describe('the staff coupon API', () => {
  it('creates, edits, pauses and lists templates with their usage, each write audited', async () => {
    const created = await injectAs(t, admin).post<TAdminCouponTemplate>('/admin/coupons/add', template);
    expect(created.status).toBe(200);
    expect(created.result).toMatchObject({
      name: 'Summer 10%',
      percent: 10,
      max_discount: 25,
      total: 50,
      remaining: 50,
      paused: 0,
    });
    const id = created.result.id;

    const shopper = await makeShopper(t);
    expect((await injectAs(t, shopper).post('/shop/coupon/receive', { coupon_id: id })).status).toBe(200);

    // the rules stay once a coupon is held; the name and the total may change (not below those received)
    const rules = await injectAs(t, admin).post('/admin/coupons/edit', { ...template, id, percent: 15 });
    expect(rules).toMatchObject({ status: 400, result: { fields: { percent: CouponMessages.rulesLocked } } });
    const tooFew = await injectAs(t, admin).post('/admin/coupons/edit', { ...template, id, total: 0 });
    expect(tooFew).toMatchObject({ status: 400, result: { fields: { total: CouponMessages.totalBelowIssued(1) } } });
    const renamed = await injectAs(t, admin).post<TAdminCouponTemplate>('/admin/coupons/edit', {
      ...template,
      id,
      name: 'Summer ten',
    });
    expect(renamed.result).toMatchObject({ name: 'Summer ten', remaining: 49 });

    const paused = await injectAs(t, admin).post<TAdminCouponTemplate>('/admin/coupons/pause', {
      id,
      paused: 1,
      reason: 'Stock low',
    });
    expect(paused).toMatchObject({ status: 200, msg: CouponMessages.paused, result: { paused: 1 } });
    const other = await makeShopper(t);
    expect(await injectAs(t, other).post('/shop/coupon/receive', { coupon_id: id })).toMatchObject({
      status: 400,
      msg: CouponMessages.unavailable,
    });

    const listed = await injectAs(t, admin).get<{ data: TAdminCouponTemplate[]; total: number }>(
      '/admin/coupons/list?source=center&limit=50',
    );
    expect(listed.result.data.find((row) => row.id === id)?.usage).toEqual({
      received: 1,
      used: 0,
      expired: 0,
      unused: 1,
      discount_total: 0,
    });
    const entries = await auditOf('coupon_template', id);
    expect(entries.map((entry) => entry.action)).toEqual([
      'coupon_template.create',
      'coupon_template.edit',
      'coupon_template.pause',
    ]);
    expect(entries.map((entry) => entry.reason)).toEqual(['Summer sale', 'Summer sale', 'Stock low']);
  });

  it('grants a coupon to a shopper, audited, beyond the per-shopper limit but not the total', async () => {
    const created = await injectAs(t, admin).post<TAdminCouponTemplate>('/admin/coupons/add', {
      ...template,
      total: 2,
      source: 'staff',
    });
    const shopper = await makeShopper(t);
    const grant = () =>
      injectAs(t, admin).post<TUserCoupon>('/admin/coupons/grant', {
        coupon_id: created.result.id,
        user_id: shopper.id,
        reason: 'Late parcel',
      });
    const first = await grant();
    expect(first).toMatchObject({ status: 200, result: { status: 'unused', source: 'staff' } });
    expect((await grant()).status).toBe(200);
    expect(await grant()).toMatchObject({ status: 400, msg: CouponMessages.soldOut });
    expect(await couponsOfUser(t.database.db, shopper.id)).toHaveLength(2);
    expect((await auditOf('user_coupon', first.result.id)).map((entry) => entry.action)).toEqual(['coupon.grant']);
    const nobody = await injectAs(t, admin).post('/admin/coupons/grant', {
      coupon_id: created.result.id,
      user_id: 2_000_000_000,
      reason: 'x',
    });
    expect(nobody).toMatchObject({ status: 400, result: { fields: { user_id: 'Shopper not found' } } });
  });

  it('refuses a role without coupons.manage, a shopper and bad input (nothing written)', async () => {
    expect((await injectAs(t, csr).post('/admin/coupons/add', template)).status).toBe(403);
    expect((await injectAs(t, csr).get('/admin/coupons/list')).status).toBe(403);
    const shopper = await makeShopper(t);
    expect((await injectAs(t, shopper).post('/admin/coupons/add', template)).status).toBe(401);
    const before = await t.database.db.selectFrom('coupon_templates').select('id').execute();
    const cases: [object, string][] = [
      [{ ...template, type: 'fixed', amount: 0, percent: 0, max_discount: null }, 'amount'],
      [{ ...template, percent: 0 }, 'percent'],
      [{ ...template, scope: 'products' }, 'goods_ids'],
      [{ ...template, validity: 'fixed' }, 'start_at'],
      [{ ...template, validity: 'fixed', start_at: 2000, end_at: 1000 }, 'end_at'],
      [{ ...template, source: 'points' }, 'points_cost'],
      [{ ...template, min_spend: 1.005 }, 'min_spend'],
      [{ ...template, reason: ' ' }, 'reason'],
    ];
    for (const [payload, field] of cases) {
      const answer = await injectAs(t, admin).post<{ fields: Record<string, string> }>('/admin/coupons/add', payload);
      expect(answer.status, field).toBe(400);
      expect(answer.result.fields, field).toHaveProperty(field);
    }
    expect(await t.database.db.selectFrom('coupon_templates').select('id').execute()).toHaveLength(before.length);
  });
});
