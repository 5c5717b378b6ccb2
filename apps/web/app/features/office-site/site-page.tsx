import { CODE_OK } from '@shop/contracts';
import { roleMay } from '@shop/contracts/permissions';
import type { TSiteSettings } from '@shop/contracts/site-admin';
import { SiteAdminPaths } from '@shop/contracts/site-admin-rules';
import { type FormEvent, useEffect, useState } from 'react';
import { type Answer, failed, fieldsOf, issuesByPath } from '../../components/office/answers';
import { LoadFailed } from '../../components/office/load-state';
import { Button } from '../../components/ui/button';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { NotAllowed, useOfficeStaff } from '../office';
import { Currencies } from './currencies';
import { AppLinks, CompanyDetails, HeaderLinks, SocialLinks } from './site-settings-fields';

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
    return <LoadFailed text="The settings could not be loaded." retry={retry} className="mt-4" />;
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

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Site settings" className="mt-4 flex flex-col gap-4">
      <SocialLinks form={form} setForm={setForm} errors={errors} />
      <AppLinks form={form} setForm={setForm} errors={errors} />
      <CompanyDetails form={form} setForm={setForm} errors={errors} />
      <HeaderLinks form={form} setForm={setForm} errors={errors} />

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
