import type { THelpRequestAssignee, THelpRequestDetail, THelpRequestList } from '@shop/contracts/help-requests';
import {
  HELP_REQUEST_KIND_LABELS,
  HELP_REQUEST_KINDS,
  HELP_REQUEST_STATUS_LABELS,
  HELP_REQUEST_STATUSES,
  type HelpRequestKind,
  HelpRequestPaths,
  type HelpRequestStatus,
} from '@shop/contracts/help-requests-rules';
import { roleMay } from '@shop/contracts/permissions';
import { Link, useParams, useSearchParams } from 'react-router';
import { dateTime } from '../../components/office/date-time';
import { LoadFailed } from '../../components/office/load-state';
import { SearchBar } from '../../components/office/search-bar';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/field';
import { Pagination } from '../../components/ui/pagination';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { NotAllowed, OFFICE_PATH, useOfficeStaff } from '../office';
import { RequestView } from './request-view';

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
  const onFilter = (values: Record<string, string>) => {
    const next = new URLSearchParams();
    for (const name of ['kind', 'status', 'assignee']) if (values[name]) next.set(name, values[name]);
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
      <SearchBar
        label="Filter the requests"
        onSearch={onFilter}
        submitLabel="Show"
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
      </SearchBar>
      <div aria-busy={load.status === 'loading'}>
        {load.status === 'loading' ? (
          <p role="status" className="text-gray-600">
            Loading the requests…
          </p>
        ) : load.status !== 'ready' ? (
          <LoadFailed text="The requests could not be loaded." retry={retry} />
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
