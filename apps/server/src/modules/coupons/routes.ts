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
import { optionalSubject, principalOf, requireSubject } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { CouponOptions } from '../../workflows/coupon-options';
import type { AuthService } from '../auth/service';
import type { CouponService } from './service';

type Deps = { coupons: CouponService; options: CouponOptions; auth: AuthService };

/** spec 7 "Coupons": the coupon centre, receiving, the shopper's coupons and the coupons for a bag or product. */
export function couponRoutes(app: FastifyInstance, { coupons, options, auth }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const requireUser = requireSubject(auth, 'user');
  const maybeUser = optionalSubject(auth, 'user');
  const security: { [scheme: string]: string[] }[] = [{ userToken: [] }, { bearer: [] }];

  r.get(
    CouponPaths.center,
    {
      schema: {
        tags: ['coupons'],
        summary: 'The coupon centre: templates on offer, how many remain, and (signed in) what the shopper holds',
        querystring: ZCouponCenterQuery,
        response: { 200: ZCouponCenterResponse },
        security,
      },
      onRequest: maybeUser,
    },
    async (request) => ok(await coupons.center(request.principal?.subjectId ?? null, request.query)),
  );

  r.post(
    CouponPaths.receive,
    {
      schema: {
        tags: ['coupons'],
        summary: 'Receive a coupon of the centre (atomic against its total, the per-shopper limit and a points cost)',
        body: ZCouponReceiveRequest,
        response: { 200: ZCouponReceiveResponse },
        security,
      },
      onRequest: requireUser,
    },
    async (request) => ok(await coupons.receive(principalOf(request).subjectId, request.body.coupon_id), CouponMessages.received),
  );

  r.get(
    CouponPaths.list,
    {
      schema: {
        tags: ['coupons'],
        summary: "The shopper's coupons: unused, used or expired ('' for all), newest first",
        querystring: ZUserCouponListQuery,
        response: { 200: ZUserCouponListResponse },
        security,
      },
      onRequest: requireUser,
    },
    async (request) => ok(await coupons.list(principalOf(request).subjectId, request.query)),
  );

  r.get(
    CouponPaths.usable,
    {
      schema: {
        tags: ['coupons'],
        summary:
          "The shopper's coupons for a bag (cart_ids) or a product (goods_id, sku_id, num): savings, best first; the rest with the reason",
        querystring: ZCouponIndexQuery,
        response: { 200: ZCouponIndexResponse },
        security,
      },
      onRequest: requireUser,
    },
    async (request) => ok(await options(principalOf(request).subjectId, request.query)),
  );
}
