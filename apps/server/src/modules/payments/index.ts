/**
 * Paying an order (decisions 0008, 0015): the provider, the attempts and their settlement, and the
 * refunds the returns workflow opens and settles (decision 0047).
 */
export { paymentsOf } from './personal-data';
export { type ChargeResult, createPaymentProvider, type PaymentProvider, type RefundResult } from './provider';
export {
  askProvider,
  findRefund,
  findRefundByKey,
  openRefund,
  pendingRefunds,
  presentRefund,
  type RefundRow,
  refundAttempts,
  refundsOf,
  settleRefund,
} from './refunds';
export { paymentRoutes } from './routes';
export {
  attemptCount,
  closeAttempt,
  earlierAttempts,
  MAX_ATTEMPTS_PER_ORDER,
  openAttempt,
  outcomeOf,
  PaymentMessages,
  type PaymentRow,
  type PaymentService,
  paymentById,
  paymentByKey,
  pendingAttempts,
  providerKey,
  type ReconcileReport,
} from './service';
