import { OrderStatus } from '@shop/contracts/orders';
import {
  REVIEW_PHOTO_FOLDER,
  REVIEW_PHOTO_MAX_BYTES,
  REVIEW_PHOTO_WIDTH,
  REVIEW_RATING_MAX,
  REVIEW_REJECT_REASONS,
  ReviewMessages,
  type TAdminReview,
  type TGoodsReviews,
  type TGoodsReviewsQuery,
  type TMyReviews,
  type TRatingSummary,
  type TReview,
  type TReviewAddRequest,
  type TReviewFit,
  type TReviewStatus,
  type TUploadedPhoto,
} from '@shop/contracts/reviews';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/errors';
import { emit } from '../../infra/events';
import type { FileStorage } from '../../infra/storage/file-storage';
import { decodeBase64Upload, keepUploadedPhoto, NotResizableError, UnreadableImageError } from '../../media/images';
import { recordAudit } from '../audit';
import { deliveredLines, holdOrder, isKeptOrder, markOrderReviewed, orderWithLines } from '../orders';
import { blockedWords, heldFor } from './moderation';
import { type ReviewView, reviewsRepo } from './repo';

/**
 * Reviews from verified buyers (decision 0041): a line of a delivered order is reviewed once
 * (the unique line, and the order's row held while a submission is written); a review is published
 * at once unless the moderation rules hold it for staff. `review.published` and `review.rejected`
 * follow in the same transaction; the points for reviewing follow those events.
 */

type Deps = {
  db: Db;
  /** where the photos are kept (the media's storage) */
  media: FileStorage;
  clock?: () => number;
  /** told when what the product pages show changed (a review published or taken down) */
  onPublishedChange?: () => void;
};

const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

/** 'Ada L.': the reviewer's first name and the initial of the last. */
export function authorOf(row: { first_name: string; last_name: string }): string {
  const initial = row.last_name.trim().charAt(0);
  return `${row.first_name.trim() || 'Shopper'}${initial ? ` ${initial.toUpperCase()}.` : ''}`;
}

function present(row: ReviewView, photos: Map<number, string[]>, viewer: { userId: number | null; liked: Set<number> }): TReview {
  return {
    id: row.id,
    goods_id: row.goods_id,
    order_item_id: row.order_item_id,
    rating: row.rating,
    content: row.content,
    images: photos.get(row.id) ?? [],
    fit: (row.fit as TReviewFit | null) ?? null,
    sku_text: row.sku_text,
    author: authorOf(row),
    verified_buyer: 1,
    likes: row.likes,
    liked: flag(viewer.liked.has(row.id)),
    own: flag(viewer.userId === row.user_id),
    created_at: row.created_at,
    reply: row.reply !== null && row.reply_at !== null ? { content: row.reply, replied_at: Number(row.reply_at) } : null,
  };
}

function presentOwn(row: ReviewView, photos: Map<number, string[]>, liked = new Set<number>()) {
  return {
    ...present(row, photos, { userId: row.user_id, liked }),
    order_id: row.order_id,
    goods_name: row.goods_name,
    goods_url: row.goods_url,
    image: row.image,
    status: row.status as TReviewStatus,
    reject_reason: row.reject_reason,
  };
}

const presentAdmin = (row: ReviewView, photos: Map<number, string[]>): TAdminReview => ({
  ...presentOwn(row, photos),
  user_id: row.user_id,
  held_for: row.held_for,
});

/** The product's rating summary from its published reviews' counts by rating. */
export function summaryOf(counts: Array<{ rating: number; n: number | string }>): TRatingSummary {
  const histogram = Array.from({ length: REVIEW_RATING_MAX }, (_, index) => {
    const rating = REVIEW_RATING_MAX - index;
    return { rating, count: Number(counts.find((row) => row.rating === rating)?.n ?? 0) };
  });
  const count = histogram.reduce((sum, row) => sum + row.count, 0);
  const total = histogram.reduce((sum, row) => sum + row.rating * row.count, 0);
  return { average: count === 0 ? 0 : Math.round((total / count) * 10) / 10, count, histogram };
}

