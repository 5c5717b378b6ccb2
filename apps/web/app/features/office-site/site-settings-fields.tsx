import type { TSiteSettings } from '@shop/contracts/site-admin';
import { HEAD_NAV_MAX } from '@shop/contracts/site-admin-rules';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';

const SOCIAL_LABELS: Record<keyof TSiteSettings['socialcontact'], string> = {
  facebook: 'Facebook',
  ins: 'Instagram',
  tiktok: 'TikTok',
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
};

/** A panel of the site's settings. */
export const cardClass = 'rounded-lg border border-gray-200 bg-white p-4';
const legendClass = 'px-1 text-base font-semibold text-gray-900';

/** What each group of the settings' form edits: the settings as edited, and the server's or the schema's messages by path. */
export type SettingsProps = {
  form: TSiteSettings;
  setForm: (next: TSiteSettings) => void;
  errors: Record<string, string>;
};

/** The footer's social icons' addresses. */
export function SocialLinks({ form, setForm, errors }: SettingsProps) {
  return (
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
  );
}

/** The footer's app store links and QR code. */
export function AppLinks({ form, setForm, errors }: SettingsProps) {
  return (
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
  );
}

/** The shop's contact details and registration number. */
export function CompanyDetails({ form, setForm, errors }: SettingsProps) {
  return (
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
  );
}

/** The header's links beside the category tabs: add, edit, remove, at most HEAD_NAV_MAX. */
export function HeaderLinks({ form, setForm, errors }: SettingsProps) {
  const nav = form.head_nav;
  const setNav = (head_nav: TSiteSettings['head_nav']) => setForm({ ...form, head_nav });
  return (
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
  );
}
