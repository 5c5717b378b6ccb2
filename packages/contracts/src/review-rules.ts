/**
 * Reviews from verified buyers (spec 1 "Orders: evaluation", spec 7 "POST /shop/orderEvaluate/add")
 * without zod, so pages carry no schema code (reviews.ts has the schemas). Only a line of a
 * delivered order can be reviewed, once: every review is a verified buyer's.
 */
import { REVIEW_POINTS } from './points-rules';

export const ReviewPaths = {
  add: '/shop/orderEvaluate/add',
  like: '/api/order/evaluate/comment/like',
  upload: '/api/base64/upload',
  /** the same as a multipart file (the field "file"), for clients that send the bytes as they are */
  uploadFile: '/api/photo/upload',
  /** the product's reviews with their summary (the product page) */
  ofGoods: '/shop/goods/reviews',
  /** the shopper's reviews and the lines waiting for one (MyReviews) */
  mine: '/shop/orderEvaluate/mine',
  adminList: '/admin/reviews',
  adminApprove: '/admin/reviews/approve',
  adminReject: '/admin/reviews/reject',
  /** the shop's public reply: written, edited, or removed with empty content */
  adminReply: '/admin/reviews/reply',
} as const;

/** What reviewing earns, as the pages say it. */
export const REVIEW_POINTS_TEXT = `Each published review earns ${REVIEW_POINTS} points, whatever the stars.`;

export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
export const REVIEW_CONTENT_MAX = 2000;
export const REVIEW_IMAGES_MAX = 6;
/** The shop's public reply to a review, at most this many characters. */
export const REVIEW_REPLY_MAX = 1000;
/** A photo's bytes as uploaded, before it is re-encoded: 10 MB. */
export const REVIEW_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** The width a review photo is kept at (at most; smaller photos are not enlarged). */
export const REVIEW_PHOTO_WIDTH = 1280;
export const REVIEW_PAGE_SIZE_DEFAULT = 10;
export const REVIEW_PAGE_SIZE_MAX = 50;

/** How the item fits, when the shopper says. */
export const REVIEW_FITS = ['small', 'true', 'large'] as const;
export type TReviewFit = (typeof REVIEW_FITS)[number];
export const REVIEW_FIT_LABELS: Record<TReviewFit, string> = {
  small: 'Runs small',
  true: 'True to size',
  large: 'Runs large',
};

/** published: on the product page; pending: held by the moderation rules for staff; rejected: by staff, with a reason. */
export const REVIEW_STATUSES = ['published', 'pending', 'rejected'] as const;
export type TReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_STATUS_LABELS: Record<TReviewStatus, string> = {
  published: 'Published',
  pending: 'Waiting for moderation',
  rejected: 'Rejected',
};

/** The reasons staff may give for rejecting a review (the published list). */
export const REVIEW_REJECT_REASONS = [
  'Contains links or contact details',
  'Offensive or abusive language',
  'Not about the product',
  'Contains personal information',
  'Spam or advertising',
  'Photos not of the product',
] as const;
export type TReviewRejectReason = (typeof REVIEW_REJECT_REASONS)[number];

export const REVIEW_SORTS = ['newest', 'helpful'] as const;
export type TReviewSort = (typeof REVIEW_SORTS)[number];

export const ReviewMessages = {
  added: 'Thank you for your review',
  addedPending: 'Thank you: your review will appear once it has been checked',
  orderNotFound: 'Order not found',
  reviewNotFound: 'Review not found',
  notYours: 'This item is not part of the order',
  duplicateLine: 'Each item can be reviewed once in a submission',
  alreadyReviewed: 'This item has already been reviewed',
  notDelivered: 'Only items of a delivered order can be reviewed',
  rating: `rating must be a whole number from ${REVIEW_RATING_MIN} to ${REVIEW_RATING_MAX}`,
  content: 'Please tell us about the item',
  contentTooLong: `content must be at most ${REVIEW_CONTENT_MAX} characters`,
  tooManyImages: `At most ${REVIEW_IMAGES_MAX} photos per review`,
  imageUnknown: 'A photo was not uploaded by you or is already used in another review',
  ownReview: 'You cannot like your own review',
  liked: 'Liked',
  unliked: 'Like removed',
  notPending: 'Only a review waiting for moderation can be approved',
  alreadyRejected: 'This review has already been rejected',
  approved: 'Review published',
  rejected: 'Review rejected',
  rejectReason: 'reason must be one of the published rejection reasons',
  replyContent: 'content must be the reply as text',
  replyTooLong: `content must be at most ${REVIEW_REPLY_MAX} characters`,
  replyNotPublished: 'Only a published review can have a reply',
  replied: 'Reply published',
  replyRemoved: 'Reply removed',
  uploaded: 'File uploaded successfully',
  uploadFailed: 'File upload failed, please try again',
  notAPhoto: 'Only photos (JPEG, PNG, WebP, GIF, AVIF) can be uploaded',
  photoTooLarge: 'The photo is larger than 10 MB',
} as const;

/** The review photos' folder under /media/. */
export const REVIEW_PHOTO_FOLDER = 'reviews';
/** A review photo's URL as the server makes it: /media/reviews/<64 hex>.webp */
export const REVIEW_PHOTO_URL = /^\/media\/reviews\/[0-9a-f]{64}\.webp$/;