/** The bytes of a photo sent as base64 or as a data URL. */
function decodeBase64(file: string): Buffer {
  const bytes = decodeBase64Upload(file);
  if (!bytes) throw AppError.field('file', ReviewMessages.notAPhoto);
  if (bytes.length > REVIEW_PHOTO_MAX_BYTES) throw AppError.field('file', ReviewMessages.photoTooLarge);
  return bytes;
}

export function createReviewService({ db, media, clock = Date.now, onPublishedChange = () => {} }: Deps) {
  const repo = reviewsRepo(db);

  async function adminView(id: number): Promise<TAdminReview> {
    const row = await repo.view(id);
    if (!row) throw AppError.notFound(ReviewMessages.reviewNotFound);
    return presentAdmin(row, await repo.photosOf([row.id]));
  }

  return {
    /** POST /api/base64/upload: the shopper's photo, re-encoded and kept under /media/reviews/. */
    upload(userId: number, file: string): Promise<TUploadedPhoto> {
      return this.uploadBytes(userId, decodeBase64(file));
    },

    /** The photo's bytes (base64 decoded, or a multipart file), re-encoded and kept under /media/reviews/. */
    async uploadBytes(userId: number, bytes: Buffer): Promise<TUploadedPhoto> {
      if (bytes.length === 0) throw AppError.field('file', ReviewMessages.notAPhoto);
      if (bytes.length > REVIEW_PHOTO_MAX_BYTES) throw AppError.field('file', ReviewMessages.photoTooLarge);
      let photo: Awaited<ReturnType<typeof keepUploadedPhoto>>;
      try {
        photo = await keepUploadedPhoto(bytes, { media, folder: REVIEW_PHOTO_FOLDER, width: REVIEW_PHOTO_WIDTH });
      } catch (error) {
        if (error instanceof NotResizableError || error instanceof UnreadableImageError) {
          throw AppError.field('file', ReviewMessages.notAPhoto);
        }
        throw error;
      }
      const { url } = photo;
      await repo.insertPhoto({ user_id: userId, url, width: photo.width, height: photo.height, created_at: clock() });
      return { url, width: photo.width, height: photo.height };
    },

    /** POST /shop/orderEvaluate/add: reviews of lines of the shopper's delivered order, each line once. */
    async add(userId: number, request: TReviewAddRequest) {
      const found = await orderWithLines(db, userId, request.order_id);
      if (!found) throw AppError.notFound(ReviewMessages.orderNotFound);
      if (!isKeptOrder(found.order.status)) throw AppError.field('order_id', ReviewMessages.notDelivered);
      const lines = new Map(found.items.map((item) => [item.id, item]));
      const seen = new Set<number>();
      for (const item of request.items) {
        if (!lines.has(item.order_item_id)) throw AppError.field('items', ReviewMessages.notYours);
        if (seen.has(item.order_item_id)) throw AppError.field('items', ReviewMessages.duplicateLine);
        seen.add(item.order_item_id);
      }
      const words = await blockedWords(db);
      const at = clock();
      const ids = await inTransaction(db, async (trx) => {
        const status = await holdOrder(trx, found.order.id, at);
        if (status === undefined || !isKeptOrder(status)) throw AppError.field('order_id', ReviewMessages.notDelivered);
        const inTrx = reviewsRepo(trx);
        const written: number[] = [];
        for (const item of request.items) {
          const line = lines.get(item.order_item_id);
          if (!line) throw AppError.field('items', ReviewMessages.notYours);
          const held = heldFor(item.content, words);
          const id = await inTrx.insert({
            order_id: found.order.id,
            order_item_id: line.id,
            user_id: userId,
            goods_id: line.goods_id,
            rating: item.rating,
            content: item.content,
            fit: item.fit ?? null,
            status: held ? 'pending' : 'published',
            held_for: held,
            reject_reason: null,
            created_at: at,
            moderated_at: null,
            moderated_by: null,
          });
          if (id === undefined) throw AppError.field('items', ReviewMessages.alreadyReviewed);
          if (item.images.length > 0 && (await inTrx.attachPhotos(userId, id, item.images)) !== item.images.length) {
            throw AppError.field('images', ReviewMessages.imageUnknown);
          }
          if (!held) await emit(trx, 'review.published', { review_id: id, order_id: found.order.id, user_id: userId }, at);
          written.push(id);
        }
        if (status === OrderStatus.Completed && (await inTrx.countOfOrder(found.order.id)) >= found.items.length) {
          await markOrderReviewed(trx, { id: found.order.id, status }, at);
        }
        return written;
      });
      const rows = new Map((await repo.ofUser(userId)).map((row) => [row.id, row]));
      const photos = await repo.photosOf(ids);
      const reviews = ids.flatMap((id) => {
        const row = rows.get(id);
        return row ? [presentOwn(row, photos)] : [];
      });
      if (reviews.some((review) => review.status === 'published')) onPublishedChange();
      const message = reviews.some((review) => review.status === 'pending') ? ReviewMessages.addedPending : ReviewMessages.added;
      return { reviews, message };
    },

    /** POST /api/order/evaluate/comment/like: the shopper's like on a published review, on or off. */
    async like(userId: number, reviewId: number) {
      return inTransaction(db, async (trx) => {
        const inTrx = reviewsRepo(trx);
        await inTrx.hold(reviewId);
        const review = await inTrx.find(reviewId);
        if (review?.status !== 'published') throw AppError.notFound(ReviewMessages.reviewNotFound);
        if (review.user_id === userId) throw AppError.field('id', ReviewMessages.ownReview);
        const liked = await inTrx.toggleLike(reviewId, userId, clock());
        return { id: reviewId, liked: flag(liked), likes: await inTrx.likes(reviewId) };
      });
    },

    /** The product's rating summary (published reviews). */
    async summary(goodsId: number): Promise<TRatingSummary> {
      return summaryOf(await repo.histogram(goodsId));
    },

    /** The product page's reviews: published, filtered, sorted and paged, with the summary. */
    async ofGoods(query: TGoodsReviewsQuery, viewerId: number | null): Promise<TGoodsReviews> {
      const filter = {
        goodsId: query.goods_id,
        rating: query.rating,
        withPhotos: query.with_photos === '1',
        sort: query.sort,
      };
      const [{ rows, total }, counts] = await Promise.all([
        repo.goodsPage(filter, query.page, query.page_size),
        repo.histogram(query.goods_id),
      ]);
      const ids = rows.map((row) => row.id);
      const [photos, liked] = await Promise.all([
        repo.photosOf(ids),
        viewerId === null ? Promise.resolve(new Set<number>()) : repo.likedAmong(viewerId, ids),
      ]);
      return {
        data: rows.map((row) => present(row, photos, { userId: viewerId, liked })),
        total,
        summary: summaryOf(counts),
      };
    },

    /** MyReviews: the shopper's reviews with their status, and the delivered lines waiting for one. */
    async mine(userId: number): Promise<TMyReviews> {
      const [rows, lines] = await Promise.all([repo.ofUser(userId), deliveredLines(db, userId)]);
      const photos = await repo.photosOf(rows.map((row) => row.id));
      const reviewed = new Set(rows.map((row) => row.order_item_id));
      return {
        reviews: rows.map((row) => presentOwn(row, photos)),
        waiting: lines
          .filter((line) => !reviewed.has(line.id))
          .map((line) => ({
            order_id: line.order_id,
            order_no: line.order_no,
            order_item_id: line.id,
            goods_id: line.goods_id,
            goods_name: line.goods_name,
            goods_url: line.goods_url,
            image: line.image,
            sku_text: line.sku_text,
            completed_at: line.completed_at,
          })),
      };
    },

    // ------------------------------------------------------------ staff (reviews.moderate)

    async adminList(query: { status: TReviewStatus; page: number; page_size: number }) {
      const { rows, total } = await repo.byStatus(query.status, query.page, query.page_size);
      const photos = await repo.photosOf(rows.map((row) => row.id));
      return { data: rows.map((row) => presentAdmin(row, photos)), total, reasons: [...REVIEW_REJECT_REASONS] };
    },

    /** Publishes a review the rules held; audited; `review.published` follows. */
    async approve(staffId: number, id: number): Promise<TAdminReview> {
      const at = clock();
      await inTransaction(db, async (trx) => {
        const inTrx = reviewsRepo(trx);
        const before = await inTrx.find(id);
        if (!before) throw AppError.notFound(ReviewMessages.reviewNotFound);
        const moved = await inTrx.move(id, ['pending'], { status: 'published', moderated_at: at, moderated_by: staffId });
        if (!moved) throw AppError.field('id', ReviewMessages.notPending);
        await recordAudit(trx, {
          staffId,
          action: 'review.approve',
          object: { type: 'review', id },
          before: { status: before.status },
          after: { status: 'published' },
          at,
        });
        await emit(trx, 'review.published', { review_id: id, order_id: before.order_id, user_id: before.user_id }, at);
      });
      onPublishedChange();
      return adminView(id);
    },

    /**
     * The shop's public reply to a published review: written, edited, or removed when `content` is
     * empty (a reply can be removed whatever the review's status). Audited with before and after;
     * the product pages are told, as when a review is published.
     */
    async reply(staffId: number, id: number, content: string): Promise<{ review: TAdminReview; removed: boolean }> {
      const at = clock();
      const removed = content === '';
      await inTransaction(db, async (trx) => {
        const inTrx = reviewsRepo(trx);
        await inTrx.hold(id);
        const before = await inTrx.find(id);
        if (!before) throw AppError.notFound(ReviewMessages.reviewNotFound);
        if (!removed && before.status !== 'published') throw AppError.field('id', ReviewMessages.replyNotPublished);
        if ((before.reply ?? '') === content) return;
        await inTrx.setReply(
          id,
          removed ? { reply: null, reply_at: null, reply_by: null } : { reply: content, reply_at: at, reply_by: staffId },
        );
        await recordAudit(trx, {
          staffId,
          action: removed ? 'review.reply_remove' : 'review.reply',
          object: { type: 'review', id },
          before: { reply: before.reply },
          after: { reply: removed ? null : content },
          at,
        });
      });
      onPublishedChange();
      return { review: await adminView(id), removed };
    },

    /** Rejects a review (held or published) with a reason from the list; audited; `review.rejected` follows. */
    async reject(staffId: number, id: number, reason: string): Promise<TAdminReview> {
      const at = clock();
      await inTransaction(db, async (trx) => {
        const inTrx = reviewsRepo(trx);
        const before = await inTrx.find(id);
        if (!before) throw AppError.notFound(ReviewMessages.reviewNotFound);
        const moved = await inTrx.move(id, ['pending', 'published'], {
          status: 'rejected',
          reject_reason: reason,
          moderated_at: at,
          moderated_by: staffId,
        });
        if (!moved) throw AppError.field('id', ReviewMessages.alreadyRejected);
        await recordAudit(trx, {
          staffId,
          action: 'review.reject',
          object: { type: 'review', id },
          before: { status: before.status },
          after: { status: 'rejected', reject_reason: reason },
          reason,
          at,
        });
        await emit(trx, 'review.rejected', { review_id: id, order_id: before.order_id, user_id: before.user_id }, at);
      });
      onPublishedChange();
      return adminView(id);
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
