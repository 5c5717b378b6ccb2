/**
 * The contracts' schemas the back office's forms check before sending, loaded when a form is first
 * used (`import('../../components/office/office-rules')`) so zod stays out of what the pages load up front.
 */

export {
  ZKbAddRequest,
  ZKbEditRequest,
  ZQuickReplyAddRequest,
  ZQuickReplyEditRequest,
} from '@shop/contracts/chat-support';
export {
  ZAdminCouponAddRequest,
  ZAdminCouponEditRequest,
  ZAdminCouponGrantRequest,
  ZAdminCouponPauseRequest,
} from '@shop/contracts/coupons';
export { ZAdminOrderCancelRequest } from '@shop/contracts/office-orders';
export { ZAdminTrackingRequest } from '@shop/contracts/orders';
export { ZPointsAdjustRequest } from '@shop/contracts/points';
export { ZAdminAdhocRefundRequest } from '@shop/contracts/returns';
export { ZCurrencySaveRequest, ZHomeSaveRequest, ZSiteSettings } from '@shop/contracts/site-admin';
