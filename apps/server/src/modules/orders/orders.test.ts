import type { TAuditEntry } from '@shop/contracts/audit';
import type {
  TAdminOrderListItem,
  TDeliveryCompany,
  TInsuranceCustoms,
  TOrderDelivery,
  TOrderDetail,
  TOrderListItem,
  TSurcharge,
} from '@shop/contracts/orders';
import { describe, expect, it } from 'vitest';
import { JOB } from '../../jobs';
import {
  makeAddress,
  makeCartLine,
  makeGoods,
  makeShopper,
  makeStaffToken,
  newKey,
  pointsOf,
  type Shopper,
  stockOf,
} from '../../testing/fixtures';
import { appPerFile, injectAs, type TestApp } from '../../testing/harness';
import { createOrderCancellation } from '../../workflows/cancel-order';
import { AUTO_COMPLETE_AFTER_MS, createOrderService } from './service';

let t: TestApp;
let admin: string;
let agent: string;

appPerFile(async (made) => {
  t = made;
  admin = await makeStaffToken(t, 'admin');
  agent = await makeStaffToken(t, 'csr');
});

type List = { data: TOrderListItem[]; total: number };

/** Places an order of `num` of a new product for the shopper (through the real checkout). */
async function placeOrder(shopper: Shopper, opts: { num?: number; stock?: number; points?: number; name?: string } = {}) {
  const { skuIds } = await makeGoods(t.database.db, {
    name: opts.name ?? 'Order Test Knit',
    price_cents: 3000,
    stock: opts.stock ?? 10,
  });
  const sku = skuIds[0] as number;
  const addressId = await makeAddress(t.database.db, shopper.id);
  const cartId = await makeCartLine(t.database.db, shopper.id, sku, opts.num ?? 1);
  const answer = await injectAs(t, shopper, { headers: { 'idempotency-key': newKey() } }).post<TOrderDetail>(
    '/shop/order/create',
    { address_id: addressId, cart_ids: [cartId], points: opts.points ?? 0 },
  );
  expect(answer.status).toBe(200);
  return { order: answer.result, sku };
}

/** Moves an order straight to a status through the database (for list and transition tests). */
const setStatus = (id: number, status: number, extra: Record<string, number> = {}) =>
  t.database.db
    .updateTable('orders')
    .set({ status, ...extra })
    .where('id', '=', id)
    .execute();

