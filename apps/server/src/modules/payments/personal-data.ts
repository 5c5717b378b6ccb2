import type { Db } from '../../db/database';

/** The payment attempts of the shopper's orders, for the export of their data (decision 0026). */
export function paymentsOf(db: Db, userId: number) {
  return db
    .selectFrom('order_payments')
    .innerJoin('orders', 'orders.id', 'order_payments.order_id')
    .select([
      'orders.order_no',
      'order_payments.provider',
      'order_payments.amount',
      'order_payments.status',
      'order_payments.card_last4',
      'order_payments.created_at',
    ])
    .where('orders.user_id', '=', userId)
    .orderBy('order_payments.id')
    .execute();
}
