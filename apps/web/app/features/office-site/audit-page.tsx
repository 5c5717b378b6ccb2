import { CODE_OK } from '@shop/contracts';
import type { TAuditEntry, TAuditVerification } from '@shop/contracts/audit';
import { roleMay } from '@shop/contracts/permissions';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { dateTimeSeconds } from '../../components/office/date-time';
import { LoadFailed } from '../../components/office/load-state';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Pagination } from '../../components/ui/pagination';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { NotAllowed, useOfficeStaff } from '../office';

const PAGE_SIZE = 25;
const DAY_MS = 86_400_000;

/** A date field's value (yyyy-mm-dd, read as UTC) as epoch milliseconds; the end of a range is the next day. */
export function dayStart(value: string, plusDays = 0): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(ms) ? undefined : ms + plusDays * DAY_MS;
}

const FILTERS = ['action', 'object_type', 'object_id', 'staff_id', 'from', 'to'] as const;

const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 2));

/** /office/audit: every staff write, searched by who, what and when; and the chain's check. */
export function AuditPage() {
  const staff = useOfficeStaff();
  const [params, setParams] = useSearchParams();
  const [verification, setVerification] = useState<TAuditVerification | 'checking' | { error: string } | null>(null);
  const allowed = roleMay(staff.role, 'audit.view');
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const query = {
    action: params.get('action') || undefined,
    object_type: params.get('object_type') || undefined,
    object_id: params.get('object_id') || undefined,
    staff_id: params.get('staff_id') || undefined,
    from: dayStart(params.get('from') ?? ''),
    to: dayStart(params.get('to') ?? '', 1),
    page,
    pagesize: PAGE_SIZE,
  };
  const { load, retry } = useLoad(allowed ? JSON.stringify(query) : null, () =>
    staffApi.get<{ data: TAuditEntry[]; total: number }>('/admin/audit', { query, silent: true }),
  );

  if (!allowed) return <NotAllowed what="reading the audit trail" />;

  const onFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of FILTERS) {
      const value = String(form.get(name) ?? '').trim();
      if (value) next.set(name, value);
    }
    setParams(next);
  };

  const verify = async () => {
    setVerification('checking');
    try {
      const response = await staffApi.get<TAuditVerification>('/admin/audit/verify', { silent: true });
      setVerification(response.code === CODE_OK && response.result ? response.result : { error: response.msg });
    } catch (error) {
      setVerification({ error: error instanceof Error ? error.message : 'The check could not run' });
    }
  };

  const hrefFor = (target: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(target));
    return `?${next.toString()}`;
  };
  const pages = load.status === 'ready' ? Math.ceil(load.value.total / PAGE_SIZE) : 0;

  return (
    <section aria-labelledby="audit-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="audit-title" className="text-2xl font-semibold text-gray-900">
          Audit trail
        </h1>
        <Button variant="secondary" onClick={verify} busy={verification === 'checking'}>
          Verify the chain
        </Button>
      </div>
      {verification && verification !== 'checking' ? (
        <p
          role="status"
          data-chain={'intact' in verification ? (verification.intact ? 'intact' : 'broken') : 'error'}
          className={
            'intact' in verification && verification.intact
              ? 'mt-3 rounded-md bg-green-50 px-3 py-2 text-sm text-green-900'
              : 'mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900'
          }
        >
          {'error' in verification
            ? verification.error
            : verification.intact
              ? `The chain is intact: ${verification.checked} entries checked.`
              : `The chain is broken at entry ${verification.broken_at}: that entry or one removed before it was changed.`}
        </p>
      ) : null}

      <form
        onSubmit={onFilter}
        className="mt-4 grid gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-3 lg:grid-cols-6"
        aria-label="Search the audit trail"
      >
        <Field label="Action" name="action" placeholder="order.ship" defaultValue={params.get('action') ?? ''} />
        <Field label="Object type" name="object_type" placeholder="order" defaultValue={params.get('object_type') ?? ''} />
        <Field label="Object id" name="object_id" defaultValue={params.get('object_id') ?? ''} />
        <Field label="Staff id" name="staff_id" inputMode="numeric" defaultValue={params.get('staff_id') ?? ''} />
        <Field label="From" name="from" type="date" defaultValue={params.get('from') ?? ''} />
        <Field label="To" name="to" type="date" defaultValue={params.get('to') ?? ''} />
        <div className="sm:col-span-3 lg:col-span-6">
          <Button type="submit">Search</Button>
        </div>
      </form>

      <div className="mt-4" aria-busy={load.status === 'loading'}>
        {load.status === 'loading' ? (
          <p className="rounded-lg border border-gray-200 bg-white px-4 py-8 text-center text-gray-600">
            Loading the audit trail…
          </p>
        ) : load.status !== 'ready' ? (
          <LoadFailed
            text="The audit trail could not be loaded."
            retry={retry}
            className="rounded-lg border border-gray-200 bg-white px-4 py-8 text-center"
            buttonClassName="mt-3"
          />
        ) : load.value.data.length === 0 ? (
          <p className="rounded-lg border border-gray-200 bg-white px-4 py-8 text-center text-gray-600">
            No entries match this search.
          </p>
        ) : (
          <ol className="flex flex-col gap-2" aria-label={`${load.value.total} entries, newest first`}>
            {load.value.data.map((entry) => (
              <li
                key={entry.id}
                className="rounded-lg border border-gray-200 bg-white p-3 text-sm"
                data-audit-action={entry.action}
              >
                <details>
                  <summary className="flex min-h-11 cursor-pointer flex-wrap items-center gap-x-3 gap-y-1">
                    <span className="font-semibold text-gray-900">{entry.action}</span>
                    <span className="text-gray-700">
                      {entry.object_type} #{entry.object_id}
                    </span>
                    <span className="text-gray-700">by {entry.staff_name}</span>
                    <time className="text-gray-600" dateTime={new Date(entry.created_at).toISOString()}>
                      {dateTimeSeconds(entry.created_at)}
                    </time>
                    {entry.reason ? <span className="text-gray-800">“{entry.reason}”</span> : null}
                  </summary>
                  <div className="mt-2 grid gap-2 md:grid-cols-2">
                    <div>
                      <h2 className="text-xs font-semibold tracking-wide text-gray-600 uppercase">Before</h2>
                      <pre className="mt-1 max-h-64 overflow-auto rounded bg-gray-50 p-2 text-xs whitespace-pre-wrap text-gray-800">
                        {json(entry.before)}
                      </pre>
                    </div>
                    <div>
                      <h2 className="text-xs font-semibold tracking-wide text-gray-600 uppercase">After</h2>
                      <pre className="mt-1 max-h-64 overflow-auto rounded bg-gray-50 p-2 text-xs whitespace-pre-wrap text-gray-800">
                        {json(entry.after)}
                      </pre>
                    </div>
                  </div>
                  <p className="mt-2 break-all text-xs text-gray-600">Hash {entry.hash}</p>
                </details>
              </li>
            ))}
          </ol>
        )}
      </div>
      <Pagination page={page} pages={pages} hrefFor={hrefFor} />
    </section>
  );
}
