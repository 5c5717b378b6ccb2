import { CODE_OK } from '@shop/contracts';
import { roleMay } from '@shop/contracts/permissions';
import type { TAdminCurrency, TSiteSettings } from '@shop/contracts/site-admin';
import { HEAD_NAV_MAX, SiteAdminPaths } from '@shop/contracts/site-admin-rules';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type Answer, failed, fieldsOf, issuesByPath } from '../../components/office/answers';
import { ScrollBox } from '../../components/office/scroll-box';
import { TableBody } from '../../components/office/table-body';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { NotAllowed, useOfficeStaff } from '../office';

const SOCIAL_LABELS: Record<keyof TSiteSettings['socialcontact'], string> = {
  facebook: 'Facebook',
  ins: 'Instagram',
  tiktok: 'TikTok',
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
};

const cardClass = 'rounded-lg border border-gray-200 bg-white p-4';
const legendClass = 'px-1 text-base font-semibold text-gray-900';

/** /office/site: the site settings of spec 3 that are the shop's choices, and the currencies (content.edit). */
export function SitePage() {
  const staff = useOfficeStaff();
  const allowed = roleMay(staff.role, 'content.edit');
  const [settled, setSettled] = useState(false);
  if (!allowed) return <NotAllowed what="changing the site settings" />;
  return (
    <section aria-labelledby="site-title">
      <h1 id="site-title" className="text-2xl font-semibold text-gray-900">
        Site settings
      </h1>
      <p className="mt-1 text-sm text-gray-700">
        The footer’s social and app links, the shop’s contact details, the header’s links and the currencies shoppers can pick.
        Saved changes are live at once.
      </p>
      <SettingsForm onSettled={() => setSettled(true)} />
      {/* loaded meanwhile, shown below the form once it is there: nothing moves down under the reader */}
      <div hidden={!settled}>
        <Currencies />
      </div>
    </section>
  );
}

