import { OrderStatus } from '@shop/contracts/orders';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import { inTransaction } from '../db/transaction';
import { AppError } from '../http/errors';
import { holdForPayment } from '../modules/orders';
import { closeAttempt, openAttempt, paymentById } from '../modules/payments';
import { makeAddress, makeCartLine, makeGoods, makeShopper, newKey, pointsOf, stockOf } from '../testing/fixtures';
import { injectAs } from '../testing/harness';
import { testAppHooks } from './app-testing';
import { markCancelled, returnPoints, returnStock } from './cancel-order';
import { loadAddress, loadCartLines, reserveLines, spendOrderPoints, takeLines } from './checkout-steps';

/**
 * Each step of the checkout and cancellation workflows on its own, in a transaction that is
 * rolled back unless the test says otherwise: what it reads, what it writes, what it refuses.
 */

const { app, db } = testAppHooks();

class Rollback extends Error {}

/** Runs `work` in a transaction and rolls it back, answering what `work` answered. */
async function rolledBack<T>(work: (trx: Db) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await inTransaction(db(), async (trx) => {
    result = await work(trx);
    throw new Rollback();
  }).catch((error) => {
    if (!(error instanceof Rollback)) throw error;
  });
  return result as T;
}

async function shopperWithLine(stock = 5, num = 2) {
  const shopper = await makeShopper(app(), 300);
  const { skuIds } = await makeGoods(db(), { name: 'Step Test Blazer', price_cents: 9000, stock });
  const sku = skuIds[0] as number;
  const cartId = await makeCartLine(db(), shopper.id, sku, num);
  return { shopper, sku, cartId };
}

describe('checkout steps', () => {
  it('loadCartLines reads the shopper’s own lines in the order asked, and 404s a line not theirs', async () => {
    const { shopper, sku, cartId } = await shopperWithLine();
    const other = await shopperWithLine();
    const lines = await loadCartLines(db(), shopper.id, [cartId]);
    expect(lines).toEqual([
      expect.objectContaining({ cart_id: cartId, sku_id: sku, num: 2, stock: 5, on_sale: true, unit_price: 9000 }),
    ]);
    await expect(loadCartLines(db(), shopper.id, [cartId, other.cartId])).rejects.toMatchObject({ type: 'not_found' });
  });

  it('loadAddress answers the shopper’s own address as the order keeps it, and 404s another’s', async () => {
    const { shopper } = await shopperWithLine();
    const other = await makeShopper(app());
    // the factory keeps an address as the API does: the state by its name
    const addressId = await makeAddress(db(), shopper.id, { country: 'US', state: 'NY', city: 'Albany', postcode: '12207' });
    expect(await loadAddress(db(), shopper.id, addressId)).toMatchObject({ country: 'US', state: 'New York', city: 'Albany' });
    await expect(loadAddress(db(), other.id, addressId)).rejects.toMatchObject({ type: 'not_found' });
  });

  it('takeLines empties the lines from the bag, and stops on a line already taken', async () => {
    const { shopper, cartId } = await shopperWithLine();
    const lines = await loadCartLines(db(), shopper.id, [cartId]);
    await rolledBack(async (trx) => {
      await takeLines(trx, shopper.id, lines);
      expect((await trx.selectFrom('cart_items').select('id').where('id', '=', cartId).execute()).length).toBe(0);
      await expect(takeLines(trx, shopper.id, lines)).rejects.toMatchObject({ type: 'not_found' });
    });
    expect((await db().selectFrom('cart_items').select('id').where('id', '=', cartId).execute()).length).toBe(1);
  });

  it('reserveLines takes the stock, and refuses a line short of it in the shopper’s words', async () => {
    const { shopper, sku, cartId } = await shopperWithLine(3, 2);
    const lines = await loadCartLines(db(), shopper.id, [cartId]);
    await rolledBack(async (trx) => {
      expect(await reserveLines(trx, lines)).toEqual([{ goodsId: lines[0]?.goods_id, availability: false }]);
      expect(await stockOf(trx, sku)).toBe(1);
      const refused = await reserveLines(trx, lines).catch((error: AppError) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).message).toBe('Only 1 left of "Step Test Blazer" (Black, size M). Please lower the quantity.');
    });
    expect(await stockOf(db(), sku)).toBe(3);
  });

  it('spendOrderPoints debits the order’s points once, and refuses more than the balance', async () => {
    const { shopper } = await shopperWithLine();
    // order ids no order of the other tests has: the ledger writes one spend per order, whoever's it is
    const [first, second, third] = [900_000_001, 900_000_002, 900_000_003];
    await rolledBack(async (trx) => {
      await spendOrderPoints(trx, shopper.id, first, 200, 1);
      expect(await pointsOf(trx, shopper.id)).toBe(100);
      await expect(spendOrderPoints(trx, shopper.id, second, 101, 1)).rejects.toMatchObject({
        fields: { points: 'You have 100 points' },
      });
      await spendOrderPoints(trx, shopper.id, third, 0, 1);
      expect(await pointsOf(trx, shopper.id)).toBe(100);
    });
    expect(await pointsOf(db(), shopper.id)).toBe(300);
  });
});

