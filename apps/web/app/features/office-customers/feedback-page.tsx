import type { TFeedbackEntry, TFeedbackList, TFeedbackTrend } from '@shop/contracts/feedback';
import {
  FEEDBACK_PERIODS,
  FEEDBACK_RATING_LABELS,
  FEEDBACK_RATING_MAX,
  FEEDBACK_RATINGS,
  FeedbackPaths,
  type FeedbackPeriod,
  type FeedbackRating,
} from '@shop/contracts/feedback-rules';
import { roleMay } from '@shop/contracts/permissions';
import { type FormEvent, lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { dateTime, day } from '../../components/office/date-time';
import { useFocusOnOpen } from '../../components/office/focus-on-open';
import { ScrollBox } from '../../components/office/scroll-box';
import { TableBody } from '../../components/office/table-body';
import type { TimeSeries } from '../../components/office/time-chart';
import { Button } from '../../components/ui/button';
import { Field, SelectField } from '../../components/ui/field';
import { Pagination } from '../../components/ui/pagination';
import { cx } from '../../lib/cx';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { NotAllowed, OFFICE_PATH, useOfficeStaff } from '../office';

const TimeChart = lazy(() => import('../../components/office/time-chart'));

const PAGE_SIZE = 20;
const DAY_MS = 86_400_000;

/** Each rating's line: its colour and, so they differ by more than colour, its dash. */
const LINES: Record<FeedbackRating, { color: string; dash?: number[] }> = {
  product_rating: { color: '#111827' },
  delivery_rating: { color: '#1d4ed8', dash: [8, 4] },
  service_rating: { color: '#b45309', dash: [2, 3] },
  trust_recommend_rating: { color: '#047857', dash: [12, 4, 2, 4] },
};
const RATING_RANGE: [number, number] = [0, FEEDBACK_RATING_MAX];
const oneDecimal = (value: number) => value.toFixed(1);
const average = (value: number | null) => (value === null ? '—' : value.toFixed(2));
/** A YYYY-MM-DD field as the start of that UTC day in epoch ms, or undefined. */
const dayStart = (value: string | null) => {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(ms) ? undefined : ms;
};

/** /office/feedback: the feedback widget's inbox and its four ratings over time (feedback.view). */
export function FeedbackPage() {
  const staff = useOfficeStaff();
  const allowed = roleMay(staff.role, 'feedback.view');
  if (!allowed) return <NotAllowed what="reading feedback" />;
  return (
    <section aria-labelledby="feedback-title" className="flex flex-col gap-4">
      <h1 id="feedback-title" className="text-2xl font-semibold text-gray-900">
        Feedback
      </h1>
      <RatingsOverTime />
      <FeedbackInbox mayOpenCustomers={roleMay(staff.role, 'customers.view')} />
    </section>
  );
}

function RatingsOverTime() {
  const [by, setBy] = useState<FeedbackPeriod>('week');
  const { load, retry } = useLoad(by, () =>
    staffApi.get<TFeedbackTrend>(FeedbackPaths.staffAverages, { query: { by }, silent: true }),
  );
  const trend = load.status === 'ready' ? load.value : null;
  const chart = useMemo(() => {
    if (!trend) return null;
    const series: TimeSeries[] = FEEDBACK_RATINGS.map((rating) => ({
      label: FEEDBACK_RATING_LABELS[rating],
      values: trend.periods.map((period) => period[rating]),
      kind: 'line',
      ...LINES[rating],
    }));
    return { days: trend.periods.map((period) => period.start), series };
  }, [trend]);
  const withFeedback = trend ? trend.periods.filter((period) => period.count > 0) : [];
  const unit = by === 'week' ? 'week' : 'day';

  return (
    <section aria-labelledby="trend-title" className="rounded-lg border border-gray-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="trend-title" className="text-lg font-semibold text-gray-900">
          Average ratings by {unit}
          {trend ? `, last ${trend.periods.length} ${unit}s` : ''}
        </h2>
        <fieldset className="flex gap-2">
          <legend className="sr-only">Average by</legend>
          {FEEDBACK_PERIODS.map((period) => (
            <button
              key={period}
              type="button"
              aria-pressed={period === by}
              onClick={() => setBy(period)}
              className={cx(
                'min-h-11 rounded-md px-4 text-sm focus-visible:outline-2 focus-visible:outline-gray-900',
                period === by ? 'bg-gray-900 font-semibold text-white' : 'border border-gray-300 bg-white text-gray-800',
              )}
            >
              By {period}
            </button>
          ))}
        </fieldset>
      </div>
      {load.status === 'loading' ? (
        <p role="status" className="mt-3 text-gray-600">
          Loading the ratings…
        </p>
      ) : load.status !== 'ready' || !chart || !trend ? (
        <div className="mt-3">
          <p role="alert" className="text-red-800">
            The ratings could not be loaded.
          </p>
          <Button variant="secondary" onClick={retry} className="mt-2">
            Try again
          </Button>
        </div>
      ) : withFeedback.length === 0 ? (
        <p className="mt-3 text-gray-700">No feedback in these {unit}s yet.</p>
      ) : (
        <>
          <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-800" aria-label="The chart's lines">
            {FEEDBACK_RATINGS.map((rating) => (
              <li key={rating} className="flex items-center gap-2">
                <svg width="28" height="8" aria-hidden="true">
                  <line
                    x1="0"
                    y1="4"
                    x2="28"
                    y2="4"
                    stroke={LINES[rating].color}
                    strokeWidth="2"
                    strokeDasharray={LINES[rating].dash?.join(' ')}
                  />
                </svg>
                {FEEDBACK_RATING_LABELS[rating]}
              </li>
            ))}
          </ul>
          <div className="mt-2 min-h-[220px]">
            <Suspense fallback={<div className="h-[220px] animate-pulse rounded bg-gray-100" />}>
              <TimeChart name="ratings" days={chart.days} series={chart.series} format={oneDecimal} range={RATING_RANGE} />
            </Suspense>
          </div>
          <details className="mt-3 text-sm">
            <summary className="min-h-11 cursor-pointer content-center text-gray-800">The figures by {unit}</summary>
            <ScrollBox label={`The figures by ${unit}`} className="max-h-72 overflow-y-auto">
              <table className="w-full text-left">
                <caption className="sr-only">
                  Average of each rating by {unit}, from 1 to {FEEDBACK_RATING_MAX}, newest first
                </caption>
                <thead>
                  <tr className="text-gray-700">
                    <th scope="col" className="py-1 pr-3">
                      {by === 'week' ? 'Week of' : 'Day'}
                    </th>
                    <th scope="col" className="py-1 pr-3 text-right">
                      Feedback
                    </th>
                    {FEEDBACK_RATINGS.map((rating) => (
                      <th key={rating} scope="col" className="py-1 pr-3 text-right">
                        {FEEDBACK_RATING_LABELS[rating]}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {[...trend.periods].reverse().map((period) => (
                    <tr key={period.start} className="border-t border-gray-100">
                      <td className="py-1 pr-3 whitespace-nowrap">{period.start}</td>
                      <td className="py-1 pr-3 text-right">{period.count}</td>
                      {FEEDBACK_RATINGS.map((rating) => (
                        <td key={rating} className="py-1 pr-3 text-right">
                          {average(period[rating])}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollBox>
          </details>
        </>
      )}
    </section>
  );
}

function FeedbackInbox({ mayOpenCustomers }: { mayOpenCustomers: boolean }) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const keyword = params.get('q') ?? '';
  const fromDay = params.get('from') ?? '';
  const toDay = params.get('to') ?? '';
  const ratingMax = Number(params.get('rating_max') ?? 0);
  const from = dayStart(fromDay);
  const toStart = dayStart(toDay);
  const query = {
    page,
    page_size: PAGE_SIZE,
    keyword: keyword || undefined,
    from,
    // the "until" day is inclusive: up to the start of the day after it
    to: toStart === undefined ? undefined : toStart + DAY_MS,
    rating_max: ratingMax >= 1 && ratingMax < FEEDBACK_RATING_MAX ? ratingMax : undefined,
  };
  const { load, retry } = useLoad(JSON.stringify(query), () =>
    staffApi.get<TFeedbackList>(FeedbackPaths.staffList, { query, silent: true }),
  );
  const [openId, setOpenId] = useState<number | null>(null);
  const list = load.status === 'ready' ? load.value : null;
  const rows = list?.data ?? [];
  const opened = rows.find((entry) => entry.id === openId) ?? null;
  const filtered = Boolean(query.keyword || query.from || query.to || query.rating_max);

  const onFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of ['q', 'from', 'to', 'rating_max']) {
      const value = String(data.get(name) ?? '').trim();
      if (value) next.set(name, value);
    }
    setOpenId(null);
    setParams(next);
  };
  const hrefFor = (target: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(target));
    return `?${next.toString()}`;
  };

  return (
    <section aria-labelledby="inbox-title" className="flex flex-col gap-4">
      <h2 id="inbox-title" className="text-lg font-semibold text-gray-900">
        Inbox
      </h2>
      {list && list.averages.count > 0 ? (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Averages over all feedback">
          {FEEDBACK_RATINGS.map((rating) => (
            <div key={rating} className="rounded-lg border border-gray-200 bg-white p-3">
              <dt className="text-sm text-gray-700">{FEEDBACK_RATING_LABELS[rating]}</dt>
              <dd className="text-xl font-semibold text-gray-900">
                {average(list.averages[rating])}
                <span className="text-sm font-normal text-gray-600"> / {FEEDBACK_RATING_MAX}</span>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      <div className="rounded-lg border border-gray-200 bg-white p-4">
        <form
          key={params.toString()}
          aria-label="Filter the feedback"
          onSubmit={onFilter}
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end"
        >
          <Field label="Text or page" name="q" type="search" defaultValue={keyword} maxLength={100} />
          <Field label="From (UTC)" name="from" type="date" defaultValue={fromDay} />
          <Field label="Until (UTC, inclusive)" name="to" type="date" defaultValue={toDay} />
          <SelectField label="Ratings" name="rating_max" defaultValue={query.rating_max ? String(query.rating_max) : ''}>
            <option value="">Any</option>
            {[1, 2, 3, 4].map((value) => (
              <option key={value} value={value}>
                One at {value} or lower
              </option>
            ))}
          </SelectField>
          <div className="flex gap-2">
            <Button type="submit">Filter</Button>
            {filtered ? (
              <Button
                variant="secondary"
                onClick={() => {
                  setOpenId(null);
                  setParams({});
                }}
              >
                Clear
              </Button>
            ) : null}
          </div>
        </form>
      </div>

      {opened ? (
        <FeedbackDetail key={opened.id} entry={opened} mayOpenCustomers={mayOpenCustomers} onClose={() => setOpenId(null)} />
      ) : null}

      <ScrollBox label="Feedback" className="rounded-lg border border-gray-200 bg-white">
        <table className="w-full min-w-[720px] text-left text-sm">
          <caption className="sr-only">Feedback, newest first{list ? `, ${list.total} found, page ${page}` : ''}</caption>
          <thead className="border-b border-gray-200 bg-gray-50 text-gray-700">
            <tr>
              <Th>Sent</Th>
              <Th>Feedback</Th>
              {FEEDBACK_RATINGS.map((rating) => (
                <Th key={rating} className="text-right">
                  {FEEDBACK_RATING_LABELS[rating]}
                </Th>
              ))}
              <Th>Details</Th>
            </tr>
          </thead>
          <TableBody
            status={load.status}
            count={rows.length}
            columns={7}
            loading="Loading feedback…"
            failed="The feedback could not be loaded."
            empty={filtered ? 'No feedback matches these filters.' : 'No feedback yet.'}
            retry={retry}
          >
            {rows.map((entry) => (
              <tr key={entry.id} className="border-b border-gray-100 align-top last:border-0" data-feedback={entry.id}>
                <td className="px-3 py-2 whitespace-nowrap">{day(entry.create_time)}</td>
                <td className="max-w-xs truncate px-3 py-2 text-gray-900">{entry.feedback}</td>
                {FEEDBACK_RATINGS.map((rating) => (
                  <td key={rating} className={cx('px-3 py-2 text-right', entry[rating] <= 2 && 'font-semibold text-red-800')}>
                    {entry[rating]}
                  </td>
                ))}
                <td className="px-3 py-2">
                  <Button
                    variant="secondary"
                    className="px-3"
                    aria-expanded={entry.id === openId}
                    aria-label={`${entry.id === openId ? 'Close' : 'Open'} the feedback of ${dateTime(entry.create_time)}`}
                    onClick={() => setOpenId(entry.id === openId ? null : entry.id)}
                  >
                    {entry.id === openId ? 'Close' : 'Open'}
                  </Button>
                </td>
              </tr>
            ))}
          </TableBody>
        </table>
      </ScrollBox>
      <Pagination page={page} pages={list ? Math.ceil(list.total / PAGE_SIZE) : 0} hrefFor={hrefFor} />
    </section>
  );
}

function Th({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <th scope="col" className={cx('px-3 py-2 font-medium', className)}>
      {children}
    </th>
  );
}

function FeedbackDetail({
  entry,
  mayOpenCustomers,
  onClose,
}: {
  entry: TFeedbackEntry;
  mayOpenCustomers: boolean;
  onClose: () => void;
}) {
  const heading = useFocusOnOpen();
  return (
    <article
      aria-labelledby="feedback-detail-title"
      className="rounded-lg border border-gray-900 bg-white p-4"
      data-detail={entry.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3
          id="feedback-detail-title"
          ref={heading}
          tabIndex={-1}
          className="text-lg font-semibold text-gray-900 focus:outline-none"
        >
          Feedback of {dateTime(entry.create_time)}
        </h3>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
      <p className="mt-2 break-words whitespace-pre-wrap text-gray-900">{entry.feedback}</p>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {FEEDBACK_RATINGS.map((rating) => (
          <div key={rating} className="contents">
            <dt className="text-gray-600">{FEEDBACK_RATING_LABELS[rating]}</dt>
            <dd className="text-gray-900">
              {entry[rating]} of {FEEDBACK_RATING_MAX}
            </dd>
          </div>
        ))}
        <dt className="text-gray-600">Sent from</dt>
        <dd className="break-all text-gray-900">{entry.website || 'not given'}</dd>
        <dt className="text-gray-600">Shopper</dt>
        <dd className="text-gray-900">
          {entry.user_id === null ? (
            'Not signed in'
          ) : mayOpenCustomers ? (
            <Link to={`${OFFICE_PATH}/customers/${entry.user_id}`} className="underline underline-offset-4">
              Customer {entry.user_id}
            </Link>
          ) : (
            `Customer ${entry.user_id}`
          )}
        </dd>
      </dl>
    </article>
  );
}
