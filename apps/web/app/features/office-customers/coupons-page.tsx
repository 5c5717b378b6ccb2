import { COUPON_SOURCES, CouponPaths } from '@shop/contracts/coupon-rules';
import type { TAdminCouponTemplate } from '@shop/contracts/coupons';
import { roleMay } from '@shop/contracts/permissions';
import { formatPrice } from '@shop/contracts/pricing';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { type Columns, DataTable } from '../../components/office/data-table';
import { day } from '../../components/office/date-time';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/field';
import { Pagination } from '../../components/ui/pagination';
import { pageHref, pageOf } from '../../lib/page-address';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { NotAllowed, useOfficeStaff } from '../office';
import { SOURCE_LABELS } from './coupon-labels';
import { PauseForm } from './coupon-pause-form';
import { TemplateForm } from './coupon-template-form';

const PAGE_SIZE = 20;

type Panel =
  | { kind: 'add' }
  | { kind: 'edit'; template: TAdminCouponTemplate }
  | { kind: 'pause'; template: TAdminCouponTemplate };

/** A template's validity in one line: days from receipt, or its two days. */
const validityText = (template: TAdminCouponTemplate) =>
  template.validity === 'days'
    ? `${template.valid_days} days from receipt`
    : `${template.start_at ? day(template.start_at) : '?'} – ${template.end_at ? day(template.end_at) : '?'}`;

/** The templates' columns: each with its usage, and its Edit and Pause (or Resume) buttons opening `onPanel`. */
function templateColumns(onPanel: (panel: Panel) => void): Columns<TAdminCouponTemplate> {
  return [
    {
      header: 'Coupon',
      cell: (template) => (
        <>
          <span className="font-medium text-gray-900">{template.name}</span>
          <span className="block text-gray-600">{template.summary}</span>
        </>
      ),
    },
    {
      header: 'Source',
      cell: (template) =>
        `${SOURCE_LABELS[template.source]}${template.points_cost > 0 ? ` (${template.points_cost} points)` : ''}`,
    },
    { header: 'Valid', cell: validityText, className: 'whitespace-nowrap' },
    {
      header: 'Received',
      align: 'right',
      cell: (template) => `${template.usage.received}${template.total === null ? '' : ` of ${template.total}`}`,
    },
    { header: 'Used', cell: (template) => template.usage.used, align: 'right' },
    { header: 'Unused', cell: (template) => template.usage.unused, align: 'right' },
    { header: 'Expired', cell: (template) => template.usage.expired, align: 'right' },
    { header: 'Discount given', cell: (template) => formatPrice(template.usage.discount_total), align: 'right' },
    { header: 'Status', cell: (template) => (template.paused ? 'Paused' : 'Active') },
    {
      header: 'Actions',
      cell: (template) => (
        <div className="flex gap-2">
          <Button
            variant="secondary"
            className="px-3"
            aria-label={`Edit ${template.name}`}
            onClick={() => onPanel({ kind: 'edit', template })}
          >
            Edit
          </Button>
          <Button
            variant="secondary"
            className="px-3"
            aria-label={`${template.paused ? 'Resume' : 'Pause'} ${template.name}`}
            onClick={() => onPanel({ kind: 'pause', template })}
          >
            {template.paused ? 'Resume' : 'Pause'}
          </Button>
        </div>
      ),
    },
  ];
}

/** /office/coupons: the coupon templates with their usage; create, edit, pause and resume (coupons.manage). */
export function CouponsPage() {
  const staff = useOfficeStaff();
  const allowed = roleMay(staff.role, 'coupons.manage');
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const source = params.get('source') ?? '';
  const query = { page, limit: PAGE_SIZE, source: source || undefined };
  const { load, reload, retry } = useLoad(allowed ? JSON.stringify(query) : null, () =>
    staffApi.get<{ data: TAdminCouponTemplate[]; total: number }>(CouponPaths.adminList, { query, silent: true }),
  );
  const [panel, setPanel] = useState<Panel | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (!allowed) return <NotAllowed what="managing coupons" />;
  const list = load.status === 'ready' ? load.value : null;
  const hrefFor = (target: number) => pageHref(params, target);
  const open = (next: Panel) => {
    setNotice(null);
    setPanel(next);
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
        <Button onClick={() => open({ kind: 'add' })}>New coupon</Button>
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
        <PauseForm key={panel.template.id} template={panel.template} onCancel={() => setPanel(null)} onDone={finished} />
      ) : null}

      <DataTable
        label="Coupon templates"
        caption={`Coupon templates${list ? `, ${list.total} in all, page ${page}` : ''}`}
        className="rounded-lg border border-gray-200 bg-white"
        minWidth="min-w-[960px]"
        columns={templateColumns(open)}
        rows={list?.data ?? []}
        rowKey={(template) => template.id}
        rowProps={(template) => ({ className: 'border-b border-gray-100 align-top last:border-0', 'data-coupon': template.name })}
        state={{
          status: load.status,
          loading: 'Loading coupons…',
          failed: 'The coupons could not be loaded.',
          empty: 'No coupon templates yet.',
          retry,
        }}
      />
      <Pagination page={page} pages={list ? Math.ceil(list.total / PAGE_SIZE) : 0} hrefFor={hrefFor} />
    </section>
  );
}