/** The site settings' form; `onSettled` once it is shown, or its failure is. */
function SettingsForm({ onSettled }: { onSettled: () => void }) {
  const { load, retry, set } = useLoad('site-settings', () =>
    staffApi.get<TSiteSettings>(SiteAdminPaths.settings, { silent: true }),
  );
  const [form, setForm] = useState<TSiteSettings | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (load.status === 'ready') setForm(load.value);
  }, [load]);
  const shown = load.status !== 'loading' && (load.status !== 'ready' || form !== null);
  useEffect(() => {
    if (shown) onSettled();
  }, [shown, onSettled]);

  if (load.status === 'loading' || (load.status === 'ready' && !form)) {
    return (
      <p className="mt-4 text-gray-600" role="status">
        Loading the settings…
      </p>
    );
  }
  if (load.status !== 'ready' || !form) {
    return (
      <div className="mt-4">
        <p role="alert" className="text-red-800">
          The settings could not be loaded.
        </p>
        <Button variant="secondary" onClick={retry} className="mt-2">
          Try again
        </Button>
      </div>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const { ZSiteSettings } = await import('../../components/office/office-rules');
    const parsed = ZSiteSettings.safeParse(form);
    if (!parsed.success) return setErrors(issuesByPath(parsed.error));
    setErrors({});
    setBusy(true);
    const answer: Answer = await staffApi.post(SiteAdminPaths.settings, parsed.data, { silent: true }).catch(failed);
    setBusy(false);
    if (answer.code === CODE_OK) {
      set(answer.result as TSiteSettings);
      setNotice('Saved: the site shows the new settings.');
      return;
    }
    const fields = fieldsOf(answer);
    setErrors(fields && Object.keys(fields).length ? fields : { form: answer.msg });
  };

  const nav = form.head_nav;
  const setNav = (head_nav: TSiteSettings['head_nav']) => setForm({ ...form, head_nav });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Site settings" className="mt-4 flex flex-col gap-4">
      <fieldset className={cardClass}>
        <legend className={legendClass}>Social links</legend>
        <p className="text-xs text-gray-600">The footer’s icons. An https:// address, or empty to hide the icon.</p>
        <div className="mt-2 grid gap-3 md:grid-cols-2">
          {(Object.keys(SOCIAL_LABELS) as Array<keyof TSiteSettings['socialcontact']>).map((network) => (
            <Field
              key={network}
              label={SOCIAL_LABELS[network]}
              type="url"
              inputMode="url"
              value={form.socialcontact[network]}
              onChange={(event) => setForm({ ...form, socialcontact: { ...form.socialcontact, [network]: event.target.value } })}
              error={errors[`socialcontact.${network}`]}
            />
          ))}
        </div>
      </fieldset>

      <fieldset className={cardClass}>
        <legend className={legendClass}>App links</legend>
        <div className="mt-2 grid gap-3 md:grid-cols-2">
          <Field
            label="Google Play"
            type="url"
            value={form.app.android_url}
            onChange={(event) => setForm({ ...form, app: { ...form.app, android_url: event.target.value } })}
            error={errors['app.android_url']}
          />
          <Field
            label="App Store"
            type="url"
            value={form.app.ios_url}
            onChange={(event) => setForm({ ...form, app: { ...form.app, ios_url: event.target.value } })}
            error={errors['app.ios_url']}
          />
          <Field
            label="QR code picture"
            hint="A path on this site (/app-qr.svg) or an https:// address; empty shows none."
            value={form.app.qr_code}
            onChange={(event) => setForm({ ...form, app: { ...form.app, qr_code: event.target.value } })}
            error={errors['app.qr_code']}
          />
        </div>
      </fieldset>

      <fieldset className={cardClass}>
        <legend className={legendClass}>Company</legend>
        <div className="mt-2 grid gap-3 md:grid-cols-2">
          <Field
            label="Address"
            value={form.company.address}
            onChange={(event) => setForm({ ...form, company: { ...form.company, address: event.target.value } })}
            error={errors['company.address']}
          />
          <Field
            label="Phone"
            type="tel"
            value={form.company.phone}
            onChange={(event) => setForm({ ...form, company: { ...form.company, phone: event.target.value } })}
            error={errors['company.phone']}
          />
          <Field
            label="E-mail"
            type="email"
            value={form.company.email}
            onChange={(event) => setForm({ ...form, company: { ...form.company, email: event.target.value } })}
            error={errors['company.email']}
          />
          <Field
            label="Registration number"
            hint="Shown in the footer when set."
            value={form.record_number}
            onChange={(event) => setForm({ ...form, record_number: event.target.value })}
            error={errors.record_number}
          />
        </div>
      </fieldset>

      <fieldset className={cardClass}>
        <legend className={legendClass}>Header links</legend>
        <p className="text-xs text-gray-600">
          The links beside the category tabs, at most {HEAD_NAV_MAX}: a path on this site (/help) or an https:// address.
        </p>
        {errors.head_nav ? (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {errors.head_nav}
          </p>
        ) : null}
        {nav.length === 0 ? <p className="mt-2 text-sm text-gray-700">No header links.</p> : null}
        <ol className="mt-2 flex flex-col gap-3">
          {nav.map((link, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: a link has no identity but its place in the list
              key={index}
              className="grid gap-2 rounded-md border border-gray-200 p-3 md:grid-cols-[1fr_1fr_auto] md:items-end"
            >
              <Field
                label={`Link ${index + 1} title`}
                value={link.title}
                onChange={(event) => setNav(nav.map((old, i) => (i === index ? { ...old, title: event.target.value } : old)))}
                error={errors[`head_nav.${index}.title`]}
              />
              <Field
                label={`Link ${index + 1} address`}
                value={link.url}
                onChange={(event) => setNav(nav.map((old, i) => (i === index ? { ...old, url: event.target.value } : old)))}
                error={errors[`head_nav.${index}.url`]}
              />
              <Button variant="ghost" onClick={() => setNav(nav.filter((_, i) => i !== index))}>
                Remove<span className="sr-only"> link {index + 1}</span>
              </Button>
            </li>
          ))}
        </ol>
        {nav.length < HEAD_NAV_MAX ? (
          <Button variant="secondary" className="mt-3" onClick={() => setNav([...nav, { title: '', url: '/' }])}>
            Add a header link
          </Button>
        ) : null}
      </fieldset>

      {errors.form ? (
        <p role="alert" className="text-sm text-red-800">
          {errors.form}
        </p>
      ) : Object.keys(errors).length > 0 ? (
        <p role="alert" className="text-sm text-red-800">
          Not saved: please correct the fields marked above.
        </p>
      ) : null}
      {notice ? (
        <p role="status" className="text-sm text-green-800">
          {notice}
        </p>
      ) : null}
      <div>
        <Button type="submit" busy={busy}>
          Save settings
        </Button>
      </div>
    </form>
  );
}

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

function Currencies() {
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
      <ScrollBox label="Currencies" className="relative mt-3">
        <table className="w-full min-w-[560px] text-left text-sm">
          <thead className="border-b border-gray-200 text-gray-700">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Code
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Name
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Symbol
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Rate
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Position
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Shown
              </th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <TableBody
            status={load.status}
            count={currencies.length}
            columns={7}
            loading="Loading the currencies…"
            failed="The currencies could not be loaded."
            empty="No currency yet."
            retry={retry}
          >
            {currencies.map((currency) => (
              <tr key={currency.id} className="border-b border-gray-100">
                <td className="px-3 py-2 font-mono">{currency.currency_code}</td>
                <td className="px-3 py-2">{currency.name}</td>
                <td className="px-3 py-2">{currency.unit}</td>
                <td className="px-3 py-2 text-right font-mono">{currency.exchange_rate}</td>
                <td className="px-3 py-2 text-right">{currency.sort}</td>
                <td className="px-3 py-2">{currency.enabled ? 'Yes' : 'No'}</td>
                <td className="px-3 py-2 text-right">
                  <Button
                    variant="ghost"
                    onClick={() => {
                      setNotice(null);
                      setDraft(draftOf(currency));
                    }}
                  >
                    Edit<span className="sr-only"> {currency.name}</span>
                  </Button>
                </td>
              </tr>
            ))}
          </TableBody>
        </table>
      </ScrollBox>
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
