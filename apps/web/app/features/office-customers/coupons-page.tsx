import { CODE_OK } from '@shop/contracts';
import { COUPON_KINDS, COUPON_SCOPES, COUPON_SOURCES, CouponPaths } from '@shop/contracts/coupon-rules';
import type { TAdminCouponTemplate } from '@shop/contracts/coupons';
import { roleMay } from '@shop/contracts/permissions';
import { formatPrice } from '@shop/contracts/pricing';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type Answer, failed, fieldsOf, issuesByField } from '../../components/office/answers';
import { day } from '../../components/office/date-time';
import { useFocusOnOpen } from '../../components/office/focus-on-open';
import { ScrollBox } from '../../components/office/scroll-box';
import { TableBody } from '../../components/office/table-body';
import { Button } from '../../components/ui/button';
import { Field, SelectField } from '../../components/ui/field';
import { Pagination } from '../../components/ui/pagination';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { NotAllowed, useOfficeStaff } from '../office';

const PAGE_SIZE = 20;
const DAY_MS = 86_400_000;

const SOURCE_LABELS: Record<(typeof COUPON_SOURCES)[number], string> = {
  center: 'Coupon centre',
  registration: 'Welcome (registration)',
  newsletter: 'Welcome (newsletter)',
  referral: 'Referral',
  staff: 'Granted by staff',
  points: 'Bought with points',
};
const SCOPE_LABELS: Record<(typeof COUPON_SCOPES)[number], string> = {
  all: 'Every product',
  categories: 'Some categories',
  products: 'Some products',
};

type Panel =
  | { kind: 'add' }
  | { kind: 'edit'; template: TAdminCouponTemplate }
  | { kind: 'pause'; template: TAdminCouponTemplate };

