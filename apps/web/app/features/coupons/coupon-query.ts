import { COUPON_STATUS_TABS, type CouponStatus } from '@shop/contracts/coupon-rules';

const tabStatuses = new Set<string>(COUPON_STATUS_TABS.map((tab) => tab.status));
export const DEFAULT_TAB: CouponStatus = 'unused';

/** The tab and page of the address: ?status=used&page=2; anything else is the first page of Unused. */
export function readCouponQuery(search: URLSearchParams): { status: CouponStatus; page: number } {
  const status = search.get('status') ?? DEFAULT_TAB;
  const page = Number(search.get('page') ?? 1);
  return {
    status: tabStatuses.has(status) ? (status as CouponStatus) : DEFAULT_TAB,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The address of a tab's page, the defaults left out: `{ status: 'used', page: 2 }` → '?status=used&page=2'. */
export function couponQuery(next: { status: CouponStatus; page: number }): URLSearchParams {
  const query = new URLSearchParams();
  if (next.status !== DEFAULT_TAB) query.set('status', next.status);
  if (next.page !== 1) query.set('page', String(next.page));
  return query;
}
