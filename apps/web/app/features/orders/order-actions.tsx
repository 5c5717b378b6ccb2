import { CODE_OK } from '@shop/contracts';
import type { TOrderDetail, TOrderListItem } from '@shop/contracts/orders';
import { OrderStatus } from '@shop/contracts/orders-rules';
import { Link } from 'react-router';
import { cx } from '../../lib/cx';
import { notify } from '../../lib/toast';
import { ConfirmAction } from './confirm-action';
import { cancelOrder, receiveOrder } from './order-api';
import { primaryAction, secondaryAction } from './order-parts';

/** Where each order page lives (spec 2). */
export const orderDetailsPath = (id: number) => `/ShoppingListMain/OrderDetails?id=${id}`;
export const logisticsPath = (id: number) => `/ShoppingListMain/LogisticsInformation?id=${id}`;
/** The checkout page's payment step for an order that is waiting for payment. */
export const payPath = (id: number) => `/order?id=${id}`;
export const paySuccessPath = (id: number) => `/order/paySuccess?id=${id}`;
export const MY_ORDER_PATH = '/ShoppingListMain/MyOrder';

const hasShipped = (status: number) =>
  status === OrderStatus.Shipped || status === OrderStatus.Completed || status === OrderStatus.CompletedEvaluated;

export type OrderActionsProps = {
  order: Pick<TOrderListItem, 'id' | 'order_no' | 'status'>;
  /** the order changed (cancelled, received): the page shows it afresh */
  onChanged: (order: TOrderDetail) => void;
  /** the list offers Details; the detail page itself does not */
  showDetails?: boolean;
  /** the tracking page itself does not offer Track package */
  showTrack?: boolean;
  /** the detail page shows its own payment form instead of a link to the checkout */
  onPay?: () => void;
  className?: string;
};

/**
 * What the shopper can do with an order in its status (spec 4 codes): pay or cancel while it waits
 * for payment, follow the parcel once shipped, confirm its receipt, and open its details. Cancelling
 * and confirming receipt are asked about first; the server decides whether the move is allowed.
 */
export function OrderActions({ order, onChanged, showDetails = true, showTrack = true, onPay, className }: OrderActionsProps) {
  const cancel = async () => {
    try {
      const envelope = await cancelOrder(order.id);
      if (envelope.code !== CODE_OK) return false;
      void notify.success(`Order ${order.order_no} was cancelled`);
      onChanged(envelope.result);
      return true;
    } catch {
      return false;
    }
  };

  const receive = async () => {
    try {
      const envelope = await receiveOrder(order.id);
      if (envelope.code !== CODE_OK) return false;
      void notify.success(`Thank you! Order ${order.order_no} is completed`);
      onChanged(envelope.result);
      return true;
    } catch {
      return false;
    }
  };

  return (
    <div className={cx('flex flex-wrap gap-2', className)}>
      {order.status === OrderStatus.PendingPayment ? (
        <>
          {onPay ? (
            <button type="button" onClick={onPay} className={primaryAction}>
              Pay now
            </button>
          ) : (
            <Link to={payPath(order.id)} className={primaryAction}>
              Pay now
            </Link>
          )}
          <ConfirmAction
            label="Cancel order"
            title={`Cancel order ${order.order_no}?`}
            description="The order will be cancelled and its items put back on sale. This cannot be undone."
            confirmLabel="Cancel order"
            dismissLabel="Keep order"
            onConfirm={cancel}
          />
        </>
      ) : null}
      {order.status === OrderStatus.Shipped ? (
        <ConfirmAction
          label="Confirm receipt"
          title={`Did order ${order.order_no} arrive?`}
          description="Confirm only once you have your parcel. The order will be marked completed."
          confirmLabel="Yes, I received it"
          dismissLabel="Not yet"
          onConfirm={receive}
          triggerClassName={primaryAction}
        />
      ) : null}
      {showTrack && hasShipped(order.status) ? (
        <Link to={logisticsPath(order.id)} className={secondaryAction}>
          Track package
        </Link>
      ) : null}
      {showDetails ? (
        <Link to={orderDetailsPath(order.id)} className={secondaryAction}>
          View details
          <span className="sr-only"> of order {order.order_no}</span>
        </Link>
      ) : null}
    </div>
  );
}
