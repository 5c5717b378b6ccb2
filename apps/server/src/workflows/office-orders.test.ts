import { OfficeOrderMessages, OfficeOrderPaths, ORDER_CSV_COLUMNS, type TAdminOrderDetail } from '@shop/contracts/office-orders';
import { OrderStatus, type TAdminOrderListItem, type TOrderDetail } from '@shop/contracts/orders';
import { ReturnPaths, ReturnStatus } from '@shop/contracts/returns';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeShopper, makeStaffToken, newKey, pointsOf, type Shopper, stockOf } from '../testing/fixtures';
import { createTestApp, injectAs, type TestApp } from '../testing/harness';
import { placeOrderOfNewGoods } from './orders-testing';

let t: TestApp;
let admin: string;
let operator: string;
let csr: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeStaffToken(t, 'admin');
  operator = await makeStaffToken(t, 'operator');
  csr = await makeStaffToken(t, 'csr');
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

type Placed = { shopper: Shopper; order: TOrderDetail; skuId: number };

/** An order of `num` units of a new product at `priceCents`, placed through checkout; paid unless told. */
async function placed(
  options: { num?: number; priceCents?: number; pay?: boolean; points?: number; shopper?: Shopper; name?: string } = {},
): Promise<Placed> {
  const shopper = options.shopper ?? (await makeShopper(t, options.points ?? 0));
  const { order, skuId } = await placeOrderOfNewGoods(
    t,
    shopper,
    { name: options.name ?? 'Office Dress', price_cents: options.priceCents ?? 4_000 },
    { num: options.num ?? 2, pay: options.pay, points: options.points },
  );
  return { shopper, order, skuId };
}

