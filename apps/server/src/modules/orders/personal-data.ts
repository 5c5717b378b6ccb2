import { OrderStatus, type TOrderAddress } from '@shop/contracts/orders';
import type { Db } from '../../db/database';

/**
 * The orders' part of an account's erasure and export (decision 0026). Orders stay for the shop's
 * books with every amount as it was; only what names the person goes: the delivery address (its
 * country kept, for the books) and the shopper's note.
 */

/** Paid and not yet delivered: while one exists the account cannot be cancelled. */
const UNDELIVERED = [OrderStatus.PendingShipment, OrderStatus.Shipped];

/** How many of the shopper's orders are paid but not delivered. */
export async function undeliveredOrderCount(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('status', 'in', UNDELIVERED)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The shopper's orders still waiting for payment. */
export function unpaidOrdersOf(db: Db, userId: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'status'])
    .where('user_id', '=', userId)
    .where('status', '=', OrderStatus.PendingPayment)
    .orderBy('id')
    .execute();
}

/** What an order's address becomes once its shopper's account is erased. */
export const erasedAddress = (country: string): TOrderAddress => ({
  first_name: 'Erased',
  last_name: '',
  phone: '',
  country,
  state: '',
  city: '',
  address1: '',
  address2: '',
  postcode: '',
});

/** Replaces the personal fields of every order of the shopper, in `trx`; the amounts are left alone. */
export async function erasePersonalFieldsOfOrders(trx: Db, userId: number, at: number): Promise<number> {
  const rows = await trx.selectFrom('orders').select(['id', 'address_json']).where('user_id', '=', userId).execute();
  for (const row of rows) {
    const country = (JSON.parse(row.address_json) as Partial<TOrderAddress>).country ?? '';
    await trx
      .updateTable('orders')
      .set({ address_json: JSON.stringify(erasedAddress(country)), remark: '', updated_at: at })
      .where('id', '=', row.id)
      .execute();
  }
  return rows.length;
}

/** The shopper's orders with their lines and status history. */
export async function ordersOf(db: Db, userId: number) {
  const orders = await db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const ids = orders.map((order) => order.id);
  if (ids.length === 0) return [];
  const [items, history] = await Promise.all([
    db.selectFrom('order_items').selectAll().where('order_id', 'in', ids).orderBy('id').execute(),
    db.selectFrom('order_status_history').selectAll().where('order_id', 'in', ids).orderBy('id').execute(),
  ]);
  return orders.map(({ idempotency_key: _key, request_fingerprint: _fingerprint, address_json, ...order }) => ({
    ...order,
    address: JSON.parse(address_json) as TOrderAddress,
    items: items.filter((item) => item.order_id === order.id),
    history: history.filter((entry) => entry.order_id === order.id),
  }));
}
