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
import { guarded } from '../../http/route-options';
import type { AuthService } from '../auth';
import type { LoyaltyService } from './loyalty';

type Deps = { loyalty: LoyaltyService; auth: AuthService; guard: StaffGuard };

/** spec 7 "Coupons, points, messages": points and referrals (decisions 0032, 0033); the staff's adjustment. */
export function loyaltyRoutes(app: FastifyInstance, { loyalty, auth, guard }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = guarded(['points'], requireSubject(auth, 'user'));
  const adjust = guarded(['staff points'], guard.may('points.adjust'));

  r.get(
    PointsPaths.summary,
    signedIn({
      summary: 'The balance, points pending on orders not yet completed, and the next points to expire',
      response: { 200: ZUserPointsResponse },
    }),
    async (request) => ok(await loyalty.points(principalOf(request).subjectId)),
  );

  r.get(
    PointsPaths.log,
    signedIn({
      summary: 'The points history, newest first (reason=review: points earned by reviews)',
      querystring: ZPointsLogQuery,
      response: { 200: ZPointsLogResponse },
    }),
    async (request) => ok(await loyalty.log(principalOf(request).subjectId, request.query)),
  );

  r.get(
    PointsPaths.referrals,
    signedIn({
      summary: 'The invitation code, its share link, the reward and what friends earned',
      response: { 200: ZReferralSummaryResponse },
    }),
    async (request) => ok(await loyalty.referrals(principalOf(request).subjectId)),
  );

  r.get(
    PointsPaths.friends,
    signedIn({
      summary: 'Friends who registered with the invitation code, and where each stands',
      querystring: ZFriendsQuery,
      response: { 200: ZFriendsResponse },
    }),
    async (request) => ok(await loyalty.friends(principalOf(request).subjectId, request.query)),
  );

  r.post(
    '/admin/users/:id/points',
    adjust({
      summary: "Adjust a shopper's points with a reason (points.adjust); recorded in the ledger and the audit trail",
      params: ZPointsAdjustParams,
      body: ZPointsAdjustRequest,
      response: { 200: ZPointsAdjustedResponse },
    }),
    async (request) =>
      ok(await loyalty.adjust(principalOf(request).subjectId, request.params.id, request.body), PointsMessages.adjusted),
  );
}
