// GET /admin/dashboard: sales by the UTC day orders were paid, the order and return queues, low stock and
// the chat queue — each part only for the roles that act on it.
import { DASHBOARD_DAYS, type TDashboard } from '@shop/contracts/dashboard';
import type { TOrderDetail } from '@shop/contracts/orders';
import { ReturnPaths } from '@shop/contracts/returns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAddress, makeCartLine, makeGoods, makeShopper, makeStaffToken, newKey } from '../testing/fixtures';
import { createTestApp, injectAs, type TestApp } from '../testing/harness';

const DAY = 86_400_000;
const today = Date.UTC(2026, 10, 27);
let now = today - 3 * DAY + 5_000;
let t: TestApp;

/** An order of one unit at `cents`, paid at the clock's time when `paid`. */
async function order(cents: number, paid: boolean) {
  const shopper = await makeShopper(t);
  const { skuIds } = await makeGoods(t.database.db, { name: 'Dashboard Dress', price_cents: cents, stock: paid ? 3 : 20 });
  const addressId = await makeAddress(t.database.db, shopper.id);
  const cartId = await makeCartLine(t.database.db, shopper.id, skuIds[0] as number, 1);
  const created = await injectAs(t, shopper, {
    headers: {
      'idempotency-key': newKey(),
    },
  }).post<TOrderDetail>('/shop/order/create', { address_id: addressId, cart_ids: [cartId] });
  if (paid) {
    const card = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123', name: 'Ada' };
    const answer = await injectAs(t, shopper, {
      headers: {
        'idempotency-key': newKey(),
      },
    }).post('/shop/order/pay', { id: created.result.id, card });
    expect(answer.status).toBe(200);
  }
  return { ...created.result, shopperToken: shopper.token };
}

async function dashboardAs(token: string) {
  const response = await injectAs(t, token).get<TDashboard>('/admin/dashboard');
  expect(response.status).toBe(200);
  return response.result;
}

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(async () => {
  await t?.close();
});

describe('the dashboard', () => {
  it('sums paid orders by the day they were paid, over 30 days ending today', async () => {
    const before = await dashboardAs(await makeStaffToken(t, 'admin'));
    await order(2000, true);
    now = today + 11 * 3_600_000;
    const admin = await makeStaffToken(t, 'admin');
    const paidToday = await order(3500, true);
    await order(9900, false);
    const after = await dashboardAs(admin);

    expect(after.sales?.days).toHaveLength(DASHBOARD_DAYS);
    expect(after.sales?.days.at(-1)?.day).toBe('2026-11-27');
    expect(after.sales?.days[0]?.day).toBe('2026-10-29');
    const gain = (day: string) =>
      (after.sales?.days.find((d) => d.day === day)?.orders ?? 0) - (before.sales?.days.find((d) => d.day === day)?.orders ?? 0);
    expect(gain('2026-11-24')).toBe(1);
    expect(gain('2026-11-27')).toBe(1);
    expect(after.sales?.today).toMatchObject({ day: '2026-11-27', orders: 1 });
    expect(after.sales?.today.sales).toBeCloseTo(paidToday.pay_price, 2);
    expect((after.orders?.to_ship ?? 0) - (before.orders?.to_ship ?? 0)).toBe(2);
    expect((after.orders?.awaiting_payment ?? 0) - (before.orders?.awaiting_payment ?? 0)).toBe(1);
    // both paid orders left their SKUs at 2 units: low stock
    expect(
      after.stock?.items.filter((item) => item.name === 'Dashboard Dress' && item.stock === 2).length,
    ).toBeGreaterThanOrEqual(2);
    expect(after.chat).toEqual({ queued: expect.any(Number), agents_online: expect.any(Number) });
  });

  it('counts the return requests waiting for staff: asked, or parcels on their way back', async () => {
    const admin = await makeStaffToken(t, 'admin');
    const before = (await dashboardAs(admin)).orders?.returns_waiting ?? 0;
    const placed = await order(4200, true);
    const shipped = await injectAs(t, admin).post('/admin/order/ship', {
      id: placed.id,
      company_code: 'ups',
      tracking_no: '1Z999AA10123456784',
    });
    expect(shipped.status).toBe(200);
    const line = await t.database.db
      .selectFrom('order_items')
      .select('id')
      .where('order_id', '=', placed.id)
      .executeTakeFirstOrThrow();
    // shipped, never came: a refund without a return waits for staff
    const asked = await injectAs(t, placed.shopperToken).post<{ id: number }>(ReturnPaths.refund, {
      order_id: placed.id,
      items: [{ order_item_id: line.id, num: 1 }],
      reason: 'Never arrived',
    });
    expect(asked.status).toBe(200);
    expect((await dashboardAs(admin)).orders?.returns_waiting).toBe(before + 1);
    expect((await injectAs(t, admin).post(ReturnPaths.adminReject, { id: asked.result.id, reason: 'Other' })).status).toBe(200);
    expect((await dashboardAs(admin)).orders?.returns_waiting).toBe(before);
    expect((await dashboardAs(await makeStaffToken(t, 'csr'))).orders?.returns_waiting).toBe(before);
  });

  it('shows each role only the parts it acts on', async () => {
    const agent = await makeStaffToken(t, 'csr');
    const asAgent = await dashboardAs(agent);
    expect(asAgent.stock).toBeNull();
    expect(asAgent.chat).not.toBeNull();
    expect(asAgent.orders).not.toBeNull();
    const asOperator = await dashboardAs(await makeStaffToken(t, 'operator'));
    expect(asOperator.chat).toBeNull();
    expect(asOperator.stock).not.toBeNull();
  });
});
