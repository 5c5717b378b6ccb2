/**
 * Orders (decisions 0008, 0051): placing (`recordPlacedOrder`), `moveOrder` over the state machine,
 * pricing, the shopper's and the staff's routes, the facts other modules read of an order, and the
 * orders' part of returns (decision 0047).
 */
export { exportOrdersCsv } from './csv';
export { erasePersonalFieldsOfOrders, ordersOf, undeliveredOrderCount, unpaidOrdersOf } from './personal-data';
export { presentBreakdown } from './presenter';
export {
  type Breakdown,
  type CouponLine,
  type CouponRule,
  couponOutcome,
  couponReasonText,
  type Destination,
  type PricedLineInput,
  type PricedOrder,
  priceOrder,
} from './pricing';
export {
  carrierByCode,
  carrierView,
  linesOfOrders,
  orderForReturns,
  orderIdsByNumber,
  orderNumbers,
  ordersForReturns,
  recordRefund,
} from './refunds';
export { orderRoutes } from './routes';
export {
  AUTO_COMPLETE_AFTER_MS,
  couponAmountOf,
  createOrderService,
  deliveredLines,
  expiredUnpaidOrders,
  findOrder,
  findOrderByKey,
  holdOrder,
  isFirstOrder,
  isKeptOrder,
  markOrderReviewed,
  type NewOrder,
  ORDER_NOT_FOUND,
  type OrderService,
  orderCountsByStatus,
  orderCountsOf,
  orderDetail,
  orderEarning,
  orderNoticeFacts,
  orderNumbersOf,
  orderOwnerOf,
  orderPointsUsed,
  orderStockLines,
  orderSummariesOf,
  orderTrackingOf,
  orderWithLines,
  PAYMENT_IN_FLIGHT_MS,
  paidOrdersByDay,
  paymentInFlight,
  pendingOrderEarnings,
  recordPlacedOrder,
} from './service';
export { holdForPayment, illegalMoveMessage, moveOrder, type OrderActor } from './status';
