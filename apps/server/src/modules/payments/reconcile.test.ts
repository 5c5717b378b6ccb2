import { OrderStatus, TEST_CARDS, type TOrderDetail, type TOrderPayResult } from '@shop/contracts/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB } from '../../jobs';
import { newKey, type Shopper } from '../../testing/fixtures';
import { createTestApp, injectAs, type TestApp, testEngine } from '../../testing/harness';
import { placeUnpaidOrder } from '../../testing/paid-orders';
import { PaymentMessages } from './service';
import { TEST_PROVIDER_MESSAGES, TestPaymentProvider } from './test-provider';

// What a crash (SIGKILL) between asking the provider and writing its answer leaves behind: the
// attempt's row still `pending`, and the provider's own record of it, or none.

let t: TestApp;
/** Another instance on the same database, as behind a load balancer. Many instances run on PostgreSQL; two
 * SQLite connections in one process would block each other's transactions, so on SQLite the second is `t`. */
let second: TestApp | null = null;
let other: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  if (testEngine === 'postgres') second = await createTestApp({ sameStoreAs: t });
  other = second ?? t;
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const card = (number: string) => ({
  number,
  exp_month: 12,
  exp_year: new Date().getUTCFullYear() + 2,
  cvc: '123',
  name: 'Ada Lovelace',
});

const unpaidOrder = (shopper?: Shopper) => placeUnpaidOrder(t, { name: 'Crash Linen Shirt', price_cents: 3900 }, shopper);

/** The pending row `pay` writes before it asks the provider; with `charged`, the provider's answer too, as the crash left it. */
async function crashedAttempt(order: TOrderDetail, charged?: string) {
  const key = newKey();
  await t.database.db
    .insertInto('order_payments')
    .values({
      order_id: order.id,
      provider: 'test',
      amount: Math.round(Number(order.pay_price) * 100),
      status: 'pending',
      provider_ref: '',
      message: '',
      card_last4: (charged ?? TEST_CARDS.success).slice(-4),
      idempotency_key: key,
      created_at: Date.now(),
    })
    .execute();
  if (charged) await providerCharge(order, charged, key);
  return key;
}

/** Asks the test provider straight for a charge of the order's price, under the attempt's key. */
const providerCharge = (order: TOrderDetail, number: string, key: string) =>
  new TestPaymentProvider({ db: t.database.db }).charge({
    orderId: order.id,
    orderNo: order.order_no,
    amountCents: Math.round(Number(order.pay_price) * 100),
    currency: 'USD',
    method: { kind: 'card', number, expMonth: 12, expYear: 2099, cvc: '123', name: 'Ada Lovelace' },
    idempotencyKey: `${order.order_no}:${key}`,
    previousAttempts: async () => [],
  });

const detail = async (buyer: Shopper, id: number) =>
  (await injectAs(t, buyer).get<TOrderDetail>(`/shop/order/detail?id=${id}`)).result;
const pay = (buyer: Shopper, id: number, number: string, key = newKey()) =>
  injectAs(t, buyer, { headers: { 'idempotency-key': key } }).post<TOrderPayResult>('/shop/order/pay', {
    id,
    card: card(number),
  });
/** Runs the reconciliation job and checks its report: what it checked, paid and closed, nothing unknown. */
async function expectReconciled(counts: { checked: number; paid: number; closed: number }) {
  expect(await t.app.services.jobs.run(JOB.paymentReconciliation)).toEqual({ ...counts, unknown: 0 });
}
const pendingLeft = async () =>
  (await t.database.db.selectFrom('order_payments').select('id').where('status', '=', 'pending').execute()).length;

