import { variantText } from '@shop/contracts/cart-rules';
import { REVIEW_FIT_LABELS, REVIEW_RATING_MAX, type TReviewSort } from '@shop/contracts/review-rules';
import type { TGoodsReviews, TReview } from '@shop/contracts/reviews';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Pagination } from '../../components/ui/pagination';
import { cx, focusRing } from '../../lib/cx';
import { useUserToken } from '../../lib/session';
import { notify } from '../../lib/toast';
import { toggleLike } from './reviews-api';
import { ShopReply } from './shop-reply';
import { Stars } from './stars';

/** The product page's filters and order, as its address carries them. */
export type ReviewView = { rating?: number; withPhotos: boolean; sort: TReviewSort; page: number };

export const REVIEW_PARAMS = {
  rating: 'review_rating',
  photos: 'review_photos',
  sort: 'review_sort',
  page: 'review_page',
} as const;

/** The view the address asks for (anything unreadable is the default: every review, newest first). */
export function reviewViewOf(search: URLSearchParams): ReviewView {
  const rating = Number(search.get(REVIEW_PARAMS.rating));
  const page = Number(search.get(REVIEW_PARAMS.page));
  return {
    rating: Number.isInteger(rating) && rating >= 1 && rating <= REVIEW_RATING_MAX ? rating : undefined,
    withPhotos: search.get(REVIEW_PARAMS.photos) === '1',
    sort: search.get(REVIEW_PARAMS.sort) === 'helpful' ? 'helpful' : 'newest',
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The query of GET /shop/goods/reviews for a view. */
export function reviewQuery(goodsId: number, view: ReviewView, pageSize: number): string {
  const query = new URLSearchParams({
    goods_id: String(goodsId),
    page: String(view.page),
    page_size: String(pageSize),
    sort: view.sort,
  });
  if (view.rating) query.set('rating', String(view.rating));
  if (view.withPhotos) query.set('with_photos', '1');
  return query.toString();
}

const chip = `inline-flex min-h-11 items-center rounded-full border px-4 text-sm ${focusRing}`;

function LikeButton({ review }: { review: TReview }) {
  const token = useUserToken();
  const [state, setState] = useState({ liked: review.liked, likes: review.likes, busy: false });
  if (review.own) return <span className="text-sm text-gray-600">{state.likes} found this helpful</span>;
  const onClick = async () => {
    if (!token) {
      notify.info('Sign in to mark a review as helpful');
      return;
    }
    setState((now) => ({ ...now, busy: true }));
    try {
      const answer = await toggleLike(review.id);
      setState({ liked: answer.liked, likes: answer.likes, busy: false });
    } catch (error) {
      setState((now) => ({ ...now, busy: false }));
      notify.error((error as Error).message);
    }
  };
  return (
    <button
      type="button"
      aria-pressed={state.liked === 1}
      disabled={state.busy}
      onClick={onClick}
      className={cx(chip, state.liked ? 'border-gray-900 bg-gray-900 text-white' : 'border-gray-300 hover:border-gray-900')}
    >
      Helpful ({state.likes})
    </button>
  );
}

function ReviewItem({ review }: { review: TReview }) {
  return (
    <li className="border-t border-gray-200 py-6" data-testid="review">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={review.rating} />
        <span className="font-medium">{review.author}</span>
        <span className="rounded bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800">Verified buyer</span>
        <time className="text-sm text-gray-600" dateTime={new Date(review.created_at).toISOString()}>
          {new Date(review.created_at).toLocaleDateString('en-US', {
            year: 'numeric',
            month: 'short',
            day: 'numeric',
            timeZone: 'UTC',
          })}
        </time>
      </div>
      <p className="mt-1 text-sm text-gray-600">
        {variantText(review.sku_text)}
        {review.fit ? ` · ${REVIEW_FIT_LABELS[review.fit]}` : ''}
      </p>
      <p className="mt-3 whitespace-pre-line text-gray-900">{review.content}</p>
      {review.images.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Photos from the buyer">
          {review.images.map((image, index) => (
            <li key={image}>
              <a
                href={image}
                target="_blank"
                rel="noreferrer"
                className="block focus-visible:outline-2 focus-visible:outline-gray-900"
              >
                <img
                  src={image}
                  alt={`Shown by ${review.author} (${index + 1} of ${review.images.length})`}
                  width={96}
                  height={96}
                  loading="lazy"
                  className="size-24 rounded object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {review.reply ? <ShopReply reply={review.reply} /> : null}
      <div className="mt-3">
        <LikeButton review={review} />
      </div>
    </li>
  );
}

/**
 * The product page's reviews, server-rendered: the summary (average, count, a bar per star that
 * filters by it), the filters and order as links, the reviews with their photos, and pages.
 */
export function ReviewsSection({
  reviews,
  view,
  pageSize,
  hrefFor,
}: {
  reviews: TGoodsReviews | null;
  view: ReviewView;
  pageSize: number;
  hrefFor: (view: ReviewView) => string;
}) {
  const headingId = useId();
  const { summary } = reviews ?? { summary: null };
  const pages = reviews ? Math.max(1, Math.ceil(reviews.total / pageSize)) : 1;
  const filtered = view.rating !== undefined || view.withPhotos;
  return (
    <section aria-labelledby={headingId} className="mt-16 md:mt-24" id="reviews">
      <h2 id={headingId} className="text-xl font-semibold">
        Reviews{summary && summary.count > 0 ? ` (${summary.count})` : ''}
      </h2>
      {!reviews ? (
        <p className="mt-4 text-gray-700">The reviews can’t be shown right now. Please reload the page in a moment.</p>
      ) : summary && summary.count === 0 ? (
        <p className="mt-4 text-gray-700">No reviews yet. Reviews come from buyers once their order has arrived.</p>
      ) : summary ? (
        <div className="mt-6 grid gap-8 md:grid-cols-[18rem_1fr]">
          <div>
            <p className="text-4xl font-semibold">{summary.average.toFixed(1)}</p>
            <Stars rating={summary.average} className="mt-1 block text-lg" />
            <p className="mt-1 text-sm text-gray-600">
              {summary.count} {summary.count === 1 ? 'review' : 'reviews'}
            </p>
            <ul className="mt-4 space-y-1" aria-label="Reviews by stars">
              {summary.histogram.map((bar) => {
                const share = summary.count === 0 ? 0 : Math.round((bar.count / summary.count) * 100);
                return (
                  <li key={bar.rating}>
                    <Link
                      to={hrefFor({ ...view, rating: bar.rating, page: 1 })}
                      preventScrollReset
                      aria-label={`${bar.rating} stars: ${bar.count} reviews`}
                      className="flex min-h-8 items-center gap-2 text-sm hover:underline focus-visible:outline-2 focus-visible:outline-gray-900"
                    >
                      <span className="w-10">{bar.rating} ★</span>
                      <span className="h-2 flex-1 rounded bg-gray-200" aria-hidden="true">
                        <span className="block h-2 rounded bg-amber-500" style={{ width: `${share}%` }} />
                      </span>
                      <span className="w-8 text-right">{bar.count}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
          <div>
            <nav aria-label="Filter and sort reviews" className="flex flex-wrap gap-2">
              <Link
                to={hrefFor({ ...view, rating: undefined, withPhotos: false, page: 1 })}
                preventScrollReset
                aria-current={!filtered ? 'true' : undefined}
                className={cx(chip, !filtered ? 'border-gray-900 bg-gray-900 text-white' : 'border-gray-300')}
              >
                All
              </Link>
              <Link
                to={hrefFor({ ...view, withPhotos: !view.withPhotos, page: 1 })}
                preventScrollReset
                aria-current={view.withPhotos ? 'true' : undefined}
                className={cx(chip, view.withPhotos ? 'border-gray-900 bg-gray-900 text-white' : 'border-gray-300')}
              >
                With photos
              </Link>
              {view.rating ? <span className={cx(chip, 'border-gray-900')}>{view.rating} stars</span> : null}
              <span className="mx-1 hidden w-px bg-gray-300 md:block" aria-hidden="true" />
              {(['newest', 'helpful'] as const).map((sort) => (
                <Link
                  key={sort}
                  to={hrefFor({ ...view, sort, page: 1 })}
                  preventScrollReset
                  aria-current={view.sort === sort ? 'true' : undefined}
                  className={cx(chip, view.sort === sort ? 'border-gray-900 bg-gray-900 text-white' : 'border-gray-300')}
                >
                  {sort === 'newest' ? 'Newest' : 'Most helpful'}
                </Link>
              ))}
            </nav>
            {reviews.data.length === 0 ? (
              <p className="mt-6 text-gray-700">No reviews match these filters.</p>
            ) : (
              <ul className="mt-4">
                {reviews.data.map((review) => (
                  <ReviewItem key={review.id} review={review} />
                ))}
              </ul>
            )}
            <Pagination page={view.page} pages={pages} hrefFor={(page) => hrefFor({ ...view, page })} />
          </div>
        </div>
      ) : null}
    </section>
  );
}
