import { AccountClosureMessages } from '@shop/contracts/account-closure';
import { OrderStatus } from '@shop/contracts/orders';
import { describe, expect, it } from 'vitest';
import { inTransaction } from '../db/transaction';
import { erasedAddress, erasePersonalFieldsOfOrders } from '../modules/orders/personal-data';
import { closePoints } from '../modules/users';
import { erasedEmail, eraseUser } from '../modules/users/personal-data';
import { makeAddress, makeCartLine, makeGoods, makeShopper, newKey, pointsOf } from '../testing/fixtures';
import { injectAs } from '../testing/harness';
import { testAppHooks } from './app-testing';
import { checkNothingPending } from './cancel-account';

/** The steps of the account cancellation on their own (decision 0026). */

const { app, db } = testAppHooks();

async function order(shopperId: number, token: string) {
  const { skuIds } = await makeGoods(db(), { name: 'Wool Coat', price_cents: 12000, stock: 5 });
  const addressId = await makeAddress(db(), shopperId);
  const cartId = await makeCartLine(db(), shopperId, skuIds[0] as number, 1);
  const created = await injectAs(app(), token, { headers: { 'idempotency-key': newKey() } }).post<{ id: number }>(
    '/shop/order/create',
    { address_id: addressId, cart_ids: [cartId], remark: 'Ring twice' },
  );
  return created.result.id;
}

describe('cancel-account steps', () => {
  it('closePoints debits the whole balance once; a second close writes nothing', async () => {
    const shopper = await makeShopper(app(), 450);
    expect(await inTransaction(db(), (trx) => closePoints(trx, shopper.id, Date.now()))).toBe(450);
    expect(await pointsOf(db(), shopper.id)).toBe(0);
    expect(await inTransaction(db(), (trx) => closePoints(trx, shopper.id, Date.now()))).toBe(0);
    const rows = await db()
      .selectFrom('points_ledger')
      .select('amount')
      .where('user_id', '=', shopper.id)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.amount)).toEqual([450, -450]);
  });

  it('eraseUser anonymises an active account once', async () => {
    const shopper = await makeShopper(app());
    expect(await inTransaction(db(), (trx) => eraseUser(trx, shopper.id, Date.now()))).toBe(true);
    expect(await inTransaction(db(), (trx) => eraseUser(trx, shopper.id, Date.now()))).toBe(false);
    const row = await db().selectFrom('users').selectAll().where('id', '=', shopper.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: erasedEmail(shopper.id), first_name: '', mobile: '', status: 'cancelled' });
  });

  it('erasePersonalFieldsOfOrders replaces the address and note and leaves every amount', async () => {
    const shopper = await makeShopper(app());
    const id = await order(shopper.id, shopper.token);
    const before = await db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(await inTransaction(db(), (trx) => erasePersonalFieldsOfOrders(trx, shopper.id, Date.now()))).toBe(1);
    const after = await db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.parse(after.address_json)).toEqual(erasedAddress('US'));
    expect(after.remark).toBe('');
    const { address_json: _a, remark: _r, updated_at: _u, ...kept } = before;
    expect(after).toMatchObject(kept);
  });

  it('checkNothingPending refuses a paid order not delivered, and answers the unpaid ones', async () => {
    const shopper = await makeShopper(app());
    const id = await order(shopper.id, shopper.token);
    expect(await inTransaction(db(), (trx) => checkNothingPending(trx, shopper.id, Date.now()))).toEqual([
      { id, status: OrderStatus.PendingPayment },
    ]);
    for (const status of [OrderStatus.PendingShipment, OrderStatus.Shipped]) {
      await db().updateTable('orders').set({ status }).where('id', '=', id).execute();
      await expect(inTransaction(db(), (trx) => checkNothingPending(trx, shopper.id, Date.now()))).rejects.toMatchObject({
        message: AccountClosureMessages.ordersUndelivered,
      });
    }
    await db().updateTable('orders').set({ status: OrderStatus.Completed }).where('id', '=', id).execute();
    expect(await inTransaction(db(), (trx) => checkNothingPending(trx, shopper.id, Date.now()))).toEqual([]);
  });
});
