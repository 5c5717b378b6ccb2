import { z } from 'zod';
import { envelope, listResult } from './envelope';
import { coercedId, id, text, wholeNumber } from './fields';
import { ORDER_LINES_MAX } from './orders-rules';
import {
  REVIEW_CONTENT_MAX,
  REVIEW_FITS,
  REVIEW_IMAGES_MAX,
  REVIEW_PAGE_SIZE_DEFAULT,
  REVIEW_PAGE_SIZE_MAX,
  REVIEW_PHOTO_URL,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  REVIEW_REJECT_REASONS,
  REVIEW_REPLY_MAX,
  REVIEW_SORTS,
  REVIEW_STATUSES,
  ReviewMessages,
} from './review-rules';

export * from './review-rules';

/**
 * Reviews on the wire (spec 7 "Orders": POST /shop/orderEvaluate/add, POST
 * /api/order/evaluate/comment/like, POST /api/base64/upload) and the staff moderation API. Times
 * are epoch milliseconds; flags are 1 or 0.
 */

const ZPhotoUrl = z.string({ error: ReviewMessages.imageUnknown }).regex(REVIEW_PHOTO_URL, ReviewMessages.imageUnknown);

export const ZReviewLineInput = z.object({
  order_item_id: id('order_item_id'),
  rating: z
    .number({ error: ReviewMessages.rating })
    .int(ReviewMessages.rating)
    .min(REVIEW_RATING_MIN, ReviewMessages.rating)
    .max(REVIEW_RATING_MAX, ReviewMessages.rating),
  content: text({ error: ReviewMessages.content })
    .trim()
    .min(1, ReviewMessages.content)
    .max(REVIEW_CONTENT_MAX, ReviewMessages.contentTooLong),
  images: z.array(ZPhotoUrl).max(REVIEW_IMAGES_MAX, ReviewMessages.tooManyImages).default([]),
  fit: z.enum(REVIEW_FITS, { error: `fit must be one of ${REVIEW_FITS.join(', ')}` }).optional(),
});
export type TReviewLineInput = z.infer<typeof ZReviewLineInput>;

/** POST /shop/orderEvaluate/add */
export const ZReviewAddRequest = z.object({
  order_id: id('order_id'),
  items: z
    .array(ZReviewLineInput, { error: 'items must list the items reviewed' })
    .min(1, 'items must list the items reviewed')
    .max(ORDER_LINES_MAX, `At most ${ORDER_LINES_MAX} items in one submission`),
});
export type TReviewAddRequest = z.infer<typeof ZReviewAddRequest>;

/** The shop's public reply under a review: its text and when it was last written. */
export const ZReviewReply = z.object({ content: z.string(), replied_at: z.number().int() });
export type TReviewReply = z.infer<typeof ZReviewReply>;

/** A review as the product page and the shopper see it. */
export const ZReview = z.object({
  id: z.number().int(),
  goods_id: z.number().int(),
  order_item_id: z.number().int(),
  rating: z.number().int(),
  content: z.string(),
  images: z.array(z.string()),
  fit: z.enum(REVIEW_FITS).nullable(),
  sku_text: z.string(),
  /** the reviewer as shown: first name and the initial of the last */
  author: z.string(),
  /** always 1: only a delivered line can be reviewed */
  verified_buyer: z.literal(1),
  likes: z.number().int(),
  /** 1 when the signed-in shopper liked it */
  liked: z.union([z.literal(0), z.literal(1)]),
  /** 1 when it is the signed-in shopper's own */
  own: z.union([z.literal(0), z.literal(1)]),
  created_at: z.number().int(),
  /** the shop's reply, when it wrote one */
  reply: ZReviewReply.nullable(),
});
export type TReview = z.infer<typeof ZReview>;

export const ZReviewAddResponse = envelope(z.object({ reviews: z.array(ZReview.extend({ status: z.enum(REVIEW_STATUSES) })) }));

/** POST /api/order/evaluate/comment/like */
export const ZReviewLikeRequest = z.object({ id: id('id') });
export const ZReviewLikeResponse = envelope(
  z.object({ id: z.number().int(), liked: z.union([z.literal(0), z.literal(1)]), likes: z.number().int() }),
);

