import type { TChatReport } from '@shop/contracts/chat-offline';
import { roleMay } from '@shop/contracts/permissions';
import { type FormEvent, lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type Columns, DataTable } from '../../components/office/data-table';
import { LoadFailed } from '../../components/office/load-state';
import type { TimeSeries } from '../../components/office/time-chart';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { NotAllowed, useOfficeStaff } from '../office';

const TimeChart = lazy(() => import('../../components/office/time-chart'));

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 30;
const REPORTS_PATH = '/admin/chat/reports';
const isDay = (value: string | null): value is string => !!value && /^\d{4}-\d{2}-\d{2}$/.test(value);
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** 45 s, 3 min 5 s, 2 h 10 min: a duration as people say it. */
export function duration(ms: number | null): string {
  if (ms === null) return '—';
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}
const stars = (value: number | null) => (value === null ? '—' : `${value.toFixed(2)} of 5`);
const minutesAxis = (value: number) => `${Math.round(value)} min`;
const wholeAxis = (value: number) => String(Math.round(value));

/** /office/chat-reports: the support desk's figures over a chosen range of UTC days (chat.reports). */
export function ChatReportsPage() {
  const staff = useOfficeStaff();
  const allowed = roleMay(staff.role, 'chat.reports');
  const [params, setParams] = useSearchParams();
  const today = utcDay(Date.now());
  const to = isDay(params.get('to')) ? (params.get('to') as string) : today;
  const from = isDay(params.get('from'))
    ? (params.get('from') as string)
    : utcDay(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * DAY_MS);
  const [draft, setDraft] = useState({ from, to });
  const key = `${from}/${to}`;
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    setDraft({ from, to });
  }
  const { load, retry } = useLoad(allowed ? key : null, () =>
    staffApi.get<TChatReport>(REPORTS_PATH, { query: { from, to }, silent: true }),
  );
  const [problem, setProblem] = useState<string | null>(null);

  if (!allowed) return <NotAllowed what="reading the chat reports" />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    // the server's rules say what is wrong with a range; the address changes only for a good one
    const answer = await staffApi
      .get<TChatReport>(REPORTS_PATH, { query: draft, silent: true })
      .catch(() => ({ code: 0, msg: 'The report could not be loaded.', result: null }));
    if (answer.code !== 200) {
      const fields = (answer.result as { fields?: Record<string, string> } | null)?.fields;
      setProblem(fields ? (Object.values(fields)[0] ?? answer.msg) : answer.msg);
      return;
    }
    setParams({ from: draft.from, to: draft.to });
  };

  return (
    <section aria-labelledby="reports-title" className="flex min-w-0 flex-col gap-4">
      <div>
        <h1 id="reports-title" className="text-2xl font-semibold text-gray-900">
          Chat reports
        </h1>
        <p className="mt-1 text-sm text-gray-700">
          How fast visitors were answered and helped, and how they rated it. Days are UTC days; a conversation counts on the day
          it began, for the agent it is assigned to now.
        </p>
      </div>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label="Report range"
        className="flex flex-wrap items-end gap-3 rounded-lg border border-gray-200 bg-white p-4"
      >
        <Field
          label="From"
          type="date"
          value={draft.from}
          onChange={(event) => setDraft((current) => ({ ...current, from: event.target.value }))}
        />
        <Field
          label="To"
          type="date"
          value={draft.to}
          onChange={(event) => setDraft((current) => ({ ...current, to: event.target.value }))}
        />
        <Button type="submit">Show the report</Button>
        {problem ? (
          <p role="alert" className="basis-full text-sm text-red-800">
            {problem}
          </p>
        ) : null}
      </form>

      {load.status === 'loading' ? (
        <p role="status" className="text-gray-600">
          Loading the report…
        </p>
      ) : load.status !== 'ready' ? (
        <LoadFailed text="The report could not be loaded." retry={retry} />
      ) : (
        <Report report={load.value} />
      )}
    </section>
  );
}

