import type { TMailDetail, TMailSummary } from '@shop/contracts/mail';
import {
  MAIL_SEARCH_MAX_LENGTH,
  MAIL_STATUS_LABELS,
  MAIL_STATUSES,
  MailPaths,
  mailDetailPath,
  type TMailStatus,
  textWithLinks,
} from '@shop/contracts/mail-rules';
import { roleMay } from '@shop/contracts/permissions';
import { Link, useSearchParams } from 'react-router';
import { type Columns, DataTable } from '../../components/office/data-table';
import { dateTime } from '../../components/office/date-time';
import { useFocusOnOpen } from '../../components/office/focus-on-open';
import { LoadFailed } from '../../components/office/load-state';
import { SearchBar } from '../../components/office/search-bar';
import { SelectField } from '../../components/ui/field';
import { Pagination } from '../../components/ui/pagination';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { NotAllowed, useOfficeStaff } from '../office';

const PAGE_SIZE = 20;

const isStatus = (value: string | null): value is TMailStatus => (MAIL_STATUSES as readonly string[]).includes(value ?? '');

/** The outbox's columns; a message's subject opens it on the page (`withParams` keeps the list's search). */
const mailColumns = (
  opened: number | null,
  withParams: (change: Record<string, string | null>) => string,
): Columns<TMailSummary> => [
  { header: 'Queued', className: 'whitespace-nowrap', cell: (mail) => dateTime(mail.created_at) },
  { header: 'To', className: 'break-all', cell: (mail) => mail.to },
  {
    header: 'Subject',
    cell: (mail) => (
      <Link
        to={withParams({ message: String(mail.id) })}
        preventScrollReset
        aria-current={mail.id === opened ? 'true' : undefined}
        className="inline-flex min-h-11 items-center font-medium text-gray-900 underline underline-offset-4"
      >
        {mail.subject}
      </Link>
    ),
  },
  {
    header: 'Status',
    cell: (mail) => (
      <>
        {MAIL_STATUS_LABELS[mail.status]}
        {mail.status === 'failed' || (mail.status === 'pending' && mail.attempts > 0) ? (
          <span className="block text-gray-600">
            {mail.attempts} {mail.attempts === 1 ? 'attempt' : 'attempts'}
          </span>
        ) : null}
      </>
    ),
  },
];

/**
 * /office/mail: the mail outbox (mail.view, administrators; decision 0046) — what the shop sent to
 * whom, when and how it went, searched by recipient. A message opens with its text and its links
 * clickable, so a shop without SMTP can still follow a password-reset link.
 */
