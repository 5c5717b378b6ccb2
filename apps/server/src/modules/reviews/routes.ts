import {
  REVIEW_PHOTO_MAX_BYTES,
  ReviewMessages,
  ReviewPaths,
  ZAdminReviewApproveRequest,
  ZAdminReviewListQuery,
  ZAdminReviewListResponse,
  ZAdminReviewRejectRequest,
  ZAdminReviewReplyRequest,
  ZAdminReviewResponse,
  ZBase64UploadRequest,
  ZBase64UploadResponse,
  ZGoodsReviewsQuery,
  ZGoodsReviewsResponse,
  ZMyReviewsResponse,
  ZReviewAddRequest,
  ZReviewAddResponse,
  ZReviewLikeRequest,
  ZReviewLikeResponse,
} from '@shop/contracts/reviews';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { optionalSubject, principalOf, requireSubject, type StaffGuard } from '../../http/auth';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import type { AuthService } from '../auth/service';
import type { ReviewService } from './service';

type Deps = { reviews: ReviewService; auth: AuthService; guard: StaffGuard };

/** base64 is 4/3 of the bytes, and a data URL's prefix and the JSON around it need a little more. */
const UPLOAD_BODY_LIMIT = Math.ceil((REVIEW_PHOTO_MAX_BYTES * 4) / 3) + 64 * 1024;

/** The one file of a multipart photo upload, within the photo limit; a clear 400 or 413 otherwise. */
async function photoFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw AppError.field('file', ReviewMessages.notAPhoto);
  try {
    const file = await request.file({ limits: { fileSize: REVIEW_PHOTO_MAX_BYTES, files: 1, fields: 5 } });
    if (file?.fieldname !== 'file') throw AppError.field('file', ReviewMessages.notAPhoto);
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', ReviewMessages.photoTooLarge);
    throw AppError.field('file', ReviewMessages.notAPhoto);
  }
}

/** spec 7 "Orders" (evaluation), "Uploads" (base64), the product page's reviews and the staff moderation queue. */
export function reviewRoutes(app: FastifyInstance, { reviews, auth, guard }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const requireUser = requireSubject(auth, 'user');
  const maybeUser = optionalSubject(auth, 'user');
  const security: { [scheme: string]: string[] }[] = [{ userToken: [] }, { bearer: [] }];

  r.post(
    ReviewPaths.add,
    {
      schema: {
        tags: ['reviews'],
        summary: "Review lines of the shopper's delivered order, each line once; held for staff when the rules say",
        body: ZReviewAddRequest,
        response: { 200: ZReviewAddResponse },
        security,
      },
      onRequest: requireUser,
    },
    async (request) => {
      const { reviews: written, message } = await reviews.add(principalOf(request).subjectId, request.body);
      return ok({ reviews: written }, message);
    },
  );

  r.post(
    ReviewPaths.like,
    {
      schema: {
        tags: ['reviews'],
        summary: "Like a published review, or take the like back (one per shopper, never on one's own)",
        body: ZReviewLikeRequest,
        response: { 200: ZReviewLikeResponse },
        security,
      },
      onRequest: requireUser,
    },
    async (request) => {
      const result = await reviews.like(principalOf(request).subjectId, request.body.id);
      return ok(result, result.liked ? ReviewMessages.liked : ReviewMessages.unliked);
    },
  );

  r.post(
    ReviewPaths.upload,
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags: ['reviews'],
        summary: 'Upload a review photo as base64: its type read from the bytes, resized, re-encoded without metadata',
        body: ZBase64UploadRequest,
        response: { 200: ZBase64UploadResponse },
        security,
      },
      onRequest: requireUser,
    },
    async (request) => ok(await reviews.upload(principalOf(request).subjectId, request.body.file), ReviewMessages.uploaded),
  );

  r.post(
    ReviewPaths.uploadFile,
    {
      schema: {
        tags: ['reviews'],
        summary:
          'Upload a review photo as a multipart file (the field "file"): read from the bytes, resized, re-encoded without metadata',
        consumes: ['multipart/form-data'],
        response: { 200: ZBase64UploadResponse },
        security,
      },
      onRequest: requireUser,
    },
    async (request) =>
      ok(await reviews.uploadBytes(principalOf(request).subjectId, await photoFile(request)), ReviewMessages.uploaded),
  );

  r.get(
    ReviewPaths.ofGoods,
    {
      schema: {
        tags: ['reviews'],
        summary:
          "A product's published reviews (filter by stars or photos; newest or most helpful first) with its rating summary",
        querystring: ZGoodsReviewsQuery,
        response: { 200: ZGoodsReviewsResponse },
        security,
      },
      onRequest: maybeUser,
    },
    async (request) => ok(await reviews.ofGoods(request.query, request.principal?.subjectId ?? null)),
  );

  r.get(
    ReviewPaths.mine,
    {
      schema: {
        tags: ['reviews'],
        summary: "The shopper's reviews with their status, and the delivered items waiting for a review",
        response: { 200: ZMyReviewsResponse },
        security,
      },
      onRequest: requireUser,
    },
    async (request) => ok(await reviews.mine(principalOf(request).subjectId)),
  );

  r.get(
    ReviewPaths.adminList,
    {
      schema: {
        tags: ['staff reviews'],
        summary: 'Reviews by status, the moderation queue (pending) first in, with the rejection reasons (reviews.moderate)',
        querystring: ZAdminReviewListQuery,
        response: { 200: ZAdminReviewListResponse },
        security,
      },
      onRequest: guard.may('reviews.moderate'),
    },
    async (request) => ok(await reviews.adminList(request.query)),
  );

  r.post(
    ReviewPaths.adminApprove,
    {
      schema: {
        tags: ['staff reviews'],
        summary: 'Publish a review the moderation rules held (reviews.moderate)',
        body: ZAdminReviewApproveRequest,
        response: { 200: ZAdminReviewResponse },
        security,
      },
      onRequest: guard.may('reviews.moderate'),
    },
    async (request) => ok(await reviews.approve(principalOf(request).subjectId, request.body.id), ReviewMessages.approved),
  );

  r.post(
    ReviewPaths.adminReject,
    {
      schema: {
        tags: ['staff reviews'],
        summary: 'Reject a review with a reason from the list; its points are taken back (reviews.moderate)',
        body: ZAdminReviewRejectRequest,
        response: { 200: ZAdminReviewResponse },
        security,
      },
      onRequest: guard.may('reviews.moderate'),
    },
    async (request) =>
      ok(await reviews.reject(principalOf(request).subjectId, request.body.id, request.body.reason), ReviewMessages.rejected),
  );

  r.post(
    ReviewPaths.adminReply,
    {
      schema: {
        tags: ['staff reviews'],
        summary: "Write, edit or remove (empty content) the shop's public reply to a published review (reviews.moderate)",
        body: ZAdminReviewReplyRequest,
        response: { 200: ZAdminReviewResponse },
        security,
      },
      onRequest: guard.may('reviews.moderate'),
    },
    async (request) => {
      const { review, removed } = await reviews.reply(principalOf(request).subjectId, request.body.id, request.body.content);
      return ok(review, removed ? ReviewMessages.replyRemoved : ReviewMessages.replied);
    },
  );
}
