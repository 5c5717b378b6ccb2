/**
 * The back office's customers: paths, limits and texts without zod, so a page can import them and
 * load the schemas (customers.ts) only when it needs them.
 */

export const CustomerPaths = {
  list: '/admin/customers',
  profile: '/admin/customers/:id',
} as const;

export const CUSTOMER_PAGE_SIZE_DEFAULT = 20;
export const CUSTOMER_PAGE_SIZE_MAX = 100;
/** How many of the newest orders, points movements and coupons a profile shows. */
export const CUSTOMER_PROFILE_ROWS = 50;

export const CustomerMessages = {
  notFound: 'Customer not found',
} as const;
