import type { TFeedbackEntry, TFeedbackList } from '@shop/contracts/feedback';
import { FEEDBACK_RATING_LABELS, FEEDBACK_RATING_MAX, FEEDBACK_RATINGS, FeedbackPaths } from '@shop/contracts/feedback-rules';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { type Columns, DataTable } from '../../components/office/data-table';
import { dateTime, day } from '../../components/office/date-time';
import { SearchBar } from '../../components/office/search-bar';
import { Button } from '../../components/ui/button';
import { Field, SelectField } from '../../components/ui/field';
import { Pagination } from '../../components/ui/pagination';
import { cx } from '../../lib/cx';
import { pageHref, pageOf } from '../../lib/page-address';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { FeedbackDetail } from './feedback-detail';
import { average } from './ratings-over-time';

const PAGE_SIZE = 20;
const DAY_MS = 86_400_000;

/** A YYYY-MM-DD field as the start of that UTC day in epoch ms, or undefined. */
export const dayStart = (value: string | null) => {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(ms) ? undefined : ms;
};

/** The list's request from the address: the "until" day is inclusive, up to the start of the day after it. */
export function inboxQuery(params: URLSearchParams) {
  const toStart = dayStart(params.get('to'));
  const ratingMax = Number(params.get('rating_max') ?? 0);
  return {
    page: pageOf(params),
    page_size: PAGE_SIZE,
    keyword: params.get('q') || undefined,
    from: dayStart(params.get('from')),
    to: toStart === undefined ? undefined : toStart + DAY_MS,
    rating_max: ratingMax >= 1 && ratingMax < FEEDBACK_RATING_MAX ? ratingMax : undefined,
  };
}

/** The averages of every feedback the filters find, one figure per rating. */
function Averages({ averages }: { averages: TFeedbackList['averages'] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Averages over all feedback">
      {FEEDBACK_RATINGS.map((rating) => (
        <div key={rating} className="rounded-lg border border-gray-200 bg-white p-3">
          <dt className="text-sm text-gray-700">{FEEDBACK_RATING_LABELS[rating]}</dt>
          <dd className="text-xl font-semibold text-gray-900">
            {average(averages[rating])}
            <span className="text-sm font-normal text-gray-600"> / {FEEDBACK_RATING_MAX}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The feedback's columns: each rating (the low ones marked), and the button that opens one. */
function inboxColumns(openId: number | null, onToggle: (id: number) => void): Columns<TFeedbackEntry> {
  return [
    { header: 'Sent', cell: (entry) => day(entry.create_time), className: 'whitespace-nowrap' },
    { header: 'Feedback', cell: (entry) => entry.feedback, className: 'max-w-xs truncate text-gray-900' },
    ...FEEDBACK_RATINGS.map((rating) => ({
      key: rating,
      header: FEEDBACK_RATING_LABELS[rating],
      align: 'right' as const,
      cell: (entry: TFeedbackEntry) => (
        <span className={cx(entry[rating] <= 2 && 'font-semibold text-red-800')}>{entry[rating]}</span>
      ),
    })),
    {
      header: 'Details',
      cell: (entry) => (
        <Button
          variant="secondary"
          className="px-3"
          aria-expanded={entry.id === openId}
          aria-label={`${entry.id === openId ? 'Close' : 'Open'} the feedback of ${dateTime(entry.create_time)}`}
          onClick={() => onToggle(entry.id)}
        >
          {entry.id === openId ? 'Close' : 'Open'}
        </Button>
      ),
    },
  ];
}

/** The feedback received: filtered by text, days and low ratings in the address, paged, each opened above the list. */
export function FeedbackInbox({ mayOpenCustomers }: { mayOpenCustomers: boolean }) {
  const [params, setParams] = useSearchParams();
  const query = inboxQuery(params);
  const { load, retry } = useLoad(JSON.stringify(query), () =>
    staffApi.get<TFeedbackList>(FeedbackPaths.staffList, { query, silent: true }),
  );
  const [openId, setOpenId] = useState<number | null>(null);
  const list = load.status === 'ready' ? load.value : null;
  const rows = list?.data ?? [];
  const opened = rows.find((entry) => entry.id === openId) ?? null;
  const filtered = Boolean(query.keyword || query.from || query.to || query.rating_max);

  const onFilter = (values: Record<string, string>) => {
    const next = new URLSearchParams();
    for (const name of ['q', 'from', 'to', 'rating_max']) if (values[name]) next.set(name, values[name]);
    setOpenId(null);
    setParams(next);
  };
  const hrefFor = (target: number) => pageHref(params, target);

  return (
    <section aria-labelledby="inbox-title" className="flex flex-col gap-4">
      <h2 id="inbox-title" className="text-lg font-semibold text-gray-900">
        Inbox
      </h2>
      {list && list.averages.count > 0 ? <Averages averages={list.averages} /> : null}
      <SearchBar
        key={params.toString()}
        label="Filter the feedback"
        search={{ label: 'Text or page', defaultValue: params.get('q') ?? '', maxLength: 100, className: '' }}
        submitLabel="Filter"
        onSearch={onFilter}
        onClear={
          filtered
            ? () => {
                setOpenId(null);
                setParams({});
              }
            : undefined
        }
        className="grid gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto_auto] lg:items-end"
      >
        <Field label="From (UTC)" name="from" type="date" defaultValue={params.get('from') ?? ''} />
        <Field label="Until (UTC, inclusive)" name="to" type="date" defaultValue={params.get('to') ?? ''} />
        <SelectField label="Ratings" name="rating_max" defaultValue={query.rating_max ? String(query.rating_max) : ''}>
          <option value="">Any</option>
          {[1, 2, 3, 4].map((value) => (
            <option key={value} value={value}>
              One at {value} or lower
            </option>
          ))}
        </SelectField>
      </SearchBar>

      {opened ? (
        <FeedbackDetail key={opened.id} entry={opened} mayOpenCustomers={mayOpenCustomers} onClose={() => setOpenId(null)} />
      ) : null}

      <DataTable
        label="Feedback"
        caption={`Feedback, newest first${list ? `, ${list.total} found, page ${query.page}` : ''}`}
        className="rounded-lg border border-gray-200 bg-white"
        minWidth="min-w-[720px]"
        columns={inboxColumns(openId, (id) => setOpenId(id === openId ? null : id))}
        rows={rows}
        rowKey={(entry) => entry.id}
        rowProps={(entry) => ({ className: 'border-b border-gray-100 align-top last:border-0', 'data-feedback': entry.id })}
        state={{
          status: load.status,
          loading: 'Loading feedback…',
          failed: 'The feedback could not be loaded.',
          empty: filtered ? 'No feedback matches these filters.' : 'No feedback yet.',
          retry,
        }}
      />
      <Pagination page={query.page} pages={list ? Math.ceil(list.total / PAGE_SIZE) : 0} hrefFor={hrefFor} />
    </section>
  );
}
