import type { Envelope } from '@shop/contracts';
import { COUPON_PAGE_SIZE_DEFAULT, COUPON_PAGE_SIZE_MAX, CouponPaths, type CouponStatus } from '@shop/contracts/coupon-rules';
import type { TCouponCenterItem, TUserCoupon, TUserCouponPage } from '@shop/contracts/coupons';
import { api } from '../../lib/api';

/** The coupon calls of the account pages (spec 7 "Coupons, points, messages"). Each is silent: the pages show failures their own way. */

export type CentrePage = { data: TCouponCenterItem[]; total: number };

/** GET /shop/userCoupon/list: one page of the shopper's coupons in a tab ('' = all), with each tab's count. */
export const listMyCoupons = (status: CouponStatus | '', page: number) =>
  api.get<TUserCouponPage>(CouponPaths.list, { query: { status, page, limit: COUPON_PAGE_SIZE_DEFAULT }, silent: true });

/**
 * GET /shop/coupon/center: the templates on offer in the coupon centre (`center`) or for points
 * (`points`). One page of the most the API gives: the centre is a short list the shop curates.
 */
export const couponCentre = (source: 'center' | 'points') =>
  api.get<CentrePage>(CouponPaths.center, { query: { source, page: 1, limit: COUPON_PAGE_SIZE_MAX }, silent: true });

/** POST /shop/coupon/receive: the coupon now held, or the server's refusal in its envelope. */
export const receiveCoupon = (couponId: number): Promise<Envelope<TUserCoupon>> =>
  api.post<TUserCoupon>(CouponPaths.receive, { coupon_id: couponId }, { silent: true });
