import type { TFeedbackTrend } from '@shop/contracts/feedback';
import {
  FEEDBACK_PERIODS,
  FEEDBACK_RATING_LABELS,
  FEEDBACK_RATING_MAX,
  FEEDBACK_RATINGS,
  FeedbackPaths,
  type FeedbackPeriod,
  type FeedbackRating,
} from '@shop/contracts/feedback-rules';
import { lazy, Suspense, useMemo, useState } from 'react';
import { type Columns, DataTable } from '../../components/office/data-table';
import { Loaded } from '../../components/office/load-state';
import type { TimeSeries } from '../../components/office/time-chart';
import { cx } from '../../lib/cx';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';

const TimeChart = lazy(() => import('../../components/office/time-chart'));

/** Each rating's line: its colour and, so they differ by more than colour, its dash. */
const LINES: Record<FeedbackRating, { color: string; dash?: number[] }> = {
  product_rating: { color: '#111827' },
  delivery_rating: { color: '#1d4ed8', dash: [8, 4] },
  service_rating: { color: '#b45309', dash: [2, 3] },
  trust_recommend_rating: { color: '#047857', dash: [12, 4, 2, 4] },
};
const RATING_RANGE: [number, number] = [0, FEEDBACK_RATING_MAX];
const oneDecimal = (value: number) => value.toFixed(1);

/** An average to two decimals, or a dash for a period without feedback. */
export const average = (value: number | null) => (value === null ? '—' : value.toFixed(2));

type Period = TFeedbackTrend['periods'][number];

/** The chart's lines named, each drawn as it is in the chart. */
function ChartKey() {
  return (
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
  );
}

/** The chart's figures in a table (newest first), for screen readers and for reading them exactly. */
function FiguresTable({ periods, by }: { periods: Period[]; by: FeedbackPeriod }) {
  const unit = by === 'week' ? 'week' : 'day';
  const columns: Columns<Period> = [
    { header: by === 'week' ? 'Week of' : 'Day', cell: (period) => period.start, className: 'whitespace-nowrap' },
    { header: 'Feedback', cell: (period) => period.count, align: 'right' },
    ...FEEDBACK_RATINGS.map((rating) => ({
      key: rating,
      header: FEEDBACK_RATING_LABELS[rating],
      cell: (period: Period) => average(period[rating]),
      align: 'right' as const,
    })),
  ];
  return (
    <details className="mt-3 text-sm">
      <summary className="min-h-11 cursor-pointer content-center text-gray-800">The figures by {unit}</summary>
      <DataTable
        label={`The figures by ${unit}`}
        caption={`Average of each rating by ${unit}, from 1 to ${FEEDBACK_RATING_MAX}, newest first`}
        className="max-h-72 overflow-y-auto"
        headClassName="text-gray-700"
        cellPadding="py-1 pr-3"
        headerCellClassName=""
        columns={columns}
        rows={[...periods].reverse()}
        rowKey={(period) => period.start}
        rowProps={() => ({ className: 'border-t border-gray-100' })}
      />
    </details>
  );
}

/** The four ratings' averages by week or by day: a chart, its key, and its figures in a table. */
export function RatingsOverTime() {
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
      <Loaded load={load} retry={retry} loading="Loading the ratings…" failed="The ratings could not be loaded." className="mt-3">
        {(value) =>
          withFeedback.length === 0 || !chart ? (
            <p className="mt-3 text-gray-700">No feedback in these {unit}s yet.</p>
          ) : (
            <>
              <ChartKey />
              <div className="mt-2 min-h-[220px]">
                <Suspense fallback={<div className="h-[220px] animate-pulse rounded bg-gray-100" />}>
                  <TimeChart name="ratings" days={chart.days} series={chart.series} format={oneDecimal} range={RATING_RANGE} />
                </Suspense>
              </div>
              <FiguresTable periods={value.periods} by={by} />
            </>
          )
        }
      </Loaded>
    </section>
  );
}
