import {
  CouponMessages,
  CouponPaths,
  ZAdminCouponAddRequest,
  ZAdminCouponEditRequest,
  ZAdminCouponGrantRequest,
  ZAdminCouponGrantResponse,
  ZAdminCouponListQuery,
  ZAdminCouponListResponse,
  ZAdminCouponPauseRequest,
  ZAdminCouponTemplateResponse,
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
import type { CouponOptions } from '../../workflows/coupon-options';
import type { AuthService } from '../auth/service';
import type { CouponAdmin } from './admin';
import type { CouponService } from './service';

type Deps = { coupons: CouponService; admin: CouponAdmin; options: CouponOptions; auth: AuthService; guard: StaffGuard };

/** spec 7 "Coupons": the coupon centre, receiving, the shopper's coupons and the coupons for a bag or product. */
export function couponRoutes(app: FastifyInstance, { coupons, admin, options, auth, guard }: Deps) {
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

  // ------------------------------------------------------------ staff (coupons.manage; every write audited)

  r.get(
    CouponPaths.adminList,
    {
      schema: {
        tags: ['staff coupons'],
        summary: 'Every coupon template with its usage figures, newest first (coupons.manage)',
        querystring: ZAdminCouponListQuery,
        response: { 200: ZAdminCouponListResponse },
        security,
      },
      onRequest: guard.may('coupons.manage'),
    },
    async (request) => ok(await admin.list(request.query)),
  );

  r.post(
    CouponPaths.adminAdd,
    {
      schema: {
        tags: ['staff coupons'],
        summary: 'Create a coupon template (coupons.manage)',
        body: ZAdminCouponAddRequest,
        response: { 200: ZAdminCouponTemplateResponse },
        security,
      },
      onRequest: guard.may('coupons.manage'),
    },
    async (request) => ok(await admin.add(principalOf(request).subjectId, request.body), CouponMessages.saved),
  );

  r.post(
    CouponPaths.adminEdit,
    {
      schema: {
        tags: ['staff coupons'],
        summary: 'Edit a coupon template; its discount rules only while none has been received (coupons.manage)',
        body: ZAdminCouponEditRequest,
        response: { 200: ZAdminCouponTemplateResponse },
        security,
      },
      onRequest: guard.may('coupons.manage'),
    },
    async (request) => ok(await admin.edit(principalOf(request).subjectId, request.body), CouponMessages.saved),
  );

  r.post(
    CouponPaths.adminPause,
    {
      schema: {
        tags: ['staff coupons'],
        summary: 'Pause (1) or resume (0) a coupon template: paused, none is received or granted (coupons.manage)',
        body: ZAdminCouponPauseRequest,
        response: { 200: ZAdminCouponTemplateResponse },
        security,
      },
      onRequest: guard.may('coupons.manage'),
    },
    async (request) =>
      ok(
        await admin.pause(principalOf(request).subjectId, request.body),
        request.body.paused ? CouponMessages.paused : CouponMessages.resumed,
      ),
  );

  r.post(
    CouponPaths.adminGrant,
    {
      schema: {
        tags: ['staff coupons'],
        summary: 'Grant a coupon of a template to a shopper (coupons.manage)',
        body: ZAdminCouponGrantRequest,
        response: { 200: ZAdminCouponGrantResponse },
        security,
      },
      onRequest: guard.may('coupons.manage'),
    },
    async (request) => ok(await admin.grant(principalOf(request).subjectId, request.body), CouponMessages.granted),
  );
}