describe('the shopper’s orders', () => {
  it('lists own orders newest first, by status (4 and 5 both Completed), with paging', async () => {
    const shopper = await makeShopper(t);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await placeOrder(shopper, { name: `List Item ${i}` })).order.id);
    await setStatus(ids[0] as number, 4);
    await setStatus(ids[1] as number, 5);
    await setStatus(ids[2] as number, 3);
    const other = await makeShopper(t);
    await placeOrder(other);

    const all = await injectAs(t, shopper).get<List>('/shop/order/list');
    expect(all.result.total).toBe(4);
    expect(all.result.data.map((o) => o.id)).toEqual([...ids].reverse());
    expect(all.result.data[0]).toMatchObject({
      status: 1,
      status_text: 'Pending Payment',
      total_num: 1,
      pay_price: 35.99,
      detail: [{ goods_name: 'List Item 3', num: 1, image: expect.stringContaining('/media/goods/') }],
    });

    const completed = await injectAs(t, shopper).get<List>('/shop/order/list?status=4&page=1&pagesize=10');
    expect(completed.result.data.map((o) => o.id).sort()).toEqual([ids[0], ids[1]].sort());
    const alsoCompleted = await injectAs(t, shopper).get<List>('/shop/order/list?status=5');
    expect(alsoCompleted.result.total).toBe(2);
    const shipped = await injectAs(t, shopper).get<List>('/shop/order/list?status=3');
    expect(shipped.result.data.map((o) => o.id)).toEqual([ids[2]]);

    const page2 = await injectAs(t, shopper).get<List>('/shop/order/list?page=2&pagesize=3');
    expect(page2.result).toMatchObject({ total: 4 });
    expect(page2.result.data.map((o) => o.id)).toEqual([ids[0]]);

    const bad = await injectAs(t, shopper).get('/shop/order/list?status=9');
    expect(bad.status).toBe(400);
  });

  it("never shows another shopper's order: detail, delivery, cancel, receive and pay answer 404", async () => {
    const owner = await makeShopper(t);
    const intruder = await makeShopper(t);
    const { order, sku } = await placeOrder(owner);
    for (const answer of [
      await injectAs(t, intruder).get(`/shop/order/detail?id=${order.id}`),
      await injectAs(t, intruder).get(`/shop/order/delivery?id=${order.id}`),
      await injectAs(t, intruder).post('/shop/order/cancel', { id: order.id }),
      await injectAs(t, intruder).post('/shop/order/receive', { id: order.id }),
      await injectAs(t, intruder, { headers: { 'idempotency-key': newKey() } }).post('/shop/order/pay', {
        id: order.id,
        card: { number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123', name: 'X' },
      }),
    ]) {
      expect(answer).toMatchObject({ status: 404, msg: 'Order not found', result: null });
    }
    const list = await injectAs(t, intruder).get<List>('/shop/order/list');
    expect(list.result).toEqual({ data: [], total: 0 });
    expect(await stockOf(t.database.db, sku)).toBe(9);
    const mine = await injectAs(t, owner).get<TOrderDetail>(`/shop/order/detail?id=${order.id}`);
    expect(mine.result.status).toBe(1);
  });

  it('cancels an unpaid order: stock and points come back, once', async () => {
    const shopper = await makeShopper(t, 2000);
    const { order, sku } = await placeOrder(shopper, { num: 3, points: 1000 });
    expect(await stockOf(t.database.db, sku)).toBe(7);
    expect(await pointsOf(t.database.db, shopper.id)).toBe(1000);

    const [first, second] = await Promise.all([
      injectAs(t, shopper).post<TOrderDetail>('/shop/order/cancel', { id: order.id }),
      injectAs(t, shopper).post<TOrderDetail>('/shop/order/cancel', { id: order.id }),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 400]);
    const won = first.status === 200 ? first : second;
    const lost = first.status === 200 ? second : first;
    expect(won.result).toMatchObject({ status: 6, status_text: 'Cancelled', can_cancel: 0, can_pay: 0 });
    expect(won.result.cancel_reason).toBe('Cancelled by the shopper');
    expect(lost.msg).toBe('This order cannot be cancelled: it has been cancelled');
    expect(await stockOf(t.database.db, sku)).toBe(10);
    expect(await pointsOf(t.database.db, shopper.id)).toBe(2000);
    expect(won.result.history.map((h) => [h.from_status, h.to_status])).toEqual([
      [null, 1],
      [1, 6],
    ]);
  });

  it('refuses illegal moves with a clear message', async () => {
    const shopper = await makeShopper(t);
    const { order, sku } = await placeOrder(shopper);
    const receiveUnpaid = await injectAs(t, shopper).post('/shop/order/receive', { id: order.id });
    expect(receiveUnpaid).toMatchObject({ status: 400, msg: 'This order cannot be received: it is waiting for payment' });
    await setStatus(order.id, 3);
    const cancelShipped = await injectAs(t, shopper).post('/shop/order/cancel', { id: order.id });
    expect(cancelShipped).toMatchObject({ status: 400, msg: 'This order cannot be cancelled: it has been shipped' });
    expect(await stockOf(t.database.db, sku)).toBe(9);
    const ship = await injectAs(t, admin).post('/admin/order/ship', { id: order.id, company_code: 'ups', tracking_no: '1Z999' });
    expect(ship).toMatchObject({ status: 400, msg: 'This order cannot be shipped: it has been shipped' });
  });
});

