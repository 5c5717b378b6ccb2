import {
  PointsMessages,
  PointsPaths,
  ZFriendsQuery,
  ZFriendsResponse,
  ZPointsAdjustedResponse,
  ZPointsAdjustParams,
  ZPointsAdjustRequest,
  ZPointsLogQuery,
  ZPointsLogResponse,
  ZReferralSummaryResponse,
  ZUserPointsResponse,
} from '@shop/contracts/points';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireSubject, type StaffGuard } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { AuthService } from '../auth/service';
import type { LoyaltyService } from './loyalty';

type Deps = { loyalty: LoyaltyService; auth: AuthService; guard: StaffGuard };

const security: { [scheme: string]: string[] }[] = [{ userToken: [] }, { bearer: [] }];

/** spec 7 "Coupons, points, messages": points and referrals (decisions 0032, 0033); the staff's adjustment. */
export function loyaltyRoutes(app: FastifyInstance, { loyalty, auth, guard }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const requireUser = requireSubject(auth, 'user');

  r.get(
    PointsPaths.summary,
    {
      schema: {
        tags: ['points'],
        summary: 'The balance, points pending on orders not yet completed, and the next points to expire',
        security,
        response: { 200: ZUserPointsResponse },
      },
      onRequest: requireUser,
    },
    async (request) => ok(await loyalty.points(principalOf(request).subjectId)),
  );

  r.get(
    PointsPaths.log,
    {
      schema: {
        tags: ['points'],
        summary: 'The points history, newest first (reason=review: points earned by reviews)',
        security,
        querystring: ZPointsLogQuery,
        response: { 200: ZPointsLogResponse },
      },
      onRequest: requireUser,
    },
    async (request) => ok(await loyalty.log(principalOf(request).subjectId, request.query)),
  );

  r.get(
    PointsPaths.referrals,
    {
      schema: {
        tags: ['points'],
        summary: 'The invitation code, its share link, the reward and what friends earned',
        security,
        response: { 200: ZReferralSummaryResponse },
      },
      onRequest: requireUser,
    },
    async (request) => ok(await loyalty.referrals(principalOf(request).subjectId)),
  );

  r.get(
    PointsPaths.friends,
    {
      schema: {
        tags: ['points'],
        summary: 'Friends who registered with the invitation code, and where each stands',
        security,
        querystring: ZFriendsQuery,
        response: { 200: ZFriendsResponse },
      },
      onRequest: requireUser,
    },
    async (request) => ok(await loyalty.friends(principalOf(request).subjectId, request.query)),
  );

  r.post(
    '/admin/users/:id/points',
    {
      schema: {
        tags: ['staff points'],
        summary: "Adjust a shopper's points with a reason (points.adjust); recorded in the ledger and the audit trail",
        params: ZPointsAdjustParams,
        body: ZPointsAdjustRequest,
        response: { 200: ZPointsAdjustedResponse },
        security,
      },
      onRequest: guard.may('points.adjust'),
    },
    async (request) =>
      ok(await loyalty.adjust(principalOf(request).subjectId, request.params.id, request.body), PointsMessages.adjusted),
  );
}
