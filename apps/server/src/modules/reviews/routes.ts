// the request's multipart methods are declared by @fastify/multipart, which the server registers
import type {} from '@fastify/multipart';
import {
  REVIEW_PHOTO_MAX_BYTES,
  ReviewMessages,
  ReviewPaths,
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
import { type GuardedRoutes, guarded, tokenSecurity as security } from '../../http/route-options';
import type { AuthService } from '../auth';
import { moderationRoutes } from './moderation-routes';
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
  const signedIn = guarded(['reviews'], requireSubject(auth, 'user'));
  reviewWriteRoutes(app, reviews, signedIn);
  reviewReadRoutes(app, reviews, { signedIn, maybeUser: optionalSubject(auth, 'user') });
  moderationRoutes(app, reviews, guard);
}

/** The shopper's writes: a review of delivered lines, a like, a photo (base64 or a multipart file). */
function reviewWriteRoutes(app: FastifyInstance, reviews: ReviewService, signedIn: GuardedRoutes) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    ReviewPaths.add,
    signedIn({
      summary: "Review lines of the shopper's delivered order, each line once; held for staff when the rules say",
      body: ZReviewAddRequest,
      response: { 200: ZReviewAddResponse },
    }),
    async (request) => {
      const { reviews: written, message } = await reviews.add(principalOf(request).subjectId, request.body);
      return ok({ reviews: written }, message);
    },
  );

  r.post(
    ReviewPaths.like,
    signedIn({
      summary: "Like a published review, or take the like back (one per shopper, never on one's own)",
      body: ZReviewLikeRequest,
      response: { 200: ZReviewLikeResponse },
    }),
    async (request) => {
      const result = await reviews.like(principalOf(request).subjectId, request.body.id);
      return ok(result, result.liked ? ReviewMessages.liked : ReviewMessages.unliked);
    },
  );

  r.post(
    ReviewPaths.upload,
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      ...signedIn({
        summary: 'Upload a review photo as base64: its type read from the bytes, resized, re-encoded without metadata',
        body: ZBase64UploadRequest,
        response: { 200: ZBase64UploadResponse },
      }),
    },
    async (request) => ok(await reviews.upload(principalOf(request).subjectId, request.body.file), ReviewMessages.uploaded),
  );

  r.post(
    ReviewPaths.uploadFile,
    signedIn({
      summary:
        'Upload a review photo as a multipart file (the field "file"): read from the bytes, resized, re-encoded without metadata',
      consumes: ['multipart/form-data'],
      response: { 200: ZBase64UploadResponse },
    }),
    async (request) =>
      ok(await reviews.uploadBytes(principalOf(request).subjectId, await photoFile(request)), ReviewMessages.uploaded),
  );
}

/** The product page's reviews (anyone; a shopper's own likes marked) and the shopper's own reviews. */
function reviewReadRoutes(
  app: FastifyInstance,
  reviews: ReviewService,
  { signedIn, maybeUser }: { signedIn: GuardedRoutes; maybeUser: ReturnType<typeof optionalSubject> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
    signedIn({
      summary: "The shopper's reviews with their status, and the delivered items waiting for a review",
      response: { 200: ZMyReviewsResponse },
    }),
    async (request) => ok(await reviews.mine(principalOf(request).subjectId)),
  );
}
