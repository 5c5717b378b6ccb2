import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { OrderPaymentsTable } from '../../db/schema';

export type PaymentRow = Selectable<OrderPaymentsTable>;

/** The payment attempts' SQL (order_payments). */
export function paymentsRepo(db: Db) {
  return {
    byKey(orderId: number, key: string) {
      return db
        .selectFrom('order_payments')
        .selectAll()
        .where('order_id', '=', orderId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
    },

    byId(id: number) {
      return db.selectFrom('order_payments').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async count(orderId: number): Promise<number> {
      const row = await db
        .selectFrom('order_payments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The statuses of the order's attempts before this one, oldest first. */
    statusesBefore(orderId: number, id: number) {
      return db
        .selectFrom('order_payments')
        .select('status')
        .where('order_id', '=', orderId)
        .where('id', '<', id)
        .orderBy('id')
        .execute();
    },

    /** Fails the order's attempts left pending since before `before` (a crash long ago). */
    async abandonPending(orderId: number, before: number): Promise<void> {
      await db
        .updateTable('order_payments')
        .set({ status: 'failed', message: 'Abandoned' })
        .where('order_id', '=', orderId)
        .where('status', '=', 'pending')
        .where('created_at', '<', before)
        .execute();
    },

    async insert(row: Insertable<OrderPaymentsTable>): Promise<number> {
      const inserted = await db.insertInto('order_payments').values(row).returning('id').executeTakeFirstOrThrow();
      return inserted.id;
    },

    /** Moves a pending attempt out of `pending`; false when it was not pending any more. */
    async closePending(id: number, values: Updateable<OrderPaymentsTable>): Promise<boolean> {
      const moved = await db
        .updateTable('order_payments')
        .set(values)
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(moved.numUpdatedRows) === 1;
    },

    /** Attempts still pending with this provider, with their orders, oldest first. */
    pendingWith(provider: string) {
      return db
        .selectFrom('order_payments')
        .innerJoin('orders', 'orders.id', 'order_payments.order_id')
        .select([
          'order_payments.id',
          'order_payments.idempotency_key',
          'order_payments.card_last4',
          'orders.id as order_id',
          'orders.order_no',
          'orders.pay_price',
        ])
        .where('order_payments.status', '=', 'pending')
        .where('order_payments.provider', '=', provider)
        .orderBy('order_payments.id')
        .execute();
    },
  };
}
