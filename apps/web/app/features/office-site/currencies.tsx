import { CODE_OK } from '@shop/contracts';
import type { TAdminCurrency } from '@shop/contracts/site-admin';
import { SiteAdminPaths } from '@shop/contracts/site-admin-rules';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type Answer, failed, fieldsOf, issuesByPath } from '../../components/office/answers';
import { type Columns, DataTable } from '../../components/office/data-table';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { cardClass } from './site-settings-fields';

type CurrencyDraft = {
  id?: number;
  currency_code: string;
  name: string;
  unit: string;
  cn_name: string;
  exchange_rate: string;
  sort: string;
  enabled: boolean;
};

const emptyDraft: CurrencyDraft = {
  currency_code: '',
  name: '',
  unit: '',
  cn_name: '',
  exchange_rate: '',
  sort: '100',
  enabled: true,
};

const draftOf = (currency: TAdminCurrency): CurrencyDraft => ({ ...currency, sort: String(currency.sort) });

const currencyColumns = (onEdit: (currency: TAdminCurrency) => void): Columns<TAdminCurrency> => [
  { header: 'Code', className: 'font-mono', cell: (currency) => currency.currency_code },
  { header: 'Name', cell: (currency) => currency.name },
  { header: 'Symbol', cell: (currency) => currency.unit },
  { header: 'Rate', align: 'right', className: 'font-mono', cell: (currency) => currency.exchange_rate },
  { header: 'Position', align: 'right', cell: (currency) => currency.sort },
  { header: 'Shown', cell: (currency) => (currency.enabled ? 'Yes' : 'No') },
  {
    key: 'actions',
    header: <span className="sr-only">Actions</span>,
    headerClassName: '',
    align: 'right',
    cell: (currency) => (
      <Button variant="ghost" onClick={() => onEdit(currency)}>
        Edit<span className="sr-only"> {currency.name}</span>
      </Button>
    ),
  },
];

/** The currencies of the header's picker: the list, and the form that adds or edits one. */
export function Currencies() {
  const { load, retry, reload } = useLoad('site-currencies', () =>
    staffApi.get<{ data: TAdminCurrency[]; total: number }>(SiteAdminPaths.currencies, { silent: true }),
  );
  const [draft, setDraft] = useState<CurrencyDraft | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const currencies = load.status === 'ready' ? load.value.data : [];

  return (
    <section aria-labelledby="currencies-title" className={`mt-6 ${cardClass}`}>
      <h2 id="currencies-title" className="text-lg font-semibold text-gray-900">
        Currencies
      </h2>
      <p className="text-sm text-gray-700">
        The header’s currency picker. A rate is what 1 US dollar is worth in the currency; prices are always charged in US
        dollars.
      </p>
      <DataTable
        label="Currencies"
        caption="Currencies"
        className="relative mt-3"
        minWidth="min-w-[560px]"
        headClassName="border-b border-gray-200 text-gray-700"
        columns={currencyColumns((currency) => {
          setNotice(null);
          setDraft(draftOf(currency));
        })}
        rows={currencies}
        rowKey={(currency) => currency.id}
        rowProps={() => ({ className: 'border-b border-gray-100' })}
        state={{
          status: load.status,
          loading: 'Loading the currencies…',
          failed: 'The currencies could not be loaded.',
          empty: 'No currency yet.',
          retry,
        }}
      />
      {notice ? (
        <p role="status" className="mt-3 text-sm text-green-800">
          {notice}
        </p>
      ) : null}
      {draft ? (
        <CurrencyForm
          key={draft.id ?? 'new'}
          draft={draft}
          onCancel={() => setDraft(null)}
          onSaved={(saved) => {
            setDraft(null);
            setNotice(`Saved: ${saved.name} (${saved.currency_code}).`);
            reload();
          }}
        />
      ) : (
        <Button
          variant="secondary"
          className="mt-3"
          onClick={() => {
            setNotice(null);
            setDraft(emptyDraft);
          }}
        >
          Add a currency
        </Button>
      )}
    </section>
  );
}

/** Adds or edits one currency; it takes the focus when it opens below the table. */
function CurrencyForm({
  draft: initial,
  onCancel,
  onSaved,
}: {
  draft: CurrencyDraft;
  onCancel: () => void;
  onSaved: (currency: TAdminCurrency) => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const editing = initial.id !== undefined;
  const firstField = useRef<HTMLInputElement>(null);
  // the form opens below the table: the keyboard's focus goes to it
  useEffect(() => {
    firstField.current?.focus();
  }, []);
  const title = editing ? `Edit ${initial.name}` : 'Add a currency';
  const change = (field: keyof CurrencyDraft) => (event: { target: { value: string } }) =>
    setDraft({ ...draft, [field]: event.target.value });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const { ZCurrencySaveRequest } = await import('../../components/office/office-rules');
    const sort = draft.sort.trim() === '' ? Number.NaN : Number(draft.sort);
    const parsed = ZCurrencySaveRequest.safeParse({ ...draft, sort });
    if (!parsed.success) return setErrors(issuesByPath(parsed.error));
    setErrors({});
    setBusy(true);
    const answer: Answer = await staffApi.post(SiteAdminPaths.currencySave, parsed.data, { silent: true }).catch(failed);
    setBusy(false);
    if (answer.code === CODE_OK) return onSaved(answer.result as TAdminCurrency);
    const fields = fieldsOf(answer);
    setErrors(fields && Object.keys(fields).length ? fields : { form: answer.msg });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={title} className="mt-4 rounded-md border border-gray-200 p-4">
      <h3 className="text-base font-semibold text-gray-900">{title}</h3>
      <div className="mt-2 grid gap-3 md:grid-cols-3">
        <Field
          ref={firstField}
          label="Code (ISO 4217)"
          value={draft.currency_code}
          onChange={change('currency_code')}
          error={errors.currency_code}
          autoCapitalize="characters"
          maxLength={3}
        />
        <Field label="Name" value={draft.name} onChange={change('name')} error={errors.name} />
        <Field label="Symbol" value={draft.unit} onChange={change('unit')} error={errors.unit} />
        <Field
          label="Rate (1 US dollar =)"
          inputMode="decimal"
          value={draft.exchange_rate}
          onChange={change('exchange_rate')}
          error={errors.exchange_rate}
        />
        <Field
          label="Position in the picker"
          inputMode="numeric"
          value={draft.sort}
          onChange={change('sort')}
          error={errors.sort}
        />
        <Field label="Chinese name" value={draft.cn_name} onChange={change('cn_name')} error={errors.cn_name} />
      </div>
      <label className="mt-3 flex min-h-11 items-center gap-2 text-sm text-gray-800">
        <input
          type="checkbox"
          checked={draft.enabled}
          onChange={(event) => setDraft({ ...draft, enabled: event.target.checked })}
          className="size-5"
        />
        Shoppers can pick it
      </label>
      {errors.form || errors.enabled ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {errors.form ?? errors.enabled}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-3">
        <Button type="submit" busy={busy}>
          Save currency
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