const emailOf = async (userId: number) =>
  (await db().selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email;

const setPlacedAt = (orderId: number, day: string) =>
  db()
    .updateTable('orders')
    .set({ created_at: Date.parse(`${day}T12:00:00Z`) })
    .where('id', '=', orderId)
    .execute();

const list = (query: string, token = admin) =>
  injectAs(t, token).get<{ data: TAdminOrderListItem[]; total: number }>(`${OfficeOrderPaths.list}?${query}`);

const exportCsv = (query: string, token = admin) =>
  t.app.inject({ method: 'GET', url: `${OfficeOrderPaths.export}?${query}`, headers: { 'user-token': token } });

const providerRefunds = async (orderId: number) => {
  const charge = await db()
    .selectFrom('order_payments')
    .select('provider_ref')
    .where('order_id', '=', orderId)
    .where('status', '=', 'succeeded')
    .executeTakeFirstOrThrow();
  const rows = await db()
    .selectFrom('test_payment_refunds')
    .select('amount')
    .where('charge_ref', '=', charge.provider_ref)
    .execute();
  return rows.map((row) => row.amount);
};

const auditOf = (action: string, orderId: number) =>
  db()
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('object_type', '=', 'order')
    .where('object_id', '=', String(orderId))
    .execute();

describe('the back office lists orders by status, days placed, shopper and amount', () => {
  it('filters by each and by all together, both ends of the ranges included', async () => {
    const shopper = await makeShopper(t);
    const cheap = await placed({ shopper, priceCents: 1_000, num: 1 });
    const middle = await placed({ shopper, priceCents: 3_000, num: 1, pay: false });
    const dear = await placed({ shopper, priceCents: 9_000, num: 1 });
    await setPlacedAt(cheap.order.id, '2026-03-01');
    await setPlacedAt(middle.order.id, '2026-03-05');
    await setPlacedAt(dear.order.id, '2026-03-10');
    const email = encodeURIComponent(await emailOf(shopper.id));
    const numbers = async (query: string) => (await list(`email=${email}&${query}`)).result.data.map((order) => order.order_no);

    expect(await numbers('')).toEqual([dear.order.order_no, middle.order.order_no, cheap.order.order_no]);
    expect(await numbers('status=1')).toEqual([middle.order.order_no]);
    expect(await numbers('placed_from=2026-03-05')).toEqual([dear.order.order_no, middle.order.order_no]);
    expect(await numbers('placed_to=2026-03-05')).toEqual([middle.order.order_no, cheap.order.order_no]);
    expect(await numbers('placed_from=2026-03-05&placed_to=2026-03-05')).toEqual([middle.order.order_no]);
    expect(await numbers(`amount_min=${middle.order.pay_price}`)).toEqual([dear.order.order_no, middle.order.order_no]);
    expect(await numbers(`amount_max=${middle.order.pay_price}`)).toEqual([middle.order.order_no, cheap.order.order_no]);
    expect(await numbers(`status=2&placed_from=2026-03-01&amount_max=${cheap.order.pay_price}`)).toEqual([cheap.order.order_no]);
    expect((await list(`email=${email}&placed_from=2026-03-11`)).result).toEqual({ data: [], total: 0 });
  });

  it('marks the orders staff may ship: paid ones still waiting for their parcel to leave', async () => {
    const shopper = await makeShopper(t);
    const unpaid = await placed({ shopper, pay: false });
    const paid = await placed({ shopper });
    const shipped = await placed({ shopper });
    await db().updateTable('orders').set({ status: OrderStatus.Shipped }).where('id', '=', shipped.order.id).execute();
    const email = encodeURIComponent(await emailOf(shopper.id));
    const rows = (await list(`email=${email}`)).result.data;
    expect(rows.map((order) => [order.order_no, order.status, order.can_ship])).toEqual([
      [shipped.order.order_no, OrderStatus.Shipped, 0],
      [paid.order.order_no, OrderStatus.PendingShipment, 1],
      [unpaid.order.order_no, OrderStatus.PendingPayment, 0],
    ]);
    // the order page's action says the same
    const detail = await injectAs(t, admin).get<TAdminOrderDetail>(`${OfficeOrderPaths.detail}?id=${paid.order.id}`);
    expect(detail.result.staff_actions.ship).toBe(1);
  });

  it('refuses ranges that end before they start, days not in the calendar and amounts that are not, with 400', async () => {
    const cases: Array<[string, string, string]> = [
      ['placed_from=2026-03-05&placed_to=2026-03-04', 'placed_to', 'placed_to must not be before placed_from'],
      ['placed_from=2026-02-30', 'placed_from', 'placed_from is not a day of the calendar'],
      ['placed_to=05/03/2026', 'placed_to', 'placed_to must be a date (YYYY-MM-DD)'],
      ['amount_min=20&amount_max=10', 'amount_max', 'amount_max must not be less than amount_min'],
      ['amount_min=abc', 'amount_min', 'amount_min must be a number'],
      ['amount_max=1.234', 'amount_max', 'amount_max must have at most 2 decimals'],
      ['amount_min=-1', 'amount_min', 'amount_min must not be negative'],
    ];
    for (const [query, field, message] of cases) {
      const answer = await list(query);
      expect(answer.status, query).toBe(400);
      expect((answer.result as unknown as { fields: Record<string, string> }).fields[field], query).toBe(message);
      expect((await exportCsv(query)).statusCode, query).toBe(400);
    }
  });
});

describe('the back office exports the filtered orders as CSV', () => {
  it('writes one row per order with the columns, amounts and times; what a spreadsheet would run is written as text', async () => {
    const shopper = await makeShopper(t);
    const first = await placed({ shopper, priceCents: 2_500, num: 2, name: 'Wrap, "Midi" Dress' });
    const second = await placed({ shopper, priceCents: 1_200, num: 1, name: '=HYPERLINK("http://x")', pay: false });
    const email = await emailOf(shopper.id);
    const response = await exportCsv(`email=${encodeURIComponent(email)}`, csr);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = parse(response.body) as string[][];
    expect(header).toEqual([...ORDER_CSV_COLUMNS]);
    expect(rows).toHaveLength(2);
    const byNo = new Map(rows.map((row) => [row[0], Object.fromEntries(ORDER_CSV_COLUMNS.map((name, i) => [name, row[i]]))]));
    expect(byNo.get(first.order.order_no)).toMatchObject({
      status: 'Pending Shipment',
      email,
      ship_to: 'Ada Lovelace',
      country: 'US',
      pieces: '2',
      items: expect.stringContaining('Wrap, "Midi" Dress'),
      goods_amount: '50.00',
      pay_price: first.order.pay_price.toFixed(2),
      refunded_amount: '0.00',
      placed_at: new Date(first.order.create_time).toISOString(),
    });
    expect(byNo.get(first.order.order_no)?.paid_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(byNo.get(second.order.order_no)).toMatchObject({ status: 'Pending Payment', paid_at: '' });
    expect(byNo.get(second.order.order_no)?.items).toMatch(/^'=HYPERLINK/);

    const paidOnly = parse((await exportCsv(`email=${encodeURIComponent(email)}&status=2`)).body) as string[][];
    expect(paidOnly.slice(1).map((row) => row[0])).toEqual([first.order.order_no]);
  });
});

describe('the back office reads one order', () => {
  it('answers the order with its shopper, refunds, tracking events and what staff may do now', async () => {
    const order = await placed({ num: 1 });
    const before = await injectAs(t, csr).get<TAdminOrderDetail>(`${OfficeOrderPaths.detail}?id=${order.order.id}`);
    expect(before.status).toBe(200);
    expect(before.result).toMatchObject({
      id: order.order.id,
      user_id: order.shopper.id,
      email: await emailOf(order.shopper.id),
      refunds: [],
      tracking: [],
      refunded_amount: 0,
      staff_actions: { ship: 1, track: 0, cancel: 'paid', refundable: order.order.pay_price },
    });
    expect(before.result.history.map((entry) => entry.to_status)).toEqual([
      OrderStatus.PendingPayment,
      OrderStatus.PendingShipment,
    ]);

    await injectAs(t, admin).post(OfficeOrderPaths.ship, {
      id: order.order.id,
      company_code: 'ups',
      tracking_no: '1Z999AA10123456784',
    });
    const time = Date.parse('2026-03-02T08:00:00Z');
    await injectAs(t, admin).post(OfficeOrderPaths.tracking, {
      id: order.order.id,
      events: [{ time, status: 'In transit', location: 'Reno, NV', description: 'Departed the facility' }],
    });
    await injectAs(t, admin).post(ReturnPaths.adminOrderRefund, {
      order_id: order.order.id,
      amount: 5,
      reason: 'Late',
      request_id: newKey(),
    });
    const after = await injectAs(t, admin).get<TAdminOrderDetail>(`${OfficeOrderPaths.detail}?id=${order.order.id}`);
    expect(after.result).toMatchObject({
      status: OrderStatus.Shipped,
      refunded_amount: 5,
      refunds: [{ amount: 5, status: 'succeeded', reason: 'Late', return_id: null }],
      tracking: [{ time, status: 'In transit', location: 'Reno, NV', description: 'Departed the facility' }],
      staff_actions: { ship: 0, track: 1, cancel: null, refundable: Number((order.order.pay_price - 5).toFixed(2)) },
    });
    expect((await injectAs(t, admin).get(`${OfficeOrderPaths.detail}?id=2147483647`)).status).toBe(404);
  });
});

describe('staff cancel an order with a reason', () => {
  it('an unpaid order is cancelled: stock and points back, the reason kept and audited', async () => {
    const order = await placed({ num: 2, pay: false, points: 300 });
    const stock = await stockOf(db(), order.skuId);
    const balance = await pointsOf(db(), order.shopper.id);
    const answer = await injectAs(t, operator).post<TAdminOrderDetail>(OfficeOrderPaths.cancel, {
      id: order.order.id,
      reason: 'Duplicate order',
    });
    expect(answer).toMatchObject({
      status: 200,
      msg: OfficeOrderMessages.cancelled,
      result: { status: OrderStatus.Cancelled, cancel_reason: 'Duplicate order', refunds: [] },
    });
    expect(answer.result.history.at(-1)).toMatchObject({ actor: 'staff', note: 'Duplicate order' });
    expect(await stockOf(db(), order.skuId)).toBe(stock + 2);
    expect(await pointsOf(db(), order.shopper.id)).toBe(balance + 300);
    const audit = await auditOf('order.cancel', order.order.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.reason).toBe('Duplicate order');
  });

  it('a paid order not yet shipped is cancelled and refunded in full, once, and restocked once, however often it is pressed', async () => {
    const order = await placed({ num: 3, points: 200 });
    const stock = await stockOf(db(), order.skuId);
    const balance = await pointsOf(db(), order.shopper.id);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        injectAs(t, admin).post<TAdminOrderDetail>(OfficeOrderPaths.cancel, {
          id: order.order.id,
          reason: 'Out of stock at the warehouse',
        }),
      ),
    );
    const done = answers.filter((answer) => answer.status === 200);
    expect(done).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.status !== 200)) expect(answer.status).toBe(400);
    expect(done[0]).toMatchObject({
      msg: OfficeOrderMessages.cancelledAndRefunded,
      result: {
        status: OrderStatus.Refunded,
        cancel_reason: 'Out of stock at the warehouse',
        refunded_amount: order.order.pay_price,
        refunds: [{ amount: order.order.pay_price, status: 'succeeded' }],
        staff_actions: { cancel: null, refundable: 0, ship: 0 },
      },
    });
    expect(await providerRefunds(order.order.id)).toEqual([Math.round(order.order.pay_price * 100)]);
    expect(await stockOf(db(), order.skuId)).toBe(stock + 3);
    expect(await pointsOf(db(), order.shopper.id)).toBe(balance + 200);
    // the shopper sees a refund request of the whole order, refunded, asked by staff
    const requests = await injectAs(t, order.shopper).get<{ data: Array<{ id: number; status: number }> }>(
      `${ReturnPaths.list}?id=${order.order.id}`,
    );
    expect(requests.result.data).toHaveLength(1);
    expect(requests.result.data[0]?.status).toBe(ReturnStatus.Refunded);
    const cancels = await auditOf('order.cancel', order.order.id);
    expect(cancels.map((entry) => entry.reason)).toEqual(['Out of stock at the warehouse']);
    // cancelled: it can be neither shipped nor cancelled again
    const ship = await injectAs(t, admin).post(OfficeOrderPaths.ship, {
      id: order.order.id,
      company_code: 'ups',
      tracking_no: '1Z999AA1012345',
    });
    expect(ship.status).toBe(400);
    const again = await injectAs(t, admin).post(OfficeOrderPaths.cancel, { id: order.order.id, reason: 'Again' });
    expect(again).toMatchObject({ status: 400, msg: OfficeOrderMessages.notCancellable('Refunded') });
  });

  it('refuses a shipped order, a missing reason and a support agent, and changes nothing', async () => {
    const order = await placed({ num: 1 });
    await injectAs(t, admin).post(OfficeOrderPaths.ship, {
      id: order.order.id,
      company_code: 'ups',
      tracking_no: '1Z999AA10123456784',
    });
    const shipped = await injectAs(t, admin).post(OfficeOrderPaths.cancel, { id: order.order.id, reason: 'Too late' });
    expect(shipped).toMatchObject({ status: 400, msg: OfficeOrderMessages.notCancellable('Shipped') });
    const unpaid = await placed({ num: 1, pay: false });
    const noReason = await injectAs(t, admin).post(OfficeOrderPaths.cancel, { id: unpaid.order.id, reason: ' ' });
    expect(noReason).toMatchObject({ status: 400, result: { fields: { reason: OfficeOrderMessages.cancelReason } } });
    expect((await injectAs(t, csr).post(OfficeOrderPaths.cancel, { id: unpaid.order.id, reason: 'Agent tries' })).status).toBe(
      403,
    );
    expect((await injectAs(t, admin).post(OfficeOrderPaths.cancel, { id: 2147483647, reason: 'Nobody' })).status).toBe(404);
    const row = await db().selectFrom('orders').select('status').where('id', '=', unpaid.order.id).executeTakeFirstOrThrow();
    expect(row.status).toBe(OrderStatus.PendingPayment);
    expect(await auditOf('order.cancel', unpaid.order.id)).toHaveLength(0);
  });
});
