import { z } from 'zod';
import { envelope } from './envelope';
import { id, text } from './fields';
import { OfficeOrderMessages, STAFF_CANCEL_MODES } from './office-order-rules';
import { ZOrderDetail, ZTrackingEvent } from './orders';
import { ZAdminRefund } from './returns';

export * from './office-order-rules';

/**
 * The back office's order page (decision 0051): GET /admin/order/detail is the order as the
 * shopper's detail has it, with its shopper, its refunds, its tracking events and what staff may
 * do with it now; POST /admin/order/cancel cancels it with a reason.
 */

export const ZAdminOrderDetail = ZOrderDetail.extend({
  user_id: z.number().int(),
  email: z.string(),
  /** money refunded so far (USD) */
  refunded_amount: z.number(),
  refunds: z.array(ZAdminRefund),
  /** the carrier's events, newest first */
  tracking: z.array(ZTrackingEvent),
  /** what staff may do now, by the order's state (the role's permissions still apply) */
  staff_actions: z.object({
    ship: z.union([z.literal(0), z.literal(1)]),
    track: z.union([z.literal(0), z.literal(1)]),
    /** 'unpaid': cancelled, stock, coupon and points back; 'paid': also refunded in full; null: not now */
    cancel: z.enum(STAFF_CANCEL_MODES).nullable(),
    /** what an ad-hoc refund may still pay back (USD); 0 when the order was never paid */
    refundable: z.number(),
  }),
});
export type TAdminOrderDetail = z.infer<typeof ZAdminOrderDetail>;
export const ZAdminOrderDetailResponse = envelope(ZAdminOrderDetail);

/** POST /admin/order/cancel (orders.cancel). */
export const ZAdminOrderCancelRequest = z.object({
  id: id('id'),
  reason: text({ error: OfficeOrderMessages.cancelReason })
    .trim()
    .min(2, OfficeOrderMessages.cancelReason)
    .max(200, OfficeOrderMessages.cancelReason),
});
export type TAdminOrderCancelRequest = z.input<typeof ZAdminOrderCancelRequest>;