/** /office/coupons: the coupon templates with their usage; create, edit, pause and resume (coupons.manage). */
export function CouponsPage() {
  const staff = useOfficeStaff();
  const allowed = roleMay(staff.role, 'coupons.manage');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const source = params.get('source') ?? '';
  const query = { page, limit: PAGE_SIZE, source: source || undefined };
  const { load, reload, retry } = useLoad(allowed ? JSON.stringify(query) : null, () =>
    staffApi.get<{ data: TAdminCouponTemplate[]; total: number }>(CouponPaths.adminList, { query, silent: true }),
  );
  const [panel, setPanel] = useState<Panel | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (!allowed) return <NotAllowed what="managing coupons" />;
  const list = load.status === 'ready' ? load.value : null;
  const rows = list?.data ?? [];
  const pages = list ? Math.ceil(list.total / PAGE_SIZE) : 0;
  const hrefFor = (target: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(target));
    return `?${next.toString()}`;
  };
  const finished = (text: string) => {
    setPanel(null);
    setNotice(text);
    reload();
  };

  return (
    <section aria-labelledby="coupons-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="coupons-title" className="text-2xl font-semibold text-gray-900">
          Coupons
        </h1>
        <Button
          onClick={() => {
            setNotice(null);
            setPanel({ kind: 'add' });
          }}
        >
          New coupon
        </Button>
      </div>

      <div className="flex flex-wrap items-end gap-3 rounded-lg border border-gray-200 bg-white p-4">
        <SelectField
          label="Where shoppers get it"
          value={source}
          onChange={(event) => setParams(event.target.value ? { source: event.target.value } : {})}
          className="sm:w-64"
        >
          <option value="">Every source</option>
          {COUPON_SOURCES.map((value) => (
            <option key={value} value={value}>
              {SOURCE_LABELS[value]}
            </option>
          ))}
        </SelectField>
      </div>

      {notice ? (
        <p role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
          {notice}
        </p>
      ) : null}

      {panel?.kind === 'add' || panel?.kind === 'edit' ? (
        <TemplateForm
          key={panel.kind === 'edit' ? panel.template.id : 'new'}
          template={panel.kind === 'edit' ? panel.template : null}
          onCancel={() => setPanel(null)}
          onSaved={(name) => finished(`${name} saved.`)}
        />
      ) : null}
      {panel?.kind === 'pause' ? (
        <PauseForm
          key={panel.template.id}
          template={panel.template}
          onCancel={() => setPanel(null)}
          onDone={(text) => finished(text)}
        />
      ) : null}

      <ScrollBox label="Coupon templates" className="rounded-lg border border-gray-200 bg-white">
        <table className="w-full min-w-[960px] text-left text-sm">
          <caption className="sr-only">Coupon templates{list ? `, ${list.total} in all, page ${page}` : ''}</caption>
          <thead className="border-b border-gray-200 bg-gray-50 text-gray-700">
            <tr>
              <Th>Coupon</Th>
              <Th>Source</Th>
              <Th>Valid</Th>
              <Th right>Received</Th>
              <Th right>Used</Th>
              <Th right>Unused</Th>
              <Th right>Expired</Th>
              <Th right>Discount given</Th>
              <Th>Status</Th>
              <Th>Actions</Th>
            </tr>
          </thead>
          <TableBody
            status={load.status}
            count={rows.length}
            columns={10}
            loading="Loading coupons…"
            failed="The coupons could not be loaded."
            empty={'No coupon templates yet.'}
            retry={retry}
          >
            {rows.map((template) => (
              <tr key={template.id} className="border-b border-gray-100 align-top last:border-0" data-coupon={template.name}>
                <td className="px-3 py-2">
                  <span className="font-medium text-gray-900">{template.name}</span>
                  <span className="block text-gray-600">{template.summary}</span>
                </td>
                <td className="px-3 py-2">
                  {SOURCE_LABELS[template.source]}
                  {template.points_cost > 0 ? ` (${template.points_cost} points)` : ''}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {template.validity === 'days'
                    ? `${template.valid_days} days from receipt`
                    : `${template.start_at ? day(template.start_at) : '?'} – ${template.end_at ? day(template.end_at) : '?'}`}
                </td>
                <td className="px-3 py-2 text-right">
                  {template.usage.received}
                  {template.total === null ? '' : ` of ${template.total}`}
                </td>
                <td className="px-3 py-2 text-right">{template.usage.used}</td>
                <td className="px-3 py-2 text-right">{template.usage.unused}</td>
                <td className="px-3 py-2 text-right">{template.usage.expired}</td>
                <td className="px-3 py-2 text-right">{formatPrice(template.usage.discount_total)}</td>
                <td className="px-3 py-2">{template.paused ? 'Paused' : 'Active'}</td>
                <td className="px-3 py-2">
                  <div className="flex gap-2">
                    <Button
                      variant="secondary"
                      className="px-3"
                      aria-label={`Edit ${template.name}`}
                      onClick={() => {
                        setNotice(null);
                        setPanel({ kind: 'edit', template });
                      }}
                    >
                      Edit
                    </Button>
                    <Button
                      variant="secondary"
                      className="px-3"
                      aria-label={`${template.paused ? 'Resume' : 'Pause'} ${template.name}`}
                      onClick={() => {
                        setNotice(null);
                        setPanel({ kind: 'pause', template });
                      }}
                    >
                      {template.paused ? 'Resume' : 'Pause'}
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </TableBody>
        </table>
      </ScrollBox>
      <Pagination page={page} pages={pages} hrefFor={hrefFor} />
    </section>
  );
}

function Th({ children, right }: { children: ReactNode; right?: boolean }) {
  return (
    <th scope="col" className={`px-3 py-2 font-medium ${right ? 'text-right' : ''}`}>
      {children}
    </th>
  );
}

const dateInput = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString().slice(0, 10));
/** A date field as epoch ms (UTC): the start of the day, or with `end` its last millisecond. */
const dateValue = (value: string, end = false) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const start = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(start) ? null : end ? start + DAY_MS - 1 : start;
};
const numberOr = <T,>(value: string, empty: T): number | T => (value.trim() === '' ? empty : Number(value));
const idList = (value: string) =>
  value
    .split(/[\s,]+/)
    .filter((part) => part !== '')
    .map(Number);