export function MailPage() {
  const staff = useOfficeStaff();
  const allowed = roleMay(staff.role, 'mail.view');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const to = params.get('to') ?? '';
  const status = isStatus(params.get('status')) ? (params.get('status') as TMailStatus) : undefined;
  const opened = Number(params.get('message') ?? 0) || null;
  const query = { page, page_size: PAGE_SIZE, to: to || undefined, status };
  const { load, retry } = useLoad(allowed ? JSON.stringify(query) : null, () =>
    staffApi.get<{ data: TMailSummary[]; total: number }>(MailPaths.list, { query, silent: true }),
  );

  if (!allowed) return <NotAllowed what="the mail outbox" />;
  const list = load.status === 'ready' ? load.value : null;
  const rows = list?.data ?? [];
  const withParams = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    return `?${next.toString()}`;
  };
  const filter = (change: Record<string, string | null>) =>
    setParams(new URLSearchParams(withParams({ ...change, page: null, message: null })));

  return (
    <section aria-labelledby="mail-title" className="flex flex-col gap-4">
      <h1 id="mail-title" className="text-2xl font-semibold text-gray-900">
        Mail outbox
      </h1>
      <p className="text-sm text-gray-700">
        Every message the shop sends is kept here. Without SMTP it is not sent: open it here to read it and follow its links. Each
        opening is kept in the audit trail.
      </p>
      <SearchBar
        label="Search the mail"
        key={to}
        search={{
          label: 'Recipient',
          name: 'to',
          defaultValue: to,
          maxLength: MAIL_SEARCH_MAX_LENGTH,
          hint: 'Part of the address is enough.',
          className: 'flex-1 sm:max-w-sm',
        }}
        onSearch={(values) => filter({ to: values.to ?? '' })}
      >
        <SelectField
          label="Status"
          name="status"
          value={status ?? ''}
          onChange={(event) => filter({ status: event.target.value })}
          className="sm:w-64"
        >
          <option value="">Any status</option>
          {MAIL_STATUSES.map((value) => (
            <option key={value} value={value}>
              {MAIL_STATUS_LABELS[value]}
            </option>
          ))}
        </SelectField>
      </SearchBar>

      {opened ? <MailMessage key={opened} id={opened} closeHref={withParams({ message: null })} /> : null}

      <DataTable
        label="Messages"
        className="rounded-lg border border-gray-200 bg-white"
        minWidth="min-w-[720px]"
        caption={`Messages, newest first${list ? `, ${list.total} in all, page ${page}` : ''}`}
        columns={mailColumns(opened, withParams)}
        rows={rows}
        rowKey={(mail) => mail.id}
        rowProps={(mail) => ({
          className: `border-b border-gray-100 align-top last:border-0 ${mail.id === opened ? 'bg-gray-50' : ''}`,
          'data-mail': mail.id,
        })}
        state={{
          status: load.status,
          loading: 'Loading the mail…',
          failed: 'The mail could not be loaded.',
          empty: to || status ? 'No message matches the search.' : 'The shop has sent no mail yet.',
          retry,
        }}
      />
      <Pagination
        page={page}
        pages={list ? Math.ceil(list.total / PAGE_SIZE) : 0}
        hrefFor={(target) => withParams({ page: String(target) })}
      />
    </section>
  );
}

/** One message: who, when, how it went, and its text with each link a link. */
function MailMessage({ id, closeHref }: { id: number; closeHref: string }) {
  const heading = useFocusOnOpen();
  const { load, retry } = useLoad(String(id), () => staffApi.get<TMailDetail>(mailDetailPath(id), { silent: true }));
  return (
    <article aria-labelledby="message-title" className="rounded-lg border border-gray-900 bg-white p-4" data-message={id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="message-title" ref={heading} tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
          {load.status === 'ready' ? load.value.subject : 'Message'}
        </h2>
        <Link
          to={closeHref}
          preventScrollReset
          className="inline-flex min-h-11 items-center text-sm text-gray-900 underline underline-offset-4"
        >
          Close the message
        </Link>
      </div>
      {load.status === 'loading' ? (
        <p role="status" className="mt-2 text-gray-600">
          Loading the message…
        </p>
      ) : load.status === 'missing' ? (
        <p role="alert" className="mt-2 text-gray-800">
          There is no such message.
        </p>
      ) : load.status === 'failed' ? (
        <LoadFailed text="The message could not be loaded." retry={retry} className="mt-2" />
      ) : (
        <>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-gray-600">To</dt>
            <dd className="break-all text-gray-900">{load.value.to}</dd>
            <dt className="text-gray-600">Queued</dt>
            <dd className="text-gray-900">{dateTime(load.value.created_at)}</dd>
            <dt className="text-gray-600">Status</dt>
            <dd className="text-gray-900">
              {MAIL_STATUS_LABELS[load.value.status]}
              {load.value.sent_at ? `, ${dateTime(load.value.sent_at)}` : ''}
              {load.value.last_error ? ` — last error: ${load.value.last_error}` : ''}
            </dd>
          </dl>
          <div className="mt-3 rounded-md border border-gray-200 bg-gray-50 p-3 text-sm break-words whitespace-pre-wrap text-gray-900">
            {textWithLinks(load.value.text).map((part, index) =>
              part.kind === 'link' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in a fixed order
                <a key={index} href={part.href} rel="noreferrer" className="break-all text-blue-800 underline underline-offset-2">
                  {part.href}
                </a>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in a fixed order
                <span key={index}>{part.text}</span>
              ),
            )}
          </div>
        </>
      )}
    </article>
  );
}
