import { z } from 'zod';
import { ZUserCoupon } from './coupons';
import { CUSTOMER_PAGE_SIZE_DEFAULT, CUSTOMER_PAGE_SIZE_MAX } from './customer-rules';
import { envelope, listResult } from './envelope';
import { coercedId, text, wholeNumber } from './fields';
import { ZPointsLog } from './points';

export * from './customer-rules';

/**
 * The back office's customers (staff token, permission customers.view): a search over the
 * shoppers and one shopper's profile, each part answered by the module that owns it. Amounts are
 * decimal US dollars with 2 places; times are epoch milliseconds.
 */

/**
 * GET /admin/customers: `q` is an e-mail address (or part of one), a name, a phone number or an
 * order number; every word must match. Absent or empty, every shopper, newest first.
 */
export const ZAdminCustomerListQuery = z.object({
  q: text({ error: 'q must be text' }).trim().max(254, 'The search is too long (254 characters at most)').default(''),
  page: wholeNumber('page', 1, 10_000).default(1),
  pagesize: wholeNumber('pagesize', 1, CUSTOMER_PAGE_SIZE_MAX).default(CUSTOMER_PAGE_SIZE_DEFAULT),
});
export type TAdminCustomerListQuery = z.input<typeof ZAdminCustomerListQuery>;

export const ZAdminCustomerListItem = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** the dial code and number as the shopper gave them ('' when none) */
  code: z.string(),
  mobile: z.string(),
  status: z.string(),
  created_at: z.number().int(),
  orders: z.number().int(),
  points: z.number().int(),
});
export type TAdminCustomerListItem = z.infer<typeof ZAdminCustomerListItem>;
export const ZAdminCustomerList = listResult(ZAdminCustomerListItem);
export type TAdminCustomerList = z.infer<typeof ZAdminCustomerList>;
export const ZAdminCustomerListResponse = envelope(ZAdminCustomerList);

export const ZAdminCustomerParams = z.object({ id: coercedId('id') });

export const ZAdminCustomerOrder = z.object({
  id: z.number().int(),
  order_no: z.string(),
  status: z.number().int(),
  status_text: z.string(),
  /** what the shopper paid or is to pay, USD */
  pay_price: z.number(),
  total_num: z.number().int(),
  created_at: z.number().int(),
});
export type TAdminCustomerOrder = z.infer<typeof ZAdminCustomerOrder>;

export const ZAdminCustomerAddress = z.object({
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  country: z.string(),
  state: z.string(),
  city: z.string(),
  address1: z.string(),
  address2: z.string(),
  postcode: z.string(),
  is_default: z.number().int(),
});
export type TAdminCustomerAddress = z.infer<typeof ZAdminCustomerAddress>;

export const ZAdminCustomerProfile = z.object({
  account: ZAdminCustomerListItem.omit({ orders: true, points: true }).extend({
    email_verified: z.boolean(),
    marketing_consent: z.boolean(),
    invitation_code: z.string(),
    updated_at: z.number().int(),
  }),
  /** the newest orders first; `total` counts them all */
  orders: listResult(ZAdminCustomerOrder),
  points: z.object({
    balance: z.number().int(),
    expiring_points: z.number().int(),
    expiring_at: z.number().int().nullable(),
    /** the newest movements first */
    ledger: ZPointsLog,
  }),
  /** every coupon held, newest first, with the count per tab */
  coupons: listResult(ZUserCoupon).extend({
    counts: z.object({ unused: z.number().int(), used: z.number().int(), expired: z.number().int() }),
  }),
  addresses: z.array(ZAdminCustomerAddress),
});
export type TAdminCustomerProfile = z.infer<typeof ZAdminCustomerProfile>;
export const ZAdminCustomerProfileResponse = envelope(ZAdminCustomerProfile);
