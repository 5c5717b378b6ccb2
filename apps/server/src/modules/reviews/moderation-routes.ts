import {
  ReviewMessages,
  ReviewPaths,
  ZAdminReviewApproveRequest,
  ZAdminReviewListQuery,
  ZAdminReviewListResponse,
  ZAdminReviewRejectRequest,
  ZAdminReviewReplyRequest,
  ZAdminReviewResponse,
} from '@shop/contracts/reviews';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, type StaffGuard } from '../../http/auth';
import { ok } from '../../http/envelope';
import { guarded } from '../../http/route-options';
import type { ReviewService } from './service';

/** The staff's moderation queue (reviews.moderate): the list by status, approving, rejecting, the shop's reply. */
export function moderationRoutes(app: FastifyInstance, reviews: ReviewService, guard: StaffGuard) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const moderate = guarded(['staff reviews'], guard.may('reviews.moderate'));
  r.get(
    ReviewPaths.adminList,
    moderate({
      summary: 'Reviews by status, the moderation queue (pending) first in, with the rejection reasons (reviews.moderate)',
      querystring: ZAdminReviewListQuery,
      response: { 200: ZAdminReviewListResponse },
    }),
    async (request) => ok(await reviews.adminList(request.query)),
  );

  r.post(
    ReviewPaths.adminApprove,
    moderate({
      summary: 'Publish a review the moderation rules held (reviews.moderate)',
      body: ZAdminReviewApproveRequest,
      response: { 200: ZAdminReviewResponse },
    }),
    async (request) => ok(await reviews.approve(principalOf(request).subjectId, request.body.id), ReviewMessages.approved),
  );

  r.post(
    ReviewPaths.adminReject,
    moderate({
      summary: 'Reject a review with a reason from the list; its points are taken back (reviews.moderate)',
      body: ZAdminReviewRejectRequest,
      response: { 200: ZAdminReviewResponse },
    }),
    async (request) =>
      ok(await reviews.reject(principalOf(request).subjectId, request.body.id, request.body.reason), ReviewMessages.rejected),
  );

  r.post(
    ReviewPaths.adminReply,
    moderate({
      summary: "Write, edit or remove (empty content) the shop's public reply to a published review (reviews.moderate)",
      body: ZAdminReviewReplyRequest,
      response: { 200: ZAdminReviewResponse },
    }),
    async (request) => {
      const { review, removed } = await reviews.reply(principalOf(request).subjectId, request.body.id, request.body.content);
      return ok(review, removed ? ReviewMessages.replyRemoved : ReviewMessages.replied);
    },
  );
}
