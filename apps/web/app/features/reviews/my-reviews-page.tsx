import { variantText } from '@shop/contracts/cart-rules';
import {
  REVIEW_CONTENT_MAX,
  REVIEW_FIT_LABELS,
  REVIEW_FITS,
  REVIEW_IMAGES_MAX,
  REVIEW_POINTS_TEXT,
  REVIEW_RATING_MAX,
  REVIEW_STATUS_LABELS,
  ReviewPaths,
  type TReviewFit,
} from '@shop/contracts/review-rules';
import type { TMyReview, TMyReviews, TReviewableLine } from '@shop/contracts/reviews';
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { api } from '../../lib/api';
import { cx } from '../../lib/cx';
import { productPath } from '../../lib/seo';
import { notify } from '../../lib/toast';
import { useLoad } from '../../lib/use-load';
import { EmptyState, formatDay, Loaded, PageHeader } from '../points';
import { PhotoPicker, usePhotos } from './photo-picker';
import { addReviews } from './reviews-api';
import { ShopReply } from './shop-reply';
import { Stars } from './stars';

const STATUS_STYLE: Record<TMyReview['status'], string> = {
  published: 'bg-green-50 text-green-800',
  pending: 'bg-amber-50 text-amber-900',
  rejected: 'bg-red-50 text-red-800',
};

