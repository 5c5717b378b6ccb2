import { CODE_OK } from '@shop/contracts';
import type { TOrderDetail, TOrderListItem } from '@shop/contracts/orders';
import { OrderStatus } from '@shop/contracts/orders-rules';
import { ReturnPages } from '@shop/contracts/return-rules';
import { Link } from 'react-router';
import { cx } from '../../lib/cx';
import { notify } from '../../lib/toast';
import { ConfirmAction } from './confirm-action';
import { cancelOrder, receiveOrder } from './order-api';
import { primaryAction, secondaryAction } from './order-parts';

import { orderDetailsPath } from './paths';

/** Where each order page lives (spec 2). */
export { orderDetailsPath };
export const logisticsPath = (id: number) => `/ShoppingListMain/LogisticsInformation?id=${id}`;
/** The checkout page's payment step for an order that is waiting for payment. */
export const payPath = (id: number) => `/order?id=${id}`;
export const paySuccessPath = (id: number) => `/order/paySuccess?id=${id}`;
export const MY_ORDER_PATH = '/ShoppingListMain/MyOrder';
/** MyReviews with the order's items waiting for their review first. */
export const reviewPath = (id: number) => `/ShoppingListMain/MyReviews?order_id=${id}`;

/**
 * The words of the return form's action, for an order whose `can_return` flag says the form is
 * open to it (ReturnExchangeOne says why when nothing can be asked now: the window has closed,
 * everything is in a request; decision 0049). Whether it is offered is the flag's; the status only
 * words it: before shipping it cancels and refunds, while it travels it reports a missing item,
 * once delivered it returns or exchanges.
 */
function returnActionLabel(status: number): string {
  if (status === OrderStatus.PendingShipment) return 'Cancel and refund';
  if (status === OrderStatus.Shipped) return 'Report a missing item';
  return 'Return or exchange';
}

export type OrderActionsProps = {
  /** the order's number and the server's flags of what may be done with it now */
  order: Pick<
    TOrderListItem,
    'id' | 'order_no' | 'status' | 'can_pay' | 'can_cancel' | 'can_receive' | 'can_track' | 'can_review' | 'can_return'
  >;
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
 * What the shopper can do with an order, as the server's flags say (`can_pay`, `can_cancel`,
 * `can_receive`, `can_track`, `can_review`, `can_return`, from the state machine in contracts; never
 * worked out here from a status): pay or cancel while it waits for payment, follow the parcel once
 * shipped, confirm its receipt, review its items once delivered, ask for a return once paid, and
 * open its details. Cancelling and confirming receipt are asked about first.
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
      {order.can_pay === 1 ? (
        onPay ? (
          <button type="button" onClick={onPay} className={primaryAction}>
            Pay now
          </button>
        ) : (
          <Link to={payPath(order.id)} className={primaryAction}>
            Pay now
          </Link>
        )
      ) : null}
      {order.can_cancel === 1 ? (
        <ConfirmAction
          label="Cancel order"
          title={`Cancel order ${order.order_no}?`}
          description="The order will be cancelled, its items put back on sale and any coupon or points it used given back. This cannot be undone."
          confirmLabel="Cancel order"
          dismissLabel="Keep order"
          onConfirm={cancel}
        />
      ) : null}
      {order.can_receive === 1 ? (
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
      {order.can_review === 1 ? (
        <Link to={reviewPath(order.id)} className={primaryAction}>
          Review
          <span className="sr-only"> the items of order {order.order_no}</span>
        </Link>
      ) : null}
      {order.can_return === 1 ? (
        <Link to={ReturnPages.form(order.id)} className={secondaryAction}>
          {returnActionLabel(order.status)}
          <span className="sr-only"> for order {order.order_no}</span>
        </Link>
      ) : null}
      {showTrack && order.can_track === 1 ? (
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