describe('payment attempts left pending by a crash', () => {
  it('records an attempt the provider charged: the order is paid, once', async () => {
    const { buyer, order } = await unpaidOrder();
    await crashedAttempt(order, TEST_CARDS.success);
    // before: the order cannot be paid, the attempt blocks it
    expect((await pay(buyer, order.id, TEST_CARDS.success)).msg).toBe(PaymentMessages.inFlight);

    await expectReconciled({ checked: 1, paid: 1, closed: 0 });
    const paid = await detail(buyer, order.id);
    expect(paid).toMatchObject({ status: OrderStatus.PendingShipment, can_pay: 0 });
    expect(paid.payments.map((p) => p.status)).toEqual(['succeeded']);
    expect(paid.history.filter((h) => h.to_status === OrderStatus.PendingShipment)).toEqual([
      expect.objectContaining({ from_status: OrderStatus.PendingPayment, actor: 'payment' }),
    ]);
  });

  it('closes an attempt that never reached the provider: the shopper pays again at once, and the old attempt can no longer charge', async () => {
    const { buyer, order } = await unpaidOrder();
    const key = await crashedAttempt(order);

    await expectReconciled({ checked: 1, paid: 0, closed: 1 });
    const closed = await detail(buyer, order.id);
    expect(closed).toMatchObject({ status: OrderStatus.PendingPayment, can_pay: 1 });
    expect(closed.payments).toEqual([expect.objectContaining({ status: 'failed' })]);

    // the old attempt, had it still been on its way, is refused by the provider: no money taken
    const late = await providerCharge(order, TEST_CARDS.success, key);
    expect(late).toMatchObject({ status: 'declined', message: TEST_PROVIDER_MESSAGES.voided });

    const paid = await pay(buyer, order.id, TEST_CARDS.success);
    expect(paid.result).toMatchObject({ status: 'succeeded', order: { status: OrderStatus.PendingShipment } });
  });

  it('records a decline the provider gave: the order stays payable', async () => {
    const { buyer, order } = await unpaidOrder();
    await crashedAttempt(order, TEST_CARDS.declined);
    await expectReconciled({ checked: 1, paid: 0, closed: 1 });
    const after = await detail(buyer, order.id);
    expect(after).toMatchObject({ status: OrderStatus.PendingPayment, can_pay: 1 });
    expect(after.payments).toEqual([expect.objectContaining({ status: 'declined', message: TEST_PROVIDER_MESSAGES.declined })]);
  });

  it('settles each attempt once when run twice, or by two instances at once', async () => {
    const charged = await unpaidOrder();
    const lost = await unpaidOrder();
    await crashedAttempt(charged.order, TEST_CARDS.success);
    await crashedAttempt(lost.order);

    // two instances at once: under the job lock, and (to prove the writes themselves) without it
    const reports = await Promise.all([
      t.app.services.jobs.run(JOB.paymentReconciliation),
      other.app.services.jobs.run(JOB.paymentReconciliation),
      t.app.services.payments.reconcile(),
      other.app.services.payments.reconcile(),
    ]);
    const done = reports.filter((report) => report !== null);
    expect(done.reduce((sum, report) => sum + (report.paid ?? 0), 0)).toBe(1);
    expect(done.reduce((sum, report) => sum + (report.closed ?? 0), 0)).toBe(1);
    expect(await pendingLeft()).toBe(0);

    // and again later: nothing left to do, nothing changes
    await expectReconciled({ checked: 0, paid: 0, closed: 0 });
    const paid = await detail(charged.buyer, charged.order.id);
    expect(paid.status).toBe(OrderStatus.PendingShipment);
    expect(paid.payments.filter((p) => p.status === 'succeeded')).toHaveLength(1);
    expect(paid.history.filter((h) => h.to_status === OrderStatus.PendingShipment)).toHaveLength(1);
    expect((await detail(lost.buyer, lost.order.id)).status).toBe(OrderStatus.PendingPayment);
  });

  it('refunds a charge whose order was cancelled since the crash', async () => {
    const { buyer, order } = await unpaidOrder();
    await crashedAttempt(order, TEST_CARDS.success);
    await t.database.db.updateTable('orders').set({ status: OrderStatus.Cancelled }).where('id', '=', order.id).execute();
    await expectReconciled({ checked: 1, paid: 0, closed: 1 });
    const after = await detail(buyer, order.id);
    expect(after.status).toBe(OrderStatus.Cancelled);
    expect(after.payments).toEqual([expect.objectContaining({ status: 'failed', message: PaymentMessages.cancelledMeanwhile })]);
  });
});
