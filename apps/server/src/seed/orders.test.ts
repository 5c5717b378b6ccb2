import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness';
import { seedAccounts } from './accounts';
import { DEMO_WHOLESALE_REQUEST, seedAfterSales } from './after-sales';
import { seedCatalog } from './catalog';
import { seedDemoOrders } from './orders';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.database.db, { mediaDir: t.dataDir, goodsPerLeaf: 4, drawImages: false });
  await seedAccounts(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

describe('demo orders', () => {
  // one story: the after-sales seed needs the demo orders, so both steps are one test
  it('gives the demo shopper one order in each state, made by the real checkout, then a return and a wholesale request to answer', async () => {
    const now = Date.now();
    expect(await seedDemoOrders(t.database.db, now)).toBe(7);
    const db = t.database.db;
    const orders = await db
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .select(['orders.id', 'orders.status', 'orders.pay_expires_at', 'orders.tracking_no', 'users.email'])
      .orderBy('orders.created_at')
      .execute();
    expect(orders.map((o) => o.status)).toEqual([4, 6, 3, 2, 2, 2, 1]);
    expect(new Set(orders.map((o) => o.email))).toEqual(new Set(['shopper@example.com']));
    expect(orders.at(-1)?.pay_expires_at).toBeGreaterThan(now);
    const history = await db.selectFrom('order_status_history').select(['order_id', 'to_status']).orderBy('id').execute();
    const completed = orders[0]?.id;
    expect(history.filter((h) => h.order_id === completed).map((h) => h.to_status)).toEqual([1, 2, 3, 4]);
    const events = await db.selectFrom('order_tracking_events').select('order_id').execute();
    expect(events.filter((e) => e.order_id === completed)).toHaveLength(5);
    expect(events.filter((e) => e.order_id === orders[2]?.id).length).toBeGreaterThan(0);
    const payments = await db.selectFrom('order_payments').select(['status']).execute();
    expect(payments.map((p) => p.status)).toEqual(Array(5).fill('succeeded'));
    const bag = await db.selectFrom('cart_items').select('id').execute();
    expect(bag).toEqual([]);

    // then the after-sales seed, which works on those orders: a return to approve on the completed
    // order and a wholesale request to answer
    expect(await seedAfterSales(db)).toEqual({ returns: 1, requests: 1 });
    const completedOrder = await db.selectFrom('orders').select('id').where('status', '=', 4).executeTakeFirstOrThrow();
    const returns = await db.selectFrom('returns').select(['order_id', 'status', 'kind']).execute();
    expect(returns).toEqual([{ order_id: completedOrder.id, status: 1, kind: 'return' }]);
    const requests = await db.selectFrom('help_requests').select(['kind', 'status', 'company', 'email']).execute();
    expect(requests).toEqual([
      { kind: 'wholesale', status: 'open', company: DEMO_WHOLESALE_REQUEST.company, email: DEMO_WHOLESALE_REQUEST.email },
    ]);
  });
});