function Report({ report }: { report: TChatReport }) {
  const { totals } = report;
  const charts = useMemo(() => {
    const days = report.days.map((day) => day.day);
    const conversations: TimeSeries[] = [
      {
        label: 'Conversations',
        values: report.days.map((day) => day.conversations),
        kind: 'bars',
        color: '#111827',
        fill: '#374151',
      },
    ];
    const response: TimeSeries[] = [
      {
        label: 'Average first response (minutes)',
        values: report.days.map((day) => (day.first_response_avg_ms === null ? null : day.first_response_avg_ms / 60_000)),
        kind: 'line',
        color: '#1d4ed8',
      },
    ];
    return { days, conversations, response };
  }, [report]);

  if (totals.conversations === 0 && totals.csat_count === 0) {
    return (
      <p className="rounded-lg border border-gray-200 bg-white p-6 text-center text-gray-700" data-report-empty="">
        No conversations and no ratings from {report.from} to {report.to}. Choose other days to see figures.
      </p>
    );
  }

  return (
    <div className="flex min-w-0 flex-col gap-4" data-report="">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <Figure
          label="Conversations"
          value={String(totals.conversations)}
          note={`${totals.answered} answered, ${totals.resolved} resolved`}
        />
        <Figure
          label="First response, average"
          value={duration(totals.first_response_avg_ms)}
          note={`median ${duration(totals.first_response_median_ms)}`}
        />
        <Figure
          label="Resolution time, average"
          value={duration(totals.resolution_avg_ms)}
          note={`median ${duration(totals.resolution_median_ms)}`}
        />
        <Figure
          label="Satisfaction (CSAT)"
          value={stars(totals.csat_average)}
          note={
            totals.csat_count
              ? `${totals.csat_count} ${totals.csat_count === 1 ? 'rating' : 'ratings'}, ${totals.csat_satisfied_pct}% gave 4 or 5`
              : 'no ratings'
          }
        />
      </dl>

      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        <ChartBox title="Conversations per day">
          <TimeChart name="conversations" days={charts.days} series={charts.conversations} format={wholeAxis} />
        </ChartBox>
        <ChartBox title="Average first response per day">
          <TimeChart name="first-response" days={charts.days} series={charts.response} format={minutesAxis} />
        </ChartBox>
      </div>

      <ReportTable
        label="Figures per day"
        caption={`Figures per day, ${report.from} to ${report.to}`}
        head={['Day', 'Conversations', 'First response, average', 'Resolved', 'Satisfaction']}
        rows={report.days.map((day) => [
          day.day,
          String(day.conversations),
          duration(day.first_response_avg_ms),
          String(day.resolved),
          stars(day.csat_average),
        ])}
        name="days"
      />
      <ReportTable
        label="Figures per agent"
        caption="Figures per agent, most conversations first"
        head={['Agent', 'Conversations', 'First response, average', 'Resolution, average', 'Resolved', 'Ratings', 'Satisfaction']}
        rows={report.agents.map((agent) => [
          agent.nickname,
          String(agent.conversations),
          duration(agent.first_response_avg_ms),
          duration(agent.resolution_avg_ms),
          String(agent.resolved),
          String(agent.csat_count),
          stars(agent.csat_average),
        ])}
        name="agents"
      />
      <ReportTable
        label="Ratings by stars"
        caption="How many ratings gave each number of stars"
        head={['Stars', 'Ratings']}
        rows={report.csat_stars.map((count, index) => [`${index + 1} ${index === 0 ? 'star' : 'stars'}`, String(count)])}
        name="stars"
      />
    </div>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-4">
      <dt className="text-sm text-gray-700">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-gray-900">{value}</dd>
      <dd className="text-sm text-gray-600">{note}</dd>
    </div>
  );
}

function ChartBox({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="min-w-0 rounded-lg border border-gray-200 bg-white p-4">
      <h2 className="text-lg font-semibold text-gray-900">{title}</h2>
      <p className="text-sm text-gray-600">The tables below hold the same figures.</p>
      <div className="mt-3">
        <Suspense fallback={<div className="h-[220px] animate-pulse rounded bg-gray-100" />}>{children}</Suspense>
      </div>
    </section>
  );
}

/** A report's figures as a table: the first column names each row, the others are right-aligned numbers. */
function ReportTable({
  label,
  caption,
  head,
  rows,
  name,
}: {
  label: string;
  caption: string;
  head: string[];
  rows: string[][];
  name: string;
}) {
  const columns: Columns<string[]> = head.map((title, index) =>
    index === 0
      ? { header: title, primary: true, className: 'whitespace-nowrap text-gray-900', cell: (row) => row[index] }
      : { header: title, align: 'right', className: 'whitespace-nowrap', cell: (row) => row[index] },
  );
  return (
    <DataTable
      label={label}
      className="rounded-lg border border-gray-200 bg-white"
      minWidth="min-w-[520px]"
      caption={caption}
      captionClassName="px-3 pt-3 text-left text-base font-semibold text-gray-900"
      tableData={{ 'data-report-table': name }}
      columns={columns}
      rows={rows}
      rowKey={(row) => row[0] ?? ''}
    />
  );
}
