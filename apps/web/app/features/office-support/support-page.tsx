import type { TChatSettings } from '@shop/contracts/chat-settings';
import { roleMay } from '@shop/contracts/permissions';
import { Loaded } from '../../components/office/load-state';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { NotAllowed, useOfficeStaff } from '../office';
import { ChatHoursSection } from './chat-hours-form';
import { ChatSettingsForm } from './chat-settings-form';

/** /office/support: the chat's settings (chat.configure); saved, they hold at once for every visitor. */
export function SupportPage() {
  const staff = useOfficeStaff();
  const allowed = roleMay(staff.role, 'chat.configure');
  const { load, retry } = useLoad(allowed ? 'chat-settings' : null, () =>
    staffApi.get<TChatSettings>('/admin/kefu/config', { silent: true }),
  );
  if (!allowed) return <NotAllowed what="configuring the chat" />;
  return (
    <section aria-labelledby="support-title">
      <h1 id="support-title" className="text-2xl font-semibold text-gray-900">
        Chat settings
      </h1>
      <p className="mt-1 text-sm text-gray-700">
        What visitors see in the chat and when it invites them. A saved change holds at once.
      </p>
      <Loaded
        load={load}
        retry={retry}
        loading="Loading the settings…"
        failed="The settings could not be loaded."
        className="mt-4"
      >
        {(settings) => <ChatSettingsForm initial={settings} />}
      </Loaded>
      {/* loaded meanwhile, shown below the settings once they are there: nothing moves down under the reader */}
      <div hidden={load.status === 'loading'}>
        <ChatHoursSection />
      </div>
    </section>
  );
}