describe('cancellation steps', () => {
  async function placedOrder() {
    const { shopper, sku, cartId } = await shopperWithLine(5, 2);
    const addressId = await makeAddress(db(), shopper.id);
    const answer = await injectAs(app(), shopper, { headers: { 'idempotency-key': newKey() } }).post<{ id: number }>(
      '/shop/order/create',
      { address_id: addressId, cart_ids: [cartId], points: 150 },
    );
    expect(answer.status).toBe(200);
    return { shopper, sku, orderId: answer.result.id };
  }

  it('markCancelled moves an unpaid order to Cancelled once, with the reason', async () => {
    const { orderId } = await placedOrder();
    const order = { id: orderId, status: OrderStatus.PendingPayment };
    await rolledBack(async (trx) => {
      expect(await markCancelled(trx, order, 'shopper', 'Changed my mind', 5)).toBe(OrderStatus.Cancelled);
      const row = await trx
        .selectFrom('orders')
        .select(['status', 'cancel_reason', 'cancelled_at'])
        .where('id', '=', orderId)
        .executeTakeFirst();
      expect(row).toEqual({ status: OrderStatus.Cancelled, cancel_reason: 'Changed my mind', cancelled_at: 5 });
      await expect(markCancelled(trx, order, 'shopper', 'Again', 6)).rejects.toMatchObject({
        message: 'This order cannot be cancelled: it has been cancelled',
      });
    });
  });

  it('returnStock gives the order’s pieces back to their SKUs', async () => {
    const { sku, orderId } = await placedOrder();
    expect(await stockOf(db(), sku)).toBe(3);
    await rolledBack(async (trx) => {
      await returnStock(trx, orderId);
      expect(await stockOf(trx, sku)).toBe(5);
    });
  });

  it('returnPoints gives the order’s points back once, however often it runs', async () => {
    const { shopper, orderId } = await placedOrder();
    expect(await pointsOf(db(), shopper.id)).toBe(150);
    await rolledBack(async (trx) => {
      await returnPoints(trx, orderId, 7);
      await returnPoints(trx, orderId, 8);
      expect(await pointsOf(trx, shopper.id)).toBe(300);
    });
  });
});

describe('payment steps', () => {
  async function unpaidOrder() {
    const { shopper, cartId } = await shopperWithLine(5, 1);
    const addressId = await makeAddress(db(), shopper.id);
    const answer = await injectAs(app(), shopper, { headers: { 'idempotency-key': newKey() } }).post<{
      id: number;
      pay_price: number;
    }>('/shop/order/create', { address_id: addressId, cart_ids: [cartId] });
    expect(answer.status).toBe(200);
    return answer.result.id;
  }
  const attempt = (orderId: number, key: string, at: number) => ({
    orderId,
    provider: 'test',
    amount: 9000,
    last4: '4242',
    key,
    at,
  });

  it('holdForPayment holds an unpaid order, and refuses one that left Pending Payment', async () => {
    const orderId = await unpaidOrder();
    await rolledBack(async (trx) => {
      await holdForPayment(trx, orderId, 10);
      await markCancelled(trx, { id: orderId, status: OrderStatus.PendingPayment }, 'shopper', 'Changed my mind', 11);
      await expect(holdForPayment(trx, orderId, 12)).rejects.toMatchObject({
        message: 'This order cannot be paid: it has been cancelled',
      });
    });
  });

  it('openAttempt allows one attempt in flight per order, after abandoning one a crash left long ago', async () => {
    const orderId = await unpaidOrder();
    const now = Date.now();
    await rolledBack(async (trx) => {
      const stale = await openAttempt(trx, attempt(orderId, 'a', now - 3_600_000));
      const fresh = await openAttempt(trx, attempt(orderId, 'b', now));
      expect((await paymentById(trx, stale))?.status).toBe('failed');
      expect((await paymentById(trx, fresh))?.status).toBe('pending');
    });
    await expect(
      rolledBack(async (trx) => {
        await openAttempt(trx, attempt(orderId, 'c', now));
        await openAttempt(trx, attempt(orderId, 'd', now));
      }).catch((error) => isUniqueViolation(error)),
    ).resolves.toBe(true);
  });

  it('closeAttempt settles a pending attempt once', async () => {
    const orderId = await unpaidOrder();
    await rolledBack(async (trx) => {
      const id = await openAttempt(trx, attempt(orderId, 'e', Date.now()));
      expect(await closeAttempt(trx, id, { status: 'declined', message: 'Declined' })).toBe(true);
      expect(await closeAttempt(trx, id, { status: 'succeeded', message: 'Paid' })).toBe(false);
      expect(await paymentById(trx, id)).toMatchObject({ status: 'declined', message: 'Declined' });
    });
  });
});
