import { CODE_OK } from '@shop/contracts';
import type { THelpRequestAssignee, THelpRequestDetail, THelpRequestList } from '@shop/contracts/help-requests';
import {
  fileSizeLabel,
  HELP_REQUEST_KIND_LABELS,
  HELP_REQUEST_KINDS,
  HELP_REQUEST_LIMITS,
  HELP_REQUEST_STATUS_LABELS,
  HELP_REQUEST_STATUSES,
  type HelpRequestKind,
  HelpRequestPaths,
  type HelpRequestStatus,
} from '@shop/contracts/help-requests-rules';
import { roleMay } from '@shop/contracts/permissions';
import { type FormEvent, useId, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { dateTime } from '../../components/office/date-time';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/field';
import { Pagination } from '../../components/ui/pagination';
import { isCancelled, saveFile } from '../../lib/api';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { NotAllowed, OFFICE_PATH, useOfficeStaff } from '../office';

const PAGE_SIZE = 20;
const REQUESTS_PATH = `${OFFICE_PATH}/requests`;
const pick = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

/** The staff members a request may be given to, for the filters and the assign form. */
function useAssignees(allowed: boolean) {
  const { load } = useLoad(allowed ? 'assignees' : null, () =>
    staffApi.get<THelpRequestAssignee[]>(HelpRequestPaths.staffAssignees, { silent: true }),
  );
  return load.status === 'ready' ? load.value : [];
}

/** /office/requests: the custom, tailor-made and wholesale requests, by kind, status and assignee (requests.handle). */
export function RequestsPage() {
  const staff = useOfficeStaff();
  const allowed = roleMay(staff.role, 'requests.handle');
  const [params, setParams] = useSearchParams();
  const kind = pick<HelpRequestKind>(HELP_REQUEST_KINDS, params.get('kind'));
  const status = pick<HelpRequestStatus>(HELP_REQUEST_STATUSES, params.get('status'));
  const assignee = params.get('assignee') ?? '';
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const query = { kind, status, assignee: assignee || undefined, page, page_size: PAGE_SIZE };
  const { load, retry } = useLoad(allowed ? JSON.stringify(query) : null, () =>
    staffApi.get<THelpRequestList>(HelpRequestPaths.staffList, { query, silent: true }),
  );
  const assignees = useAssignees(allowed);

  if (!allowed) return <NotAllowed what="handling requests" />;
  const pages = load.status === 'ready' ? Math.ceil(load.value.total / PAGE_SIZE) : 0;
  const onFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of ['kind', 'status', 'assignee']) {
      const value = String(data.get(name) ?? '');
      if (value) next.set(name, value);
    }
    setParams(next);
  };
  const hrefFor = (target: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(target));
    return `?${next.toString()}`;
  };

  return (
    <section aria-labelledby="requests-title" className="flex flex-col gap-4">
      <h1 id="requests-title" className="text-2xl font-semibold text-gray-900">
        Requests
      </h1>
      <form
        aria-label="Filter the requests"
        onSubmit={onFilter}
        className="grid gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-4 sm:items-end"
      >
        <SelectField label="Kind" name="kind" defaultValue={kind ?? ''} key={`kind-${kind}`}>
          <option value="">All kinds</option>
          {HELP_REQUEST_KINDS.map((value) => (
            <option key={value} value={value}>
              {HELP_REQUEST_KIND_LABELS[value]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Status" name="status" defaultValue={status ?? ''} key={`status-${status}`}>
          <option value="">All statuses</option>
          {HELP_REQUEST_STATUSES.map((value) => (
            <option key={value} value={value}>
              {HELP_REQUEST_STATUS_LABELS[value]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Assigned to" name="assignee" defaultValue={assignee} key={`assignee-${assignee}-${assignees.length}`}>
          <option value="">Anyone</option>
          <option value="me">Me</option>
          <option value="none">Nobody</option>
          {assignees.map((member) => (
            <option key={member.id} value={String(member.id)}>
              {member.nickname}
            </option>
          ))}
        </SelectField>
        <Button type="submit">Show</Button>
      </form>
      <div aria-busy={load.status === 'loading'}>
        {load.status === 'loading' ? (
          <p role="status" className="text-gray-600">
            Loading the requests…
          </p>
        ) : load.status !== 'ready' ? (
          <div>
            <p role="alert" className="text-red-800">
              The requests could not be loaded.
            </p>
            <Button variant="secondary" onClick={retry} className="mt-2">
              Try again
            </Button>
          </div>
        ) : load.value.data.length === 0 ? (
          <p className="rounded-lg border border-gray-200 bg-white p-6 text-gray-700">
            {kind || status || assignee ? 'No request matches these filters.' : 'No request has been sent yet.'}
          </p>
        ) : (
          <ul className="flex flex-col gap-2" aria-label="Requests, newest first">
            {load.value.data.map((row) => (
              <li key={row.id} className="rounded-lg border border-gray-200 bg-white p-4">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <Link
                    to={`${REQUESTS_PATH}/${row.id}`}
                    className="font-medium text-gray-900 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-gray-900"
                  >
                    #{row.id} {HELP_REQUEST_KIND_LABELS[row.kind]} from {row.name || 'an erased account'}
                    {row.company ? ` (${row.company})` : ''}
                  </Link>
                  <span className="text-sm text-gray-700">{HELP_REQUEST_STATUS_LABELS[row.status]}</span>
                </div>
                <p className="mt-1 text-sm break-all text-gray-700">
                  {row.email} · {dateTime(row.created_at)} · {row.files} {row.files === 1 ? 'file' : 'files'} ·{' '}
                  {row.assignee_name ? `held by ${row.assignee_name}` : 'not assigned'}
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
      <Pagination page={page} pages={pages} hrefFor={hrefFor} />
    </section>
  );
}

/**
 * Downloads a request's file through the staff's API client (the staff token goes in a header, so a
 * plain link could not) and saves it under the name it was sent with.
 */
async function download(requestId: number, file: { id: number; name: string }) {
  const answer = await staffApi.file(HelpRequestPaths.staffFile(requestId, file.id), { silent: true }).catch((error: unknown) => {
    // a second click on the same file: the newest download goes on
    if (isCancelled(error)) return null;
    throw error;
  });
  if (answer === null) return;
  if (answer.code !== CODE_OK || !answer.result) throw new Error('The file could not be downloaded');
  saveFile(answer.result.blob, file.name);
}

/** /office/requests/:id: one request with its files; assign it, answer it (the answer is e-mailed), close it. */
export function RequestPage() {
  const staff = useOfficeStaff();
  const allowed = roleMay(staff.role, 'requests.handle');
  const { id = '' } = useParams();
  const { load, retry, set } = useLoad(allowed ? id : null, () =>
    staffApi.get<THelpRequestDetail>(HelpRequestPaths.staffDetail(id), { silent: true }),
  );
  const assignees = useAssignees(allowed);
  if (!allowed) return <NotAllowed what="handling requests" />;
  return (
    <section aria-labelledby="request-title" className="flex flex-col gap-4">
      <Link to={REQUESTS_PATH} className="text-sm text-gray-800 underline underline-offset-4">
        All requests
      </Link>
      {load.status === 'loading' ? (
        <p role="status" className="text-gray-600">
          Loading the request…
        </p>
      ) : load.status === 'missing' ? (
        <h1 id="request-title" className="text-2xl font-semibold text-gray-900">
          This request does not exist
        </h1>
      ) : load.status !== 'ready' ? (
        <div>
          <h1 id="request-title" className="text-2xl font-semibold text-gray-900">
            Request
          </h1>
          <p role="alert" className="text-red-800">
            The request could not be loaded.
          </p>
          <Button variant="secondary" onClick={retry} className="mt-2">
            Try again
          </Button>
        </div>
      ) : (
        <RequestView request={load.value} assignees={assignees} onChange={set} />
      )}
    </section>
  );
}

function RequestView({
  request,
  assignees,
  onChange,
}: {
  request: THelpRequestDetail;
  assignees: THelpRequestAssignee[];
  onChange: (next: THelpRequestDetail) => void;
}) {
  const formId = useId();
  const [holder, setHolder] = useState(request.assignee_id === null ? '' : String(request.assignee_id));
  const [answer, setAnswer] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState<'assign' | 'answer' | 'close' | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const closed = request.status === 'closed';

  const act = async (what: 'assign' | 'answer' | 'close', payload: Record<string, unknown>) => {
    setBusy(what);
    setNotice(null);
    const path =
      what === 'assign'
        ? HelpRequestPaths.staffAssign
        : what === 'answer'
          ? HelpRequestPaths.staffAnswer
          : HelpRequestPaths.staffClose;
    const result = await staffApi
      .post<THelpRequestDetail>(path, { id: request.id, ...payload }, { silent: true })
      .catch((failure: unknown) => ({ code: 0, msg: failure instanceof Error ? failure.message : 'Not saved', result: null }));
    setBusy(null);
    setNotice({ ok: result.code === CODE_OK, text: result.msg });
    if (result.code === CODE_OK && result.result) {
      if (what === 'answer') setAnswer('');
      onChange(result.result);
    }
  };

  return (
    <>
      <h1 id="request-title" className="text-2xl font-semibold text-gray-900">
        Request #{request.id}: {HELP_REQUEST_KIND_LABELS[request.kind]}
      </h1>
      <dl className="grid gap-x-6 gap-y-2 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-[10rem_minmax(0,1fr)]">
        <dt className="text-sm text-gray-700">Status</dt>
        <dd className="text-gray-900">{HELP_REQUEST_STATUS_LABELS[request.status]}</dd>
        <dt className="text-sm text-gray-700">From</dt>
        <dd className="text-gray-900">{request.name || 'An erased account'}</dd>
        <dt className="text-sm text-gray-700">E-mail</dt>
        <dd className="break-all text-gray-900">{request.email || '—'}</dd>
        <dt className="text-sm text-gray-700">Phone</dt>
        <dd className="text-gray-900">{request.phone || '—'}</dd>
        {request.kind === 'wholesale' ? (
          <>
            <dt className="text-sm text-gray-700">Company</dt>
            <dd className="text-gray-900">{request.company}</dd>
          </>
        ) : null}
        <dt className="text-sm text-gray-700">Sent</dt>
        <dd className="text-gray-900">
          {dateTime(request.created_at)}
          {request.user_id ? (
            <>
              {' '}
              by{' '}
              <Link to={`${OFFICE_PATH}/customers/${request.user_id}`} className="underline underline-offset-4">
                customer {request.user_id}
              </Link>
            </>
          ) : (
            ' by a guest'
          )}
        </dd>
        <dt className="text-sm text-gray-700">Assigned to</dt>
        <dd className="text-gray-900">{request.assignee_name ?? 'Nobody'}</dd>
      </dl>
      <section aria-labelledby={`${formId}-description`} className="rounded-lg border border-gray-200 bg-white p-4">
        <h2 id={`${formId}-description`} className="text-lg font-semibold text-gray-900">
          Description
        </h2>
        <p className="mt-2 whitespace-pre-wrap break-words text-gray-800">{request.description}</p>
        <h3 className="mt-4 font-semibold text-gray-900">Files</h3>
        {request.file_list.length === 0 ? (
          <p className="mt-1 text-gray-700">No file attached.</p>
        ) : (
          <ul className="mt-1 flex flex-col gap-2">
            {request.file_list.map((file) => (
              <li key={file.id} className="flex flex-wrap items-center gap-2">
                <Button
                  variant="secondary"
                  onClick={() =>
                    void download(request.id, file).catch((failure: Error) => setNotice({ ok: false, text: failure.message }))
                  }
                >
                  Download {file.name}
                </Button>
                <span className="text-sm text-gray-700">
                  {file.mime}, {fileSizeLabel(file.size)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {request.answer ? (
        <section aria-labelledby={`${formId}-answer-title`} className="rounded-lg border border-gray-200 bg-white p-4">
          <h2 id={`${formId}-answer-title`} className="text-lg font-semibold text-gray-900">
            Answer sent
          </h2>
          <p className="mt-1 text-sm text-gray-700">
            {request.answered_by ?? 'Staff'}, {request.answered_at ? dateTime(request.answered_at) : ''}
          </p>
          <p className="mt-2 whitespace-pre-wrap break-words text-gray-800">{request.answer}</p>
        </section>
      ) : null}
      {notice ? (
        <p role={notice.ok ? 'status' : 'alert'} className={notice.ok ? 'text-green-800' : 'text-red-800'}>
          {notice.text}
        </p>
      ) : null}
      {closed ? (
        <p className="text-gray-700">This request is closed{request.closed_at ? ` since ${dateTime(request.closed_at)}` : ''}.</p>
      ) : (
        <>
          <form
            aria-label="Assign the request"
            className="flex flex-wrap items-end gap-3 rounded-lg border border-gray-200 bg-white p-4"
            onSubmit={(event) => {
              event.preventDefault();
              void act('assign', { staff_id: holder ? Number(holder) : null });
            }}
          >
            <SelectField
              label="Assign to"
              value={holder}
              onChange={(event) => setHolder(event.target.value)}
              className="min-w-56"
            >
              <option value="">Nobody</option>
              {assignees.map((member) => (
                <option key={member.id} value={String(member.id)}>
                  {member.nickname}
                </option>
              ))}
            </SelectField>
            <Button type="submit" variant="secondary" busy={busy === 'assign'}>
              Assign
            </Button>
          </form>
          <form
            aria-labelledby={`${formId}-reply`}
            className="flex flex-col gap-2 rounded-lg border border-gray-200 bg-white p-4"
            onSubmit={(event) => {
              event.preventDefault();
              void act('answer', { answer });
            }}
          >
            <h2 id={`${formId}-reply`} className="text-lg font-semibold text-gray-900">
              {request.answer ? 'Answer again' : 'Answer'}
            </h2>
            <label htmlFor={`${formId}-answer`} className="text-sm font-medium text-gray-800">
              The answer, e-mailed to {request.email || 'the requester'}
            </label>
            <textarea
              id={`${formId}-answer`}
              rows={6}
              required
              maxLength={HELP_REQUEST_LIMITS.answer}
              value={answer}
              onChange={(event) => setAnswer(event.target.value)}
              className="w-full rounded-md border border-gray-400 bg-white p-3 text-base text-gray-900 focus:outline-2 focus:outline-offset-1 focus:outline-gray-900"
            />
            <div>
              <Button type="submit" busy={busy === 'answer'} disabled={!answer.trim() || !request.email}>
                Send the answer
              </Button>
            </div>
          </form>
          <form
            aria-label="Close the request"
            className="flex flex-wrap items-end gap-3 rounded-lg border border-gray-200 bg-white p-4"
            onSubmit={(event) => {
              event.preventDefault();
              void act('close', { reason });
            }}
          >
            <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium text-gray-800">
              Reason for closing (optional)
              <input
                value={reason}
                maxLength={HELP_REQUEST_LIMITS.reason}
                onChange={(event) => setReason(event.target.value)}
                className="min-h-11 rounded-md border border-gray-300 bg-white px-3 text-base text-gray-900"
              />
            </label>
            <Button type="submit" variant="secondary" busy={busy === 'close'}>
              Close the request
            </Button>
          </form>
        </>
      )}
    </>
  );
}
