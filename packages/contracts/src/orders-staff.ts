import { z } from 'zod';
import { envelope, listResult } from './envelope';
import { dollars, id, key, text, wholeNumber } from './fields';
import { ZOrderDetail, ZOrderListItem, ZStaffOrderFlags } from './orders-shopper';

/** The back office's orders (admin token from POST /admin/login): the list's filters, shipping, tracking. */

/** A UTC day written YYYY-MM-DD (a date field's value), checked to be a day of the calendar. */
const ZDay = (name: string) =>
  z
    .string({ error: `${name} must be a date (YYYY-MM-DD)` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date (YYYY-MM-DD)`)
    .refine((value) => {
      const day = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
    }, `${name} is not a day of the calendar`);

/** An amount in US dollars taken from a query string's text. */
const ZQueryDollars = (name: string) => z.coerce.number({ error: `${name} must be a number` }).pipe(dollars(name));

/**
 * The back office's order filters (GET /admin/order/list and /admin/order/export): status, order
 * number, the shopper's e-mail, the UTC days the order was placed between (both included) and the
 * range of its total in USD (both included).
 */
const adminOrderFilterShape = {
  status: wholeNumber('status', 0, 7).default(0),
  order_no: text().trim().max(32).optional(),
  email: text().trim().toLowerCase().max(254).optional(),
  placed_from: ZDay('placed_from').optional(),
  placed_to: ZDay('placed_to').optional(),
  amount_min: ZQueryDollars('amount_min').optional(),
  amount_max: ZQueryDollars('amount_max').optional(),
};

type AdminOrderRanges = { placed_from?: string; placed_to?: string; amount_min?: number; amount_max?: number };

/** The ranges read the right way round: a 400 on the field that ends before it starts. */
function checkRanges(filter: AdminOrderRanges, ctx: z.RefinementCtx) {
  if (filter.placed_from && filter.placed_to && filter.placed_from > filter.placed_to)
    ctx.addIssue({ code: 'custom', path: ['placed_to'], message: 'placed_to must not be before placed_from' });
  if (filter.amount_min !== undefined && filter.amount_max !== undefined && filter.amount_min > filter.amount_max)
    ctx.addIssue({ code: 'custom', path: ['amount_max'], message: 'amount_max must not be less than amount_min' });
}

/** GET /admin/order/list: every shopper's orders, newest first, filtered as above and paged. */
export const ZAdminOrderListQuery = z
  .object({
    ...adminOrderFilterShape,
    page: wholeNumber('page', 1, 10_000).default(1),
    pagesize: wholeNumber('pagesize', 1, 100).default(20),
  })
  .superRefine(checkRanges);
export type TAdminOrderListQuery = z.input<typeof ZAdminOrderListQuery>;

/** GET /admin/order/export: the same filters, every matching order as CSV. */
export const ZAdminOrderExportQuery = z.object(adminOrderFilterShape).superRefine(checkRanges);
export type TAdminOrderFilter = z.output<typeof ZAdminOrderExportQuery>;
export const ZAdminOrderListItem = ZOrderListItem.extend({
  user_id: z.number().int(),
  email: z.string(),
  tracking_no: z.string().nullable(),
  delivery_company: z.string().nullable(),
  paid_at: z.number().int().nullable(),
  shipped_at: z.number().int().nullable(),
  ...ZStaffOrderFlags.shape,
});
export type TAdminOrderListItem = z.infer<typeof ZAdminOrderListItem>;
export const ZAdminOrderListResponse = envelope(listResult(ZAdminOrderListItem));

/** A carrier, by its code (GET /shop/delivery/company). */
export const ZCarrierCode = key('company_code', { error: 'Please choose the carrier' })
  .trim()
  .min(1, 'Please choose the carrier')
  .max(32, 'Unknown carrier');

/** A parcel's tracking number. */
export const ZTrackingNo = z
  .string({ error: 'Please enter the tracking number' })
  .trim()
  .min(4, 'The tracking number is too short')
  .max(64, 'The tracking number is too long')
  .regex(/^[A-Za-z0-9-]+$/, 'The tracking number may hold only letters, digits and dashes');

/** POST /admin/order/ship: a paid order (Pending Shipment) leaves with a carrier and tracking number. */
export const ZAdminShipRequest = z.object({ id: id('id'), company_code: ZCarrierCode, tracking_no: ZTrackingNo });

/** POST /admin/order/tracking: carrier events for a shipped order (or a completed one, late scans). */
export const ZAdminTrackingRequest = z.object({
  id: id('id'),
  events: z
    .array(
      z.object({
        time: z.number({ error: 'time must be epoch milliseconds' }).int().positive('time must be epoch milliseconds'),
        status: text().trim().min(1, 'Please enter the event status').max(60, 'The status is too long'),
        location: text().trim().max(120, 'The location is too long').default(''),
        description: text().trim().min(1, 'Please enter the event description').max(500, 'The description is too long'),
      }),
    )
    .min(1, 'Please add at least one event')
    .max(50, 'At most 50 events at a time'),
});

export const ZAdminOrderResponse = envelope(ZOrderDetail);