/** The review form of one delivered item: stars, text, fit, photos uploaded one by one with their progress. */
function ReviewForm({ line, onDone }: { line: TReviewableLine; onDone: () => void }) {
  const formId = useId();
  const [rating, setRating] = useState(0);
  const [content, setContent] = useState('');
  const [fit, setFit] = useState<TReviewFit | ''>('');
  const photos = usePhotos(REVIEW_IMAGES_MAX);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) return setError('Please choose a rating from 1 to 5 stars');
    if (!content.trim()) return setError('Please tell us about the item');
    if (photos.uploading) return setError('Please wait for the photos to finish uploading');
    setError(null);
    setBusy(true);
    try {
      const message = await addReviews({
        order_id: line.order_id,
        items: [
          {
            order_item_id: line.order_item_id,
            rating,
            content,
            images: photos.urls,
            ...(fit ? { fit } : {}),
          },
        ],
      });
      notify.success(message);
      onDone();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} aria-labelledby={`${formId}-title`} className="mt-4 space-y-4 rounded-lg bg-gray-50 p-4" noValidate>
      <p id={`${formId}-title`} className="sr-only">
        Review of {line.goods_name}
      </p>
      <fieldset>
        <legend className="text-sm font-semibold">Your rating</legend>
        <div className="mt-1 flex gap-1">
          {Array.from({ length: REVIEW_RATING_MAX }, (_, index) => index + 1).map((value) => (
            <label key={value} className="cursor-pointer">
              <input
                type="radio"
                name={`${formId}-rating`}
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
                className="peer sr-only"
              />
              <span
                aria-hidden="true"
                className={cx(
                  'inline-flex size-11 items-center justify-center text-2xl peer-focus-visible:outline-2 peer-focus-visible:outline-gray-900',
                  value <= rating ? 'text-amber-600' : 'text-gray-300',
                )}
              >
                ★
              </span>
              <span className="sr-only">
                {value} {value === 1 ? 'star' : 'stars'}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${formId}-content`} className="text-sm font-semibold">
          Your review
        </label>
        <textarea
          id={`${formId}-content`}
          value={content}
          maxLength={REVIEW_CONTENT_MAX}
          rows={4}
          onChange={(event) => setContent(event.target.value)}
          className="mt-1 block w-full rounded-md border border-gray-300 p-3 focus-visible:outline-2 focus-visible:outline-gray-900"
        />
      </div>
      <div>
        <label htmlFor={`${formId}-fit`} className="text-sm font-semibold">
          How does it fit? (optional)
        </label>
        <select
          id={`${formId}-fit`}
          value={fit}
          onChange={(event) => setFit(event.target.value as TReviewFit | '')}
          className="mt-1 block min-h-11 rounded-md border border-gray-300 px-3"
        >
          <option value="">Not saying</option>
          {REVIEW_FITS.map((value) => (
            <option key={value} value={value}>
              {REVIEW_FIT_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <PhotoPicker state={photos} />
      {error ? (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <Button type="submit" busy={busy}>
        Submit review
      </Button>
    </form>
  );
}

function WaitingLine({ line, open, onDone }: { line: TReviewableLine; open: boolean; onDone: () => void }) {
  const [writing, setWriting] = useState(open);
  return (
    <li className="rounded-lg border border-gray-200 p-4" data-testid="waiting-line">
      <div className="flex items-start gap-4">
        {line.image ? <img src={line.image} alt="" width={64} height={64} className="size-16 rounded object-cover" /> : null}
        <div className="min-w-0 flex-1">
          <Link to={productPath(line.goods_url)} className="font-medium underline-offset-4 hover:underline">
            {line.goods_name}
          </Link>
          <p className="text-sm text-gray-600">
            {variantText(line.sku_text)} · Order {line.order_no}
            {line.completed_at ? ` · delivered ${formatDay(line.completed_at)}` : ''}
          </p>
        </div>
        {!writing ? (
          <Button variant="secondary" onClick={() => setWriting(true)}>
            Write a review<span className="sr-only"> of {line.goods_name}</span>
          </Button>
        ) : null}
      </div>
      {writing ? <ReviewForm line={line} onDone={onDone} /> : null}
    </li>
  );
}

function WrittenReview({ review }: { review: TMyReview }) {
  return (
    <li className="rounded-lg border border-gray-200 p-4" data-testid="my-review">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Link to={productPath(review.goods_url)} className="font-medium underline-offset-4 hover:underline">
          {review.goods_name}
        </Link>
        <span className={cx('rounded px-2 py-0.5 text-xs font-semibold', STATUS_STYLE[review.status])}>
          {REVIEW_STATUS_LABELS[review.status]}
        </span>
      </div>
      <div className="mt-1 flex flex-wrap items-center gap-3 text-sm text-gray-600">
        <Stars rating={review.rating} />
        <span>{formatDay(review.created_at)}</span>
        <span>{variantText(review.sku_text)}</span>
      </div>
      <p className="mt-2 whitespace-pre-line">{review.content}</p>
      {review.images.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Your photos">
          {review.images.map((image, index) => (
            <li key={image}>
              <img
                src={image}
                alt={`${review.goods_name}, as you showed it (${index + 1})`}
                width={72}
                height={72}
                className="size-18 rounded object-cover"
              />
            </li>
          ))}
        </ul>
      ) : null}
      {review.status === 'rejected' && review.reject_reason ? (
        <p className="mt-2 text-sm text-red-800">Not published: {review.reject_reason}</p>
      ) : null}
      {review.reply ? <ShopReply reply={review.reply} /> : null}
    </li>
  );
}

/**
 * /ShoppingListMain/MyReviews (spec 2; guarded): the delivered items waiting for a review, each
 * with its form (those of the order named by `?order_id=` first and open), and the reviews
 * written with their status and, when rejected, the reason.
 */
export function MyReviewsPage() {
  const headingId = useId();
  const [params] = useSearchParams();
  const focusOrder = Number(params.get('order_id')) || null;
  const mine = useLoad('my-reviews', () => api.get<TMyReviews>(ReviewPaths.mine));

  return (
    <section aria-labelledby={headingId} className="space-y-8">
      <PageHeader id={headingId} title="My Reviews">
        Review what you bought once it has arrived. {REVIEW_POINTS_TEXT}
      </PageHeader>
      <Loaded load={mine.load} what="your reviews" retry={mine.retry}>
        {({ reviews, waiting }) => {
          const ordered = focusOrder
            ? [
                ...waiting.filter((line) => line.order_id === focusOrder),
                ...waiting.filter((line) => line.order_id !== focusOrder),
              ]
            : waiting;
          return (
            <>
              <section aria-labelledby={`${headingId}-waiting`}>
                <h2 id={`${headingId}-waiting`} className="text-lg font-semibold">
                  Waiting for your review ({waiting.length})
                </h2>
                {ordered.length === 0 ? (
                  <p className="mt-2 text-sm text-gray-700">Nothing to review right now.</p>
                ) : (
                  <ul className="mt-3 space-y-3">
                    {ordered.map((line) => (
                      <WaitingLine
                        key={line.order_item_id}
                        line={line}
                        open={focusOrder === line.order_id}
                        onDone={mine.reload}
                      />
                    ))}
                  </ul>
                )}
              </section>
              <section aria-labelledby={`${headingId}-written`}>
                <h2 id={`${headingId}-written`} className="text-lg font-semibold">
                  Your reviews ({reviews.length})
                </h2>
                {reviews.length === 0 ? (
                  <div className="mt-3">
                    <EmptyState title="No reviews yet" action={{ to: '/ShoppingListMain/MyOrder', label: 'See my orders' }}>
                      Once an order has arrived, its items can be reviewed here.
                    </EmptyState>
                  </div>
                ) : (
                  <ul className="mt-3 space-y-3">
                    {reviews.map((review) => (
                      <WrittenReview key={review.id} review={review} />
                    ))}
                  </ul>
                )}
              </section>
            </>
          );
        }}
      </Loaded>
    </section>
  );
}