describe('shipping and tracking', () => {
  it('lets an administrator ship a paid order, add tracking, and the shopper receive it', async () => {
    const shopper = await makeShopper(t);
    const { order } = await placeOrder(shopper);
    await setStatus(order.id, 2, { paid_at: Date.now() });

    const staffList = await injectAs(t, agent).get<{ data: TAdminOrderListItem[]; total: number }>('/admin/order/list?status=2');
    expect(staffList.status).toBe(200);
    expect(staffList.result.data.find((o) => o.id === order.id)).toMatchObject({ status: 2, email: expect.stringMatching(/@/) });
    expect((await injectAs(t, shopper).get('/admin/order/list')).status).toBe(401);

    const byAgent = await injectAs(t, agent).post('/admin/order/ship', {
      id: order.id,
      company_code: 'ups',
      tracking_no: '1Z999AA10123456784',
    });
    expect(byAgent.status).toBe(403);
    const unknown = await injectAs(t, admin).post('/admin/order/ship', {
      id: order.id,
      company_code: 'pigeon',
      tracking_no: '1Z999',
    });
    expect(unknown).toMatchObject({ status: 400, msg: 'Unknown carrier: pigeon' });

    const shipped = await injectAs(t, admin).post<TOrderDetail>('/admin/order/ship', {
      id: order.id,
      company_code: 'ups',
      tracking_no: '1Z999AA10123456784',
    });
    expect(shipped.status).toBe(200);
    expect(shipped.result).toMatchObject({
      status: 3,
      status_text: 'Shipped',
      delivery_company: { code: 'ups', name: 'UPS' },
      tracking_no: '1Z999AA10123456784',
      tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      can_receive: 1,
    });
    expect(shipped.result.history.at(-1)).toMatchObject({ from_status: 2, to_status: 3, actor: 'staff' });

    const t0 = Date.UTC(2026, 2, 1, 9);
    const tracking = await injectAs(t, admin).post('/admin/order/tracking', {
      id: order.id,
      events: [
        { time: t0, status: 'Picked up', location: 'Sacramento, CA', description: 'The carrier has the parcel' },
        { time: t0 + 86_400_000, status: 'In transit', location: 'Reno, NV', description: 'Departed facility' },
      ],
    });
    expect(tracking.status).toBe(200);
    const delivery = await injectAs(t, shopper).get<TOrderDelivery>(`/shop/order/delivery?id=${order.id}`);
    expect(delivery.result).toMatchObject({
      status: 3,
      company: { code: 'ups', name: 'UPS' },
      tracking_no: '1Z999AA10123456784',
      tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
    expect(delivery.result.events.map((e) => e.status)).toEqual(['In transit', 'Picked up']);

    // Both staff writes are in the audit trail, with who did them and the order before and after.
    const trail = await injectAs(t, admin).get<{ data: TAuditEntry[] }>(`/admin/audit?object_type=order&object_id=${order.id}`);
    expect(trail.result.data.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['order.tracking_add', null, { events: expect.any(Array) }],
      ['order.ship', { status: 2 }, { status: 3, carrier: 'ups', tracking_no: '1Z999AA10123456784' }],
    ]);

    const received = await injectAs(t, shopper).post<TOrderDetail>('/shop/order/receive', { id: order.id });
    expect(received.result).toMatchObject({ status: 4, status_text: 'Completed', can_receive: 0 });
    expect(received.result.completed_at).toEqual(expect.any(Number));
  });

  it('answers the carriers, and no tracking before shipping', async () => {
    const companies = await injectAs(t, null).get<{ data: TDeliveryCompany[]; total: number }>('/shop/delivery/company');
    expect(companies.result.data.map((c) => c.code)).toEqual(['ups', 'fedex', 'usps', 'dhl', 'yunexpress']);
    const shopper = await makeShopper(t);
    const { order } = await placeOrder(shopper);
    const delivery = await injectAs(t, shopper).get<TOrderDelivery>(`/shop/order/delivery?id=${order.id}`);
    expect(delivery.result).toMatchObject({ company: null, tracking_no: null, tracking_url: '', events: [] });
    const early = await injectAs(t, admin).post('/admin/order/tracking', {
      id: order.id,
      events: [{ time: Date.now(), status: 'Label created', description: 'Label printed' }],
    });
    expect(early).toMatchObject({ status: 400, msg: 'Tracking can be added once the order has shipped; it is Pending Payment' });
  });
});

describe('the expiry job', () => {
  it('cancels unpaid orders after their time, releasing stock and points, each once across two instances', async () => {
    const shopper = await makeShopper(t, 500);
    const placed = [];
    for (let i = 0; i < 3; i++) placed.push(await placeOrder(shopper, { num: 2, points: i === 0 ? 500 : 0 }));
    const fresh = await placeOrder(shopper);
    expect(await pointsOf(t.database.db, shopper.id)).toBe(0);
    const expiredAt = Math.max(...placed.map((p) => p.order.pay_expires_at));
    await t.database.db
      .updateTable('orders')
      .set({ pay_expires_at: expiredAt - 1 })
      .where(
        'id',
        'in',
        placed.map((p) => p.order.id),
      )
      .execute();
    await t.database.db
      .updateTable('orders')
      .set({ pay_expires_at: expiredAt + 60_000 })
      .where('id', '=', fresh.order.id)
      .execute();

    // the job twice at once (its lock lets one run), and two instances' cancellations beside it without the lock
    const second = createOrderCancellation({ db: t.database.db, orders: createOrderService({ db: t.database.db }) });
    const now = expiredAt + 1;
    // (earlier tests' unpaid orders are past their time too)
    const due = await t.database.db
      .selectFrom('orders')
      .select('id')
      .where('status', '=', 1)
      .where('pay_expires_at', '<', now)
      .execute();
    const [a, b, c, d] = await Promise.all([
      t.app.services.jobs.run(JOB.unpaidOrderExpiry, now),
      t.app.services.jobs.run(JOB.unpaidOrderExpiry, now),
      t.app.services.cancellation.expireUnpaid(now),
      second.expireUnpaid(now),
    ]);
    const cancelled = [a?.cancelled ?? 0, b?.cancelled ?? 0, c, d].reduce((x, y) => x + y, 0);
    expect(cancelled).toBe(due.length);
    const history = await t.database.db
      .selectFrom('order_status_history')
      .select('order_id')
      .where('to_status', '=', 6)
      .where(
        'order_id',
        'in',
        due.map((row) => row.id),
      )
      .execute();
    expect(history).toHaveLength(due.length);

    for (const { order, sku } of placed) {
      const detail = await injectAs(t, shopper).get<TOrderDetail>(`/shop/order/detail?id=${order.id}`);
      expect(detail.result).toMatchObject({ status: 6, cancel_reason: 'Not paid in time' });
      expect(detail.result.history.filter((h) => h.to_status === 6)).toHaveLength(1);
      expect(detail.result.history.at(-1)?.actor).toBe('system');
      expect(await stockOf(t.database.db, sku)).toBe(10);
    }
    expect(await pointsOf(t.database.db, shopper.id)).toBe(500);
    const untouched = await injectAs(t, shopper).get<TOrderDetail>(`/shop/order/detail?id=${fresh.order.id}`);
    expect(untouched.result.status).toBe(1);
    expect(await t.app.services.cancellation.expireUnpaid(now)).toBe(0);
  });

  it('completes orders shipped long ago', async () => {
    const shopper = await makeShopper(t);
    const { order } = await placeOrder(shopper);
    const shippedAt = Date.now() - AUTO_COMPLETE_AFTER_MS - 1000;
    await setStatus(order.id, 3, { shipped_at: shippedAt });
    expect(await t.app.services.orders.completeShipped(Date.now())).toBeGreaterThanOrEqual(1);
    const detail = await injectAs(t, shopper).get<TOrderDetail>(`/shop/order/detail?id=${order.id}`);
    expect(detail.result).toMatchObject({ status: 4, status_text: 'Completed' });
  });
});

describe('surcharge, insurance and customs', () => {
  it('answers the surcharges for a destination and amount', async () => {
    const small = await injectAs(t, null).get<TSurcharge>('/api/get/order/surcharge?country=us&state=HI&amount=12.5');
    expect(small.result).toEqual({
      country: 'US',
      surcharge: 9.98,
      lines: [
        { code: 'small_order', label: 'Small order handling', amount: 2.99 },
        { code: 'remote_area', label: 'Remote area delivery', amount: 6.99 },
      ],
      small_order_threshold: 15,
    });
    const none = await injectAs(t, null).get<TSurcharge>('/api/get/order/surcharge?country=FR&amount=80');
    expect(none.result).toMatchObject({ surcharge: 0, lines: [] });
    const bad = await injectAs(t, null).get('/api/get/order/surcharge?country=France&amount=-1');
    expect(bad.status).toBe(400);
  });

  it('answers the insurance and the duty', async () => {
    const gb = await injectAs(t, null).get<TInsuranceCustoms>('/api/get/insurance/and/customs?country=GB&amount=200');
    expect(gb.result).toEqual({
      country: 'GB',
      insurance_rate_percent: 2,
      insurance_min: 0.99,
      insurance: 4,
      customs_rate_percent: 12,
      customs_threshold: 170,
      customs: 24,
    });
    const us = await injectAs(t, null).get<TInsuranceCustoms>('/api/get/insurance/and/customs?country=US&amount=2000');
    expect(us.result).toMatchObject({ customs_rate_percent: 0, customs: 0, insurance: 40 });
  });
});

describe('the API documentation', () => {
  it('documents checkout, orders, payment and staff shipping under their tags', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api-docs/json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[]; parameters?: Array<{ name: string; in: string }> }>>;
    };
    const tagOf = (path: string, method: string) => doc.paths[path]?.[method]?.tags;
    for (const [path, method] of [
      ['/shop/order/preview', 'post'],
      ['/shop/order/create', 'post'],
      ['/shop/order/pay', 'post'],
      ['/shop/order/list', 'get'],
      ['/shop/order/detail', 'get'],
      ['/shop/order/cancel', 'post'],
      ['/shop/order/receive', 'post'],
      ['/shop/order/delivery', 'get'],
      ['/shop/delivery/company', 'get'],
      ['/api/get/order/surcharge', 'get'],
      ['/api/get/insurance/and/customs', 'get'],
    ] as const) {
      expect(tagOf(path, method)).toEqual(['orders']);
    }
    for (const path of ['/admin/order/list', '/admin/order/ship', '/admin/order/tracking']) {
      expect(Object.values(doc.paths[path] ?? {})[0]?.tags).toEqual(['staff orders']);
    }
    const create = doc.paths['/shop/order/create']?.post?.parameters ?? [];
    expect(create).toContainEqual(expect.objectContaining({ name: 'idempotency-key', in: 'header' }));
  });
});
