import { CODE_OK } from '@shop/contracts';
import { CouponPaths } from '@shop/contracts/coupon-rules';
import type { TAdminCouponTemplate } from '@shop/contracts/coupons';
import type { TAdminCustomerProfile } from '@shop/contracts/customers';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { issuesByField } from '../../components/office/answers';
import type { Columns } from '../../components/office/data-table';
import { day } from '../../components/office/date-time';
import { OutcomeLine } from '../../components/office/form-frame';
import { Button } from '../../components/ui/button';
import { Field, SelectField } from '../../components/ui/field';
import { staffApi } from '../chat-console';
import { OFFICE_PATH } from '../office';
import { Part, ProfileTable } from './profile-parts';
import { useProfileWrite } from './profile-write';

type Coupons = TAdminCustomerProfile['coupons'];
type Coupon = Coupons['data'][number];

const TEMPLATE_PAGE = 50;

const columns: Columns<Coupon> = [
  { header: 'Coupon', cell: (coupon) => coupon.name, className: 'font-medium text-gray-900' },
  { header: 'Terms', cell: (coupon) => coupon.summary },
  { header: 'Status', cell: (coupon) => coupon.status, className: 'capitalize' },
  {
    header: 'Valid',
    cell: (coupon) => `${day(coupon.start_at)} – ${day(coupon.end_at)}`,
    className: 'whitespace-nowrap text-gray-700',
  },
];

/** Every coupon template that can be granted now (not paused), newest first. */
function useGrantableTemplates() {
  const [templates, setTemplates] = useState<TAdminCouponTemplate[] | null>(null);
  useEffect(() => {
    let active = true;
    (async () => {
      const all: TAdminCouponTemplate[] = [];
      for (let page = 1; page <= 20; page += 1) {
        const answer = await staffApi.get<{ data: TAdminCouponTemplate[]; total: number }>(CouponPaths.adminList, {
          query: { page, limit: TEMPLATE_PAGE },
          silent: true,
        });
        if (answer.code !== CODE_OK || !answer.result) break;
        all.push(...answer.result.data);
        if (all.length >= answer.result.total || answer.result.data.length === 0) break;
      }
      if (active) setTemplates(all.filter((template) => template.paused === 0));
    })().catch(() => active && setTemplates([]));
    return () => {
      active = false;
    };
  }, []);
  return templates;
}

/** Grants one coupon of a template with a reason (coupons.manage); the server's refusal (sold out, ended) is shown. */
function GrantCoupon({ userId, onDone }: { userId: number; onDone: () => void }) {
  const templates = useGrantableTemplates();
  const write = useProfileWrite();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const chosen = String(data.get('coupon_id') ?? '');
    const { ZAdminCouponGrantRequest } = await import('../../components/office/office-rules');
    const parsed = ZAdminCouponGrantRequest.safeParse({
      coupon_id: chosen === '' ? undefined : Number(chosen),
      user_id: userId,
      reason: String(data.get('reason') ?? ''),
    });
    if (!parsed.success) {
      const fields = issuesByField(parsed.error);
      return write.refuse(chosen === '' ? { ...fields, coupon_id: 'Please choose a coupon' } : fields);
    }
    await write.send(
      form,
      () => staffApi.post(CouponPaths.adminGrant, parsed.data, { silent: true }),
      () => `${templates?.find((template) => template.id === parsed.data.coupon_id)?.name ?? 'The coupon'} granted.`,
      onDone,
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="grant-title" className="rounded-md border border-gray-200 p-3">
      <h3 id="grant-title" className="font-semibold text-gray-900">
        Grant a coupon
      </h3>
      <div className="mt-2 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
        <SelectField label="Coupon" name="coupon_id" defaultValue="" error={write.errors.coupon_id} disabled={templates === null}>
          <option value="">{templates === null ? 'Loading coupons…' : 'Choose…'}</option>
          {(templates ?? []).map((template) => (
            <option key={template.id} value={template.id}>
              {template.name} — {template.summary}
            </option>
          ))}
        </SelectField>
        <Field label="Reason" name="reason" autoComplete="off" maxLength={500} error={write.errors.reason} required />
        <Button type="submit" busy={write.busy} className="sm:mt-6">
          Grant
        </Button>
      </div>
      {templates !== null && templates.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">
          No coupon can be granted now.{' '}
          <Link to={`${OFFICE_PATH}/coupons`} className="underline underline-offset-4">
            Create one in Coupons
          </Link>
          .
        </p>
      ) : null}
      <div className="mt-2">
        <OutcomeLine outcome={write.outcome} />
      </div>
    </form>
  );
}

/** The profile's coupons: the grant (for roles holding coupons.manage) and every coupon held. */
export function CustomerCoupons({
  coupons,
  userId,
  mayGrant,
  onGranted,
}: {
  coupons: Coupons;
  userId: number;
  mayGrant: boolean;
  onGranted: () => void;
}) {
  return (
    <Part
      id="customer-coupons"
      title={`Coupons (${coupons.counts.unused} unused, ${coupons.counts.used} used, ${coupons.counts.expired} expired)`}
    >
      {mayGrant ? <GrantCoupon userId={userId} onDone={onGranted} /> : null}
      {coupons.data.length === 0 ? (
        <p className="mt-3 text-sm text-gray-600">No coupons held.</p>
      ) : (
        <ProfileTable
          caption="Coupons held, newest first"
          minWidth="min-w-[560px]"
          className="mt-3"
          columns={columns}
          rows={coupons.data}
          rowKey={(coupon) => coupon.id}
        />
      )}
    </Part>
  );
}
