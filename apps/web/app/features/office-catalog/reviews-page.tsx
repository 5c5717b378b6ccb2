import { CODE_OK } from '@shop/contracts';
import { roleMay } from '@shop/contracts/permissions';
import {
  REVIEW_REJECT_REASONS,
  REVIEW_REPLY_MAX,
  REVIEW_STATUS_LABELS,
  REVIEW_STATUSES,
  ReviewPaths,
  type TReviewStatus,
} from '@shop/contracts/review-rules';
import type { TAdminReview } from '@shop/contracts/reviews';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { failed } from '../../components/office/answers';
import { day } from '../../components/office/date-time';
import { Loaded } from '../../components/office/load-state';
import { Button } from '../../components/ui/button';
import { Pagination } from '../../components/ui/pagination';
import { cx } from '../../lib/cx';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { NotAllowed, useOfficeStaff } from '../office';

const PAGE_SIZE = 20;
const stars = (rating: number) => `${'★'.repeat(rating)}${'☆'.repeat(5 - rating)}`;

/**
 * /office/reviews: the moderation queue (reviews.moderate) — approve, or reject with a reason from
 * the published list; on a published review, the shop's public reply is written, edited or removed.
 */
export function ReviewsPage() {
  const staff = useOfficeStaff();
  const allowed = roleMay(staff.role, 'reviews.moderate');
  const [params, setParams] = useSearchParams();
  const status = (REVIEW_STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as TReviewStatus)
    : 'pending';
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const query = { status, page, page_size: PAGE_SIZE };
  const { load, reload, retry } = useLoad(allowed ? JSON.stringify(query) : null, () =>
    staffApi.get<{ data: TAdminReview[]; total: number; reasons: string[] }>('/admin/reviews', { query, silent: true }),
  );

  if (!allowed) return <NotAllowed what="moderating reviews" />;
  const pages = load.status === 'ready' ? Math.ceil(load.value.total / PAGE_SIZE) : 0;
  return (
    <section aria-labelledby="reviews-title">
      <h1 id="reviews-title" className="text-2xl font-semibold text-gray-900">
        Reviews
      </h1>
      <nav aria-label="Review status" className="mt-4 flex gap-2 overflow-x-auto">
        {(['pending', 'published', 'rejected'] as const).map((name) => (
          <button
            key={name}
            type="button"
            aria-current={name === status ? 'page' : undefined}
            onClick={() => setParams({ status: name })}
            className={cx(
              'min-h-11 rounded-md px-4 text-sm whitespace-nowrap focus-visible:outline-2 focus-visible:outline-gray-900',
              name === status ? 'bg-gray-900 font-semibold text-white' : 'bg-white text-gray-800 hover:bg-gray-200',
            )}
          >
            {REVIEW_STATUS_LABELS[name]}
          </button>
        ))}
      </nav>
      <div className="mt-4" aria-busy={load.status === 'loading'}>
        <Loaded load={load} retry={retry} loading="Loading reviews…" failed="The reviews could not be loaded.">
          {({ data }) =>
            data.length === 0 ? (
              <p className="rounded-lg border border-gray-200 bg-white p-6 text-gray-700">
                {status === 'pending' ? 'No review is waiting: the queue is empty.' : 'No reviews here.'}
              </p>
            ) : (
              <ul className="flex flex-col gap-3">
                {data.map((review) => (
                  <ReviewCard key={review.id} review={review} onDone={reload} />
                ))}
              </ul>
            )
          }
        </Loaded>
      </div>
      <Pagination
        page={page}
        pages={pages}
        hrefFor={(target) => `?${new URLSearchParams({ status, page: String(target) }).toString()}`}
      />
    </section>
  );
}

