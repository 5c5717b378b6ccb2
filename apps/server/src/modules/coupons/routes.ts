import {
  CouponMessages,
  CouponPaths,
  ZCouponCenterQuery,
  ZCouponCenterResponse,
  ZCouponIndexQuery,
  ZCouponIndexResponse,
  ZCouponReceiveRequest,
  ZCouponReceiveResponse,
  ZUserCouponListQuery,
  ZUserCouponListResponse,
} from '@shop/contracts/coupons';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { optionalSubject, principalOf, requireSubject, type StaffGuard } from '../../http/auth';
import { ok } from '../../http/envelope';
import { guarded } from '../../http/route-options';
import type { CouponOptions } from '../../workflows/coupon-options';
import type { AuthService } from '../auth';
import type { CouponAdmin } from './admin';
import { couponAdminRoutes } from './admin-routes';
import type { CouponService } from './service';

type Deps = { coupons: CouponService; admin: CouponAdmin; options: CouponOptions; auth: AuthService; guard: StaffGuard };

/** spec 7 "Coupons": the coupon centre, receiving, the shopper's coupons and the coupons for a bag or product. */
export function couponRoutes(app: FastifyInstance, { coupons, admin, options, auth, guard }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = guarded(['coupons'], requireSubject(auth, 'user'));
  const anyone = guarded(['coupons'], optionalSubject(auth, 'user'));
  r.get(
    CouponPaths.center,
    anyone({
      summary: 'The coupon centre: templates on offer, how many remain, and (signed in) what the shopper holds',
      querystring: ZCouponCenterQuery,
      response: { 200: ZCouponCenterResponse },
    }),
    async (request) => ok(await coupons.center(request.principal?.subjectId ?? null, request.query)),
  );

  r.post(
    CouponPaths.receive,
    signedIn({
      summary: 'Receive a coupon of the centre (atomic against its total, the per-shopper limit and a points cost)',
      body: ZCouponReceiveRequest,
      response: { 200: ZCouponReceiveResponse },
    }),
    async (request) => ok(await coupons.receive(principalOf(request).subjectId, request.body.coupon_id), CouponMessages.received),
  );

  r.get(
    CouponPaths.list,
    signedIn({
      summary: "The shopper's coupons: unused, used or expired ('' for all), newest first",
      querystring: ZUserCouponListQuery,
      response: { 200: ZUserCouponListResponse },
    }),
    async (request) => ok(await coupons.list(principalOf(request).subjectId, request.query)),
  );

  r.get(
    CouponPaths.usable,
    signedIn({
      summary:
        "The shopper's coupons for a bag (cart_ids) or a product (goods_id, sku_id, num): savings, best first; the rest with the reason",
      querystring: ZCouponIndexQuery,
      response: { 200: ZCouponIndexResponse },
    }),
    async (request) => ok(await options(principalOf(request).subjectId, request.query)),
  );

  // ------------------------------------------------------------ staff (coupons.manage; every write audited)
  couponAdminRoutes(app, admin, guard);
}