/** Creates a template, or edits one, checked by the contracts' rules before it is sent and by the server again. */
function TemplateForm({
  template,
  onCancel,
  onSaved,
}: {
  template: TAdminCouponTemplate | null;
  onCancel: () => void;
  onSaved: (name: string) => void;
}) {
  const heading = useFocusOnOpen();
  const [type, setType] = useState<string>(template?.type ?? 'fixed');
  const [scope, setScope] = useState<string>(template?.scope ?? 'all');
  const [validity, setValidity] = useState<string>(template?.validity ?? 'days');
  const [source, setSource] = useState<string>(template?.source ?? 'center');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '');
    const input = {
      ...(template ? { id: template.id } : {}),
      name: value('name'),
      description: value('description'),
      type,
      amount: type === 'fixed' ? numberOr(value('amount'), 0) : 0,
      percent: type === 'percent' ? numberOr(value('percent'), 0) : 0,
      max_discount: type === 'percent' ? numberOr(value('max_discount'), null) : null,
      min_spend: numberOr(value('min_spend'), 0),
      scope,
      category_ids: scope === 'categories' ? idList(value('category_ids')) : [],
      goods_ids: scope === 'products' ? idList(value('goods_ids')) : [],
      validity,
      start_at: validity === 'fixed' ? dateValue(value('start_at')) : null,
      end_at: validity === 'fixed' ? dateValue(value('end_at'), true) : null,
      valid_days: validity === 'days' ? numberOr(value('valid_days'), null) : null,
      total: numberOr(value('total'), null),
      per_user_limit: numberOr(value('per_user_limit'), 1),
      source,
      points_cost: source === 'points' ? numberOr(value('points_cost'), 0) : 0,
      first_order_only: data.get('first_order_only') ? 1 : 0,
      reason: value('reason'),
    };
    const { ZAdminCouponAddRequest, ZAdminCouponEditRequest } = await import('../../components/office/office-rules');
    const parsed = template ? ZAdminCouponEditRequest.safeParse(input) : ZAdminCouponAddRequest.safeParse(input);
    setRefusal(null);
    if (!parsed.success) return setErrors(issuesByField(parsed.error));
    setErrors({});
    setBusy(true);
    const answer: Answer = await staffApi
      .post(template ? CouponPaths.adminEdit : CouponPaths.adminAdd, parsed.data, { silent: true })
      .catch(failed);
    setBusy(false);
    if (answer.code === CODE_OK) return onSaved(parsed.data.name);
    const fields = fieldsOf(answer);
    if (fields) setErrors(fields);
    setRefusal(answer.msg);
  };

  const title = template ? `Edit ${template.name}` : 'New coupon';
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="coupon-form-title"
      className="rounded-lg border border-gray-900 bg-white p-4"
    >
      <h2 id="coupon-form-title" ref={heading} tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
        {title}
      </h2>
      {template && template.usage.received > 0 ? (
        <p className="mt-1 text-sm text-gray-600">
          {template.usage.received} received: the discount rules (type, amounts, minimum, products, first order only) stay as they
          are.
        </p>
      ) : null}
      <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Field label="Name" name="name" defaultValue={template?.name ?? ''} maxLength={80} error={errors.name} required />
        <Field
          label="Description"
          name="description"
          defaultValue={template?.description ?? ''}
          maxLength={500}
          error={errors.description}
          className="lg:col-span-2"
        />
        <SelectField label="Kind" value={type} onChange={(event) => setType(event.target.value)} error={errors.type}>
          {COUPON_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {kind === 'fixed' ? 'An amount off' : 'A percentage off'}
            </option>
          ))}
        </SelectField>
        {type === 'fixed' ? (
          <Field
            label="Amount off (USD)"
            name="amount"
            type="number"
            min={0}
            step="0.01"
            inputMode="decimal"
            defaultValue={template?.type === 'fixed' ? template.amount : ''}
            error={errors.amount}
          />
        ) : (
          <>
            <Field
              label="Percent off (1–100)"
              name="percent"
              type="number"
              min={1}
              max={100}
              step={1}
              defaultValue={template?.type === 'percent' ? template.percent : ''}
              error={errors.percent}
            />
            <Field
              label="Most it takes off (USD, empty for no cap)"
              name="max_discount"
              type="number"
              min={0}
              step="0.01"
              defaultValue={template?.max_discount ?? ''}
              error={errors.max_discount}
            />
          </>
        )}
        <Field
          label="Minimum spend (USD)"
          name="min_spend"
          type="number"
          min={0}
          step="0.01"
          defaultValue={template?.min_spend ?? 0}
          error={errors.min_spend}
        />
        <SelectField label="Applies to" value={scope} onChange={(event) => setScope(event.target.value)} error={errors.scope}>
          {COUPON_SCOPES.map((value) => (
            <option key={value} value={value}>
              {SCOPE_LABELS[value]}
            </option>
          ))}
        </SelectField>
        {scope === 'categories' ? (
          <Field
            label="Category numbers (comma separated)"
            name="category_ids"
            defaultValue={template?.category_ids.join(', ') ?? ''}
            error={errors.category_ids}
          />
        ) : null}
        {scope === 'products' ? (
          <Field
            label="Product numbers (comma separated)"
            name="goods_ids"
            defaultValue={template?.goods_ids.join(', ') ?? ''}
            error={errors.goods_ids}
          />
        ) : null}
        <SelectField label="Valid" value={validity} onChange={(event) => setValidity(event.target.value)} error={errors.validity}>
          <option value="days">A number of days from receipt</option>
          <option value="fixed">Between two dates</option>
        </SelectField>
        {validity === 'days' ? (
          <Field
            label="Days (1–3650)"
            name="valid_days"
            type="number"
            min={1}
            max={3650}
            step={1}
            defaultValue={template?.valid_days ?? 30}
            error={errors.valid_days}
          />
        ) : (
          <>
            <Field
              label="From (UTC)"
              name="start_at"
              type="date"
              defaultValue={dateInput(template?.start_at ?? null)}
              error={errors.start_at}
            />
            <Field
              label="Until (UTC, inclusive)"
              name="end_at"
              type="date"
              defaultValue={dateInput(template?.end_at ?? null)}
              error={errors.end_at}
            />
          </>
        )}
        <Field
          label="How many in all (empty for no limit)"
          name="total"
          type="number"
          min={0}
          step={1}
          defaultValue={template?.total ?? ''}
          error={errors.total}
        />
        <Field
          label="Per shopper (1–100)"
          name="per_user_limit"
          type="number"
          min={1}
          max={100}
          step={1}
          defaultValue={template?.per_user_limit ?? 1}
          error={errors.per_user_limit}
        />
        <SelectField
          label="Where shoppers get it"
          value={source}
          onChange={(event) => setSource(event.target.value)}
          error={errors.source}
        >
          {COUPON_SOURCES.map((value) => (
            <option key={value} value={value}>
              {SOURCE_LABELS[value]}
            </option>
          ))}
        </SelectField>
        {source === 'points' ? (
          <Field
            label="Points it costs"
            name="points_cost"
            type="number"
            min={1}
            step={1}
            defaultValue={template?.points_cost || ''}
            error={errors.points_cost}
          />
        ) : null}
        <label className="flex min-h-11 items-center gap-2 text-sm text-gray-800 sm:mt-6">
          <input type="checkbox" name="first_order_only" defaultChecked={template?.first_order_only === 1} className="size-5" />
          First order only
        </label>
        <Field
          label="Reason (kept in the audit trail)"
          name="reason"
          maxLength={500}
          error={errors.reason}
          required
          className="sm:col-span-2 lg:col-span-3"
        />
      </div>
      {refusal ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {refusal}
        </p>
      ) : Object.keys(errors).length > 0 ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          Please correct the fields marked above.
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <Button type="submit" busy={busy}>
          {template ? 'Save changes' : 'Create coupon'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Pauses (no more receipts or grants; held coupons stay usable) or resumes a template, with a reason. */
function PauseForm({
  template,
  onCancel,
  onDone,
}: {
  template: TAdminCouponTemplate;
  onCancel: () => void;
  onDone: (text: string) => void;
}) {
  const heading = useFocusOnOpen();
  const pausing = template.paused === 0;
  const [error, setError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '');
    const { ZAdminCouponPauseRequest } = await import('../../components/office/office-rules');
    const parsed = ZAdminCouponPauseRequest.safeParse({ id: template.id, paused: pausing ? 1 : 0, reason });
    setRefusal(null);
    if (!parsed.success) return setError(issuesByField(parsed.error).reason);
    setError(undefined);
    setBusy(true);
    const answer: Answer = await staffApi.post(CouponPaths.adminPause, parsed.data, { silent: true }).catch(failed);
    setBusy(false);
    if (answer.code === CODE_OK) return onDone(`${template.name} ${pausing ? 'paused' : 'resumed'}.`);
    setRefusal(fieldsOf(answer)?.reason ?? answer.msg);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="pause-title" className="rounded-lg border border-gray-900 bg-white p-4">
      <h2 id="pause-title" ref={heading} tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
        {pausing ? 'Pause' : 'Resume'} {template.name}
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        {pausing
          ? 'Paused, it is neither received nor granted; coupons already held stay usable.'
          : 'Resumed, shoppers can receive it again and staff can grant it.'}
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-start">
        <Field label="Reason (kept in the audit trail)" name="reason" maxLength={500} error={error} required />
        <Button type="submit" busy={busy} className="sm:mt-6">
          {pausing ? 'Pause' : 'Resume'}
        </Button>
        <Button variant="secondary" onClick={onCancel} className="sm:mt-6">
          Cancel
        </Button>
      </div>
      {refusal ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
    </form>
  );
}
