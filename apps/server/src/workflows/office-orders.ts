import { OfficeOrderMessages, type TAdminOrderDetail, type TStaffCancelMode } from '@shop/contracts/office-orders';
import { staffOrderFlags } from '@shop/contracts/order-states';
import type { TAdminOrderFilter } from '@shop/contracts/orders';
import { OrderStatus, orderStatusLabel } from '@shop/contracts/orders-rules';
import { centsToPrice } from '@shop/contracts/pricing';
import type { Db } from '../db/database';
import { AppError } from '../http/errors';
import { exportOrdersCsv, ORDER_NOT_FOUND, type OrderService } from '../modules/orders';
import { presentRefund, type RefundRow, refundsOf } from '../modules/payments';
import { emailsOf } from '../modules/users';
import type { OrderCancellation } from './cancel-order';
import type { Returns } from './returns';

/**
 * The back office's order page (decision 0051): the order (orders module) with its shopper (users),
 * its refunds (payments) and what staff may do with it now; and the staff's cancellation, which
 * takes the existing road for each state — an unpaid order the unpaid cancellation
 * (`cancel-order.ts`), a paid order not yet shipped the shopper's cancel-and-refund of the returns
 * workflow, as staff.
 */

const PAID_STATUSES: ReadonlySet<number> = new Set([
  OrderStatus.PendingShipment,
  OrderStatus.Shipped,
  OrderStatus.Completed,
  OrderStatus.CompletedEvaluated,
  OrderStatus.Refunded,
]);

/** How staff may cancel an order in this status, if they may. */
export function staffCancelMode(status: number): TStaffCancelMode | null {
  if (status === OrderStatus.PendingPayment) return 'unpaid';
  if (status === OrderStatus.PendingShipment) return 'paid';
  return null;
}

type Deps = { db: Db; orders: OrderService; cancellation: OrderCancellation; returns: Returns };

export function createOfficeOrders({ db, orders, cancellation, returns }: Deps) {
  return {
    /** GET /admin/order/detail. */
    async detail(id: number): Promise<TAdminOrderDetail> {
      const order = await orders.officeDetail(id);
      const [emails, refunds] = await Promise.all([emailsOf(db, [order.userId]), refundsOf(db, { orderId: id })]);
      const { detail } = order;
      const paid = PAID_STATUSES.has(detail.status) && detail.paid_at !== null;
      return {
        ...detail,
        user_id: order.userId,
        email: emails.get(order.userId) ?? '',
        refunded_amount: centsToPrice(order.refundedCents),
        refunds: refunds.map(presentRefund),
        tracking: order.tracking,
        staff_actions: {
          // the same flags as every order's: the state machine in contracts decides them once
          ship: staffOrderFlags(detail).can_ship,
          track: detail.can_track,
          cancel: staffCancelMode(detail.status),
          refundable: paid ? centsToPrice(Math.max(0, order.payPriceCents - order.refundedCents)) : 0,
        },
      };
    },

    /** GET /admin/order/export: the filtered orders as CSV. */
    exportCsv: (query: TAdminOrderFilter) => exportOrdersCsv(db, query),

    /**
     * POST /admin/order/cancel: answers the refund of a paid order (undefined for an unpaid one).
     * The state is read again under each road's own lock, so an order paid or shipped meanwhile is
     * refused with where it is now.
     */
    async cancel(staffId: number, id: number, reason: string): Promise<{ mode: TStaffCancelMode; refund?: RefundRow }> {
      const order = await orders.adminFind(id);
      if (!order) throw AppError.notFound(ORDER_NOT_FOUND);
      const mode = staffCancelMode(order.status);
      if (mode === 'unpaid') {
        await cancellation.staffCancel(staffId, order, reason);
        return { mode };
      }
      if (mode === 'paid') return { mode, refund: await returns.staffCancel(staffId, id, reason) };
      throw AppError.field('id', OfficeOrderMessages.notCancellable(orderStatusLabel(order.status)));
    },
  };
}

export type OfficeOrders = ReturnType<typeof createOfficeOrders>;