/** GET /shop/goods/reviews */
export const ZGoodsReviewsQuery = z.object({
  goods_id: coercedId('goods_id'),
  page: wholeNumber('page', 1, 10_000).default(1),
  page_size: wholeNumber('page_size', 1, REVIEW_PAGE_SIZE_MAX).default(REVIEW_PAGE_SIZE_DEFAULT),
  rating: wholeNumber('rating', REVIEW_RATING_MIN, REVIEW_RATING_MAX).optional(),
  with_photos: z.enum(['0', '1'], { error: 'with_photos must be 0 or 1' }).optional(),
  sort: z.enum(REVIEW_SORTS, { error: `sort must be one of ${REVIEW_SORTS.join(', ')}` }).default('newest'),
});
export type TGoodsReviewsQuery = z.infer<typeof ZGoodsReviewsQuery>;

/** The product's published reviews: average (1 decimal), count and how many of each star (1–5). */
export const ZRatingSummary = z.object({
  average: z.number(),
  count: z.number().int(),
  histogram: z.array(z.object({ rating: z.number().int(), count: z.number().int() })),
});
export type TRatingSummary = z.infer<typeof ZRatingSummary>;

export const ZGoodsReviews = listResult(ZReview).extend({ summary: ZRatingSummary });
export type TGoodsReviews = z.infer<typeof ZGoodsReviews>;
export const ZGoodsReviewsResponse = envelope(ZGoodsReviews);

/** POST /api/base64/upload: a photo as a data URL or plain base64. */
export const ZBase64UploadRequest = z.object({
  file: z.string({ error: 'file must be the photo as base64' }).min(1, 'file must be the photo as base64').max(15_000_000),
});
export const ZUploadedPhoto = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export const ZBase64UploadResponse = envelope(ZUploadedPhoto);
export type TUploadedPhoto = z.infer<typeof ZUploadedPhoto>;

// ---------------------------------------------------------------- the shopper's reviews (MyReviews)

export const ZMyReview = ZReview.extend({
  order_id: z.number().int(),
  goods_name: z.string(),
  goods_url: z.string(),
  image: z.string(),
  status: z.enum(REVIEW_STATUSES),
  reject_reason: z.string().nullable(),
});
export type TMyReview = z.infer<typeof ZMyReview>;

/** A delivered line waiting for its review. */
export const ZReviewableLine = z.object({
  order_id: z.number().int(),
  order_no: z.string(),
  order_item_id: z.number().int(),
  goods_id: z.number().int(),
  goods_name: z.string(),
  goods_url: z.string(),
  image: z.string(),
  sku_text: z.string(),
  completed_at: z.number().int().nullable(),
});
export type TReviewableLine = z.infer<typeof ZReviewableLine>;

export const ZMyReviews = z.object({ reviews: z.array(ZMyReview), waiting: z.array(ZReviewableLine) });
export type TMyReviews = z.infer<typeof ZMyReviews>;
export const ZMyReviewsResponse = envelope(ZMyReviews);

// ---------------------------------------------------------------- staff moderation

export const ZAdminReviewListQuery = z.object({
  status: z.enum(REVIEW_STATUSES, { error: `status must be one of ${REVIEW_STATUSES.join(', ')}` }).default('pending'),
  page: wholeNumber('page', 1, 10_000).default(1),
  page_size: wholeNumber('page_size', 1, REVIEW_PAGE_SIZE_MAX).default(REVIEW_PAGE_SIZE_DEFAULT),
});
export const ZAdminReview = ZMyReview.extend({
  user_id: z.number().int(),
  /** why the moderation rules held it, when they did */
  held_for: z.string().nullable(),
});
export type TAdminReview = z.infer<typeof ZAdminReview>;
export const ZAdminReviewListResponse = envelope(listResult(ZAdminReview).extend({ reasons: z.array(z.string()) }));

export const ZAdminReviewApproveRequest = z.object({ id: id('id') });
export const ZAdminReviewRejectRequest = z.object({
  id: id('id'),
  reason: z.enum(REVIEW_REJECT_REASONS, { error: ReviewMessages.rejectReason }),
});
export const ZAdminReviewResponse = envelope(ZAdminReview);

/** POST /admin/reviews/reply: the shop's reply to a published review; empty content removes it. */
export const ZAdminReviewReplyRequest = z.object({
  id: id('id'),
  content: text({ error: ReviewMessages.replyContent }).trim().max(REVIEW_REPLY_MAX, ReviewMessages.replyTooLong),
});
export type TAdminReviewReplyRequest = z.infer<typeof ZAdminReviewReplyRequest>;