function ReviewCard({ review, onDone }: { review: TAdminReview; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const act = async (what: 'approve' | 'reject') => {
    if (what === 'reject' && !reason) return setError('Choose the reason the shopper will read');
    setBusy(what);
    setError(null);
    const answer = await staffApi
      .post(`/admin/reviews/${what}`, what === 'reject' ? { id: review.id, reason } : { id: review.id }, { silent: true })
      .catch(failed);
    setBusy(null);
    if (answer.code === CODE_OK) onDone();
    else setError(answer.msg);
  };

  return (
    <li className="rounded-lg border border-gray-200 bg-white p-4" data-review={review.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <a href={review.goods_url} className="font-medium text-gray-900 underline underline-offset-4">
          {review.goods_name}
        </a>
        <span className="text-sm text-gray-600">
          {review.author} · order {review.order_id} · {day(review.created_at)}
        </span>
      </div>
      <p className="mt-1 text-amber-700" role="img" aria-label={`${review.rating} stars out of 5`}>
        {stars(review.rating)}
      </p>
      <p className="mt-2 text-sm whitespace-pre-wrap text-gray-800">{review.content}</p>
      {review.images.length ? (
        <ul className="mt-2 flex flex-wrap gap-2">
          {review.images.map((image) => (
            <li key={image}>
              <img
                src={image}
                alt={`From ${review.author}'s review of ${review.goods_name}`}
                width={80}
                height={80}
                className="size-20 rounded object-cover"
              />
            </li>
          ))}
        </ul>
      ) : null}
      {review.held_for ? <p className="mt-2 text-sm text-amber-900">Held for moderation: {review.held_for}</p> : null}
      {review.reject_reason ? <p className="mt-2 text-sm text-red-800">Rejected: {review.reject_reason}</p> : null}
      {review.status === 'pending' ? (
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <Button onClick={() => void act('approve')} busy={busy === 'approve'}>
            Approve
          </Button>
          <label className="flex flex-col gap-1 text-sm text-gray-800">
            Reason to reject
            <select
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              className="min-h-11 rounded-md border border-gray-300 bg-white px-2"
            >
              <option value="">Choose…</option>
              {REVIEW_REJECT_REASONS.map((text) => (
                <option key={text} value={text}>
                  {text}
                </option>
              ))}
            </select>
          </label>
          <Button variant="secondary" onClick={() => void act('reject')} busy={busy === 'reject'}>
            Reject
          </Button>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {review.status === 'published' ? <ReplyEditor review={review} onDone={onDone} /> : null}
    </li>
  );
}

/** The shop's public reply under a published review: written, edited, or removed (sent empty). */
function ReplyEditor({ review, onDone }: { review: TAdminReview; onDone: () => void }) {
  const id = useId();
  const [text, setText] = useState(review.reply?.content ?? '');
  const [busy, setBusy] = useState<'save' | 'remove' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const send = async (what: 'save' | 'remove') => {
    const content = what === 'remove' ? '' : text.trim();
    if (what === 'save' && !content) return setError('Write the reply, or remove it');
    setBusy(what);
    setError(null);
    setSaved(null);
    const answer = await staffApi.post(ReviewPaths.adminReply, { id: review.id, content }, { silent: true }).catch(failed);
    setBusy(null);
    if (answer.code !== CODE_OK) return setError(answer.msg);
    if (what === 'remove') setText('');
    setSaved(answer.msg);
    onDone();
  };

  const described = [error ? `${id}-error` : null, `${id}-hint`].filter(Boolean).join(' ');
  return (
    <div className="mt-3 border-t border-gray-200 pt-3">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        Public reply from the shop
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={REVIEW_REPLY_MAX}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className={cx(
          'mt-1 w-full rounded-md border bg-white p-3 text-base text-gray-900 focus:outline-2 focus:outline-gray-900',
          error ? 'border-red-600' : 'border-gray-300',
        )}
      />
      <p id={`${id}-hint`} className="text-xs text-gray-600">
        {review.reply
          ? `Shown under the review since ${day(review.reply.replied_at)}. `
          : 'Shown under the review on the product page. '}
        {text.length}/{REVIEW_REPLY_MAX} characters.
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <Button onClick={() => void send('save')} busy={busy === 'save'}>
          {review.reply ? 'Save reply' : 'Publish reply'}
        </Button>
        {review.reply ? (
          <Button variant="secondary" onClick={() => void send('remove')} busy={busy === 'remove'}>
            Remove reply
          </Button>
        ) : null}
        <p role="status" className="text-sm text-green-800">
          {saved}
        </p>
      </div>
    </div>
  );
}
