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
} from '@shop/contracts/coupons';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, type StaffGuard } from '../../http/auth';
import { ok } from '../../http/envelope';
import { guarded } from '../../http/route-options';
import type { CouponAdmin } from './admin';

/** The staff's coupon templates (coupons.manage; every write audited): list, add, edit, pause, grant. */
export function couponAdminRoutes(app: FastifyInstance, admin: CouponAdmin, guard: StaffGuard) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = guarded(['staff coupons'], guard.may('coupons.manage'));
  r.get(
    CouponPaths.adminList,
    manage({
      summary: 'Every coupon template with its usage figures, newest first (coupons.manage)',
      querystring: ZAdminCouponListQuery,
      response: { 200: ZAdminCouponListResponse },
    }),
    async (request) => ok(await admin.list(request.query)),
  );

  r.post(
    CouponPaths.adminAdd,
    manage({
      summary: 'Create a coupon template (coupons.manage)',
      body: ZAdminCouponAddRequest,
      response: { 200: ZAdminCouponTemplateResponse },
    }),
    async (request) => ok(await admin.add(principalOf(request).subjectId, request.body), CouponMessages.saved),
  );

  r.post(
    CouponPaths.adminEdit,
    manage({
      summary: 'Edit a coupon template; its discount rules only while none has been received (coupons.manage)',
      body: ZAdminCouponEditRequest,
      response: { 200: ZAdminCouponTemplateResponse },
    }),
    async (request) => ok(await admin.edit(principalOf(request).subjectId, request.body), CouponMessages.saved),
  );

  r.post(
    CouponPaths.adminPause,
    manage({
      summary: 'Pause (1) or resume (0) a coupon template: paused, none is received or granted (coupons.manage)',
      body: ZAdminCouponPauseRequest,
      response: { 200: ZAdminCouponTemplateResponse },
    }),
    async (request) =>
      ok(
        await admin.pause(principalOf(request).subjectId, request.body),
        request.body.paused ? CouponMessages.paused : CouponMessages.resumed,
      ),
  );

  r.post(
    CouponPaths.adminGrant,
    manage({
      summary: 'Grant a coupon of a template to a shopper (coupons.manage)',
      body: ZAdminCouponGrantRequest,
      response: { 200: ZAdminCouponGrantResponse },
    }),
    async (request) => ok(await admin.grant(principalOf(request).subjectId, request.body), CouponMessages.granted),
  );
}
