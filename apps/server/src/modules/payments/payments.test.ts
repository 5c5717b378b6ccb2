import { TEST_CARDS, type TOrderDetail, type TOrderPayResult } from '@shop/contracts/orders';
import { describe, expect, it } from 'vitest';
import { newKey, type Shopper, stockOf } from '../../testing/fixtures';
import { appPerFile, injectAs, type TestApp } from '../../testing/harness';
import { placeUnpaidOrder } from '../../testing/paid-orders';
import { createPaymentService } from '../../workflows/pay-order';
import type { PaymentProvider } from './provider';
import { MAX_ATTEMPTS_PER_ORDER, PaymentMessages } from './service';
import { TEST_PROVIDER_MESSAGES, TestPaymentProvider } from './test-provider';

let t: TestApp;

appPerFile((made) => {
  t = made;
});

const card = (number: string, extra: Record<string, unknown> = {}) => ({
  number,
  exp_month: 12,
  exp_year: new Date().getUTCFullYear() + 2,
  cvc: '123',
  name: 'Ada Lovelace',
  ...extra,
});

const unpaidOrder = (shopper?: Shopper) => placeUnpaidOrder(t, { name: 'Paid Silk Blouse', price_cents: 4500 }, shopper);

const pay = (token: string, id: number, number: string, key = newKey(), extra: Record<string, unknown> = {}) =>
  injectAs(t, token, { headers: { 'idempotency-key': key } }).post<TOrderPayResult>('/shop/order/pay', {
    id,
    card: card(number, extra),
  });

const paymentsOf = (orderId: number) =>
  t.database.db.selectFrom('order_payments').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

describe('paying with the test provider', () => {
  it('pays with 4242…: Pending Shipment, paid_at, one succeeded payment, only the last four digits kept', async () => {
    const { buyer, order } = await unpaidOrder();
    const answer = await pay(buyer.token, order.id, '4242 4242 4242 4242');
    expect(answer.status).toBe(200);
    expect(answer.result.status).toBe('succeeded');
    expect(answer.msg).toBe(TEST_PROVIDER_MESSAGES.succeeded);
    expect(answer.result.order).toMatchObject({ status: 2, status_text: 'Pending Shipment', can_pay: 0, can_cancel: 0 });
    expect(answer.result.order.paid_at).toEqual(expect.any(Number));
    expect(answer.result.order.payments).toEqual([
      expect.objectContaining({ provider: 'test', amount: order.pay_price, status: 'succeeded', card_last4: '4242' }),
    ]);
    expect(answer.result.order.history.at(-1)).toMatchObject({ from_status: 1, to_status: 2, actor: 'payment' });
    const rows = await paymentsOf(order.id);
    expect(JSON.stringify(rows)).not.toContain(TEST_CARDS.success);
    expect(JSON.stringify(rows)).not.toContain('"123"');
  });

  it('records a decline and leaves the order waiting for payment', async () => {
    const { buyer, order } = await unpaidOrder();
    const answer = await pay(buyer.token, order.id, TEST_CARDS.declined);
    expect(answer.status).toBe(200);
    expect(answer.result).toMatchObject({ status: 'declined', message: TEST_PROVIDER_MESSAGES.declined });
    expect(answer.result.order).toMatchObject({ status: 1, can_pay: 1 });
    expect(answer.result.order.payments).toEqual([
      expect.objectContaining({ status: 'declined', card_last4: '0002', message: TEST_PROVIDER_MESSAGES.declined }),
    ]);
    // a good card afterwards pays
    const retried = await pay(buyer.token, order.id, TEST_CARDS.success);
    expect(retried.result.status).toBe('succeeded');
  });

  it('asks to try again once with 4000…9995, then pays', async () => {
    const { buyer, order } = await unpaidOrder();
    const first = await pay(buyer.token, order.id, TEST_CARDS.retry);
    expect(first.result).toMatchObject({ status: 'retry', message: TEST_PROVIDER_MESSAGES.retry });
    expect(first.result.order.status).toBe(1);
    const second = await pay(buyer.token, order.id, TEST_CARDS.retry);
    expect(second.result.status).toBe('succeeded');
    expect(second.result.order.status).toBe(2);
    expect((await paymentsOf(order.id)).map((p) => p.status)).toEqual(['retry', 'succeeded']);
  });

  it('answers the order with every attempt and status as stored, oldest first, read in one statement', async () => {
    const { buyer, order } = await unpaidOrder();
    await pay(buyer.token, order.id, TEST_CARDS.declined);
    await pay(buyer.token, order.id, TEST_CARDS.retry);
    const paid = await pay(buyer.token, order.id, TEST_CARDS.retry);
    const rows = await paymentsOf(order.id);
    expect(paid.result.order.payments).toEqual(
      rows.map((row) => ({
        id: row.id,
        provider: 'test',
        amount: order.pay_price,
        status: row.status,
        message: row.message,
        card_last4: row.card_last4,
        create_time: row.created_at,
      })),
    );
    expect(rows.map((row) => row.status)).toEqual(['declined', 'retry', 'succeeded']);
    const history = await t.database.db
      .selectFrom('order_status_history')
      .selectAll()
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(paid.result.order.history).toEqual([
      { from_status: null, to_status: 1, actor: 'shopper', note: history[0]?.note, create_time: history[0]?.created_at },
      { from_status: 1, to_status: 2, actor: 'payment', note: history[1]?.note, create_time: history[1]?.created_at },
    ]);
    const detail = await injectAs(t, buyer).get<TOrderDetail>(`/shop/order/detail?id=${order.id}`);
    expect(detail.result).toEqual(paid.result.order);
    expect(detail.result.lines).toEqual(order.lines);
  });

  it('validates the card: Luhn, expiry, CVC', async () => {
    const { buyer, order } = await unpaidOrder();
    const luhn = await pay(buyer.token, order.id, '4242424242424241');
    expect(luhn).toMatchObject({ status: 400, msg: 'Please enter a valid card number' });
    const expired = await pay(buyer.token, order.id, TEST_CARDS.success, newKey(), { exp_year: 2020 });
    expect(expired).toMatchObject({ status: 400, msg: 'This card has expired' });
    const cvc = await pay(buyer.token, order.id, TEST_CARDS.success, newKey(), { cvc: '12' });
    expect(cvc.status).toBe(400);
    expect(await paymentsOf(order.id)).toEqual([]);
  });
});

