import { CODE_OK } from '@shop/contracts';
import { COUPON_KINDS, COUPON_SCOPES, COUPON_SOURCES, CouponPaths } from '@shop/contracts/coupon-rules';
import type { TAdminCouponTemplate } from '@shop/contracts/coupons';
import { type FormEvent, useState } from 'react';
import { type Answer, failed, fieldsOf, issuesByField } from '../../components/office/answers';
import { Field, SelectField } from '../../components/ui/field';
import { staffApi } from '../chat-console';
import { PanelForm } from '../office-support';
import { dateInput, type TemplateChoices, templateInput } from './coupon-form-values';
import { SCOPE_LABELS, SOURCE_LABELS } from './coupon-labels';

type Errors = Record<string, string>;
type Section = { template: TAdminCouponTemplate | null; errors: Errors };
type Choice = { value: string; onChange: (value: string) => void };

/** The discount: an amount off, or a percentage off with its cap; and the least the order must spend. */
function DiscountFields({ template, errors, value, onChange }: Section & Choice) {
  return (
    <>
      <SelectField label="Kind" value={value} onChange={(event) => onChange(event.target.value)} error={errors.type}>
        {COUPON_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {kind === 'fixed' ? 'An amount off' : 'A percentage off'}
          </option>
        ))}
      </SelectField>
      {value === 'fixed' ? (
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
    </>
  );
}

/** What the discount applies to: every product, some categories or some products, by their numbers. */
function ScopeFields({ template, errors, value, onChange }: Section & Choice) {
  return (
    <>
      <SelectField label="Applies to" value={value} onChange={(event) => onChange(event.target.value)} error={errors.scope}>
        {COUPON_SCOPES.map((scope) => (
          <option key={scope} value={scope}>
            {SCOPE_LABELS[scope]}
          </option>
        ))}
      </SelectField>
      {value === 'categories' ? (
        <Field
          label="Category numbers (comma separated)"
          name="category_ids"
          defaultValue={template?.category_ids.join(', ') ?? ''}
          error={errors.category_ids}
        />
      ) : null}
      {value === 'products' ? (
        <Field
          label="Product numbers (comma separated)"
          name="goods_ids"
          defaultValue={template?.goods_ids.join(', ') ?? ''}
          error={errors.goods_ids}
        />
      ) : null}
    </>
  );
}

/** How long a received coupon is valid: a number of days from receipt, or between two UTC days. */
function ValidityFields({ template, errors, value, onChange }: Section & Choice) {
  return (
    <>
      <SelectField label="Valid" value={value} onChange={(event) => onChange(event.target.value)} error={errors.validity}>
        <option value="days">A number of days from receipt</option>
        <option value="fixed">Between two dates</option>
      </SelectField>
      {value === 'days' ? (
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
    </>
  );
}

/** How many there are and who gets them: the limits, the source (with its points price) and first orders only. */
function HandOutFields({ template, errors, value, onChange }: Section & Choice) {
  return (
    <>
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
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={errors.source}
      >
        {COUPON_SOURCES.map((source) => (
          <option key={source} value={source}>
            {SOURCE_LABELS[source]}
          </option>
        ))}
      </SelectField>
      {value === 'points' ? (
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
    </>
  );
}

/** Creates a template, or edits one, checked by the contracts' rules before it is sent and by the server again. */
export function TemplateForm({
  template,
  onCancel,
  onSaved,
}: {
  template: TAdminCouponTemplate | null;
  onCancel: () => void;
  onSaved: (name: string) => void;
}) {
  const [choices, setChoices] = useState<TemplateChoices>({
    type: template?.type ?? 'fixed',
    scope: template?.scope ?? 'all',
    validity: template?.validity ?? 'days',
    source: template?.source ?? 'center',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const choice = (key: keyof TemplateChoices): Choice => ({
    value: choices[key],
    onChange: (value) => setChoices((current) => ({ ...current, [key]: value })),
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = templateInput(new FormData(event.currentTarget), template, choices);
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

  return (
    <PanelForm
      titleId="coupon-form-title"
      title={template ? `Edit ${template.name}` : 'New coupon'}
      note={
        template && template.usage.received > 0 ? (
          <p className="mt-1 text-sm text-gray-600">
            {template.usage.received} received: the discount rules (type, amounts, minimum, products, first order only) stay as
            they are.
          </p>
        ) : null
      }
      grid="sm:grid-cols-2 lg:grid-cols-3"
      submit={template ? 'Save changes' : 'Create coupon'}
      busy={busy}
      errors={errors}
      refusal={refusal}
      onSubmit={onSubmit}
      onCancel={onCancel}
    >
      <Field label="Name" name="name" defaultValue={template?.name ?? ''} maxLength={80} error={errors.name} required />
      <Field
        label="Description"
        name="description"
        defaultValue={template?.description ?? ''}
        maxLength={500}
        error={errors.description}
        className="lg:col-span-2"
      />
      <DiscountFields template={template} errors={errors} {...choice('type')} />
      <ScopeFields template={template} errors={errors} {...choice('scope')} />
      <ValidityFields template={template} errors={errors} {...choice('validity')} />
      <HandOutFields template={template} errors={errors} {...choice('source')} />
      <Field
        label="Reason (kept in the audit trail)"
        name="reason"
        maxLength={500}
        error={errors.reason}
        required
        className="sm:col-span-2 lg:col-span-3"
      />
    </PanelForm>
  );
}
