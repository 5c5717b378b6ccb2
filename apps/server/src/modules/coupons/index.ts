/**
 * Coupon templates and the coupons shoppers hold (decision 0029): granting, checkout's `useCoupon`,
 * cancellation's release, the expiry notices, the welcome offers' subscriber and the staff's admin.
 */
export { createCouponAdmin } from './admin';
export { couponsOf, eraseCoupons } from './personal-data';
export { couponRoutes } from './routes';
export {
  announceExpiringCoupons,
  type CouponWithRule,
  couponForCheckout,
  couponNoticeFacts,
  couponPageOf,
  createCouponService,
  expiringBacklog,
  grantGoodwillCoupon,
  orderCouponTerms,
  presentCoupon,
  refusalText,
  releaseOrderCoupon,
  summaryOf,
  unusedCouponsWithRules,
  useCoupon,
} from './service';
export { createWelcomeOffers } from './welcome';