describe('never charging twice', () => {
  it('answers the first outcome again for the same key, sequentially and at once', async () => {
    const { buyer, order } = await unpaidOrder();
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 4 }, () => pay(buyer.token, order.id, TEST_CARDS.success, key)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map((a) => a.result.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded']);
    const again = await pay(buyer.token, order.id, TEST_CARDS.success, key);
    expect(again.result.status).toBe('succeeded');
    const rows = await paymentsOf(order.id);
    expect(rows).toHaveLength(1);
    const otherCard = await pay(buyer.token, order.id, '5555555555554444', key);
    expect(otherCard.status).toBe(422);
  });

  it('takes one payment when several attempts with different keys race', async () => {
    const { buyer, order } = await unpaidOrder();
    const answers = await Promise.all(Array.from({ length: 6 }, () => pay(buyer.token, order.id, TEST_CARDS.success)));
    const succeeded = answers.filter((a) => a.status === 200 && a.result.status === 'succeeded');
    expect(succeeded).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.status).toBe(400);
      expect([
        'This order cannot be paid: it has been paid and is waiting to be shipped',
        'A payment for this order is already being processed. Please wait a moment.',
      ]).toContain(answer.msg);
    }
    const rows = await paymentsOf(order.id);
    expect(rows.filter((p) => p.status === 'succeeded')).toHaveLength(1);
    const later = await pay(buyer.token, order.id, TEST_CARDS.success);
    expect(later).toMatchObject({ status: 400, msg: 'This order cannot be paid: it has been paid and is waiting to be shipped' });
  });

  it('refuses to pay a cancelled order or one whose time ran out', async () => {
    const { buyer, order, sku } = await unpaidOrder();
    await injectAs(t, buyer).post('/shop/order/cancel', { id: order.id });
    expect(await stockOf(t.database.db, sku)).toBe(10);
    const cancelled = await pay(buyer.token, order.id, TEST_CARDS.success);
    expect(cancelled).toMatchObject({ status: 400, msg: 'This order cannot be paid: it has been cancelled' });

    const late = await unpaidOrder(buyer);
    await t.database.db
      .updateTable('orders')
      .set({ pay_expires_at: Date.now() - 1 })
      .where('id', '=', late.order.id)
      .execute();
    const expired = await pay(buyer.token, late.order.id, TEST_CARDS.success);
    expect(expired).toMatchObject({
      status: 400,
      msg: 'The time to pay for this order has run out. Please place the order again.',
    });
    expect(await paymentsOf(late.order.id)).toEqual([]);
  });
});

describe('card testing', () => {
  it(`stops after ${MAX_ATTEMPTS_PER_ORDER} attempts on one order`, async () => {
    const { buyer, order } = await unpaidOrder();
    for (let i = 0; i < MAX_ATTEMPTS_PER_ORDER; i++) {
      expect((await pay(buyer.token, order.id, TEST_CARDS.declined)).result.status).toBe('declined');
    }
    const blocked = await pay(buyer.token, order.id, TEST_CARDS.success);
    expect(blocked).toMatchObject({ status: 400, msg: PaymentMessages.tooManyAttempts });
  });
});

describe('an order cancelled while its payment is in flight', () => {
  it('refunds the charge and leaves the order cancelled', async () => {
    const { buyer, order, sku } = await unpaidOrder();
    const refunds: string[] = [];
    const inner = new TestPaymentProvider({ db: t.database.db });
    // a provider that answers slowly: the shopper cancels meanwhile
    const slow: PaymentProvider = {
      name: 'test',
      flow: 'card',
      async charge(request) {
        const cancel = await injectAs(t, buyer).post('/shop/order/cancel', { id: order.id });
        expect(cancel.status).toBe(200);
        return inner.charge(request);
      },
      async refund(request) {
        refunds.push(request.providerRef);
        return inner.refund(request);
      },
      lookup: (key) => inner.lookup(key),
    };
    const payments = createPaymentService({ db: t.database.db, orders: t.app.services.orders, provider: slow });
    const result = await payments.pay(buyer.id, { id: order.id, card: card(TEST_CARDS.success) }, newKey());
    expect(result).toMatchObject({ status: 'declined', message: PaymentMessages.cancelledMeanwhile });
    expect(result.order.status).toBe(6);
    expect(refunds).toHaveLength(1);
    expect((await paymentsOf(order.id)).map((p) => p.status)).toEqual(['failed']);
    expect(await stockOf(t.database.db, sku)).toBe(10);
  });
});
