import { CODE_OK } from '@shop/contracts';
import { CHAT_AGENT_CAP_MAX, CHAT_AGENT_CAP_MIN } from '@shop/contracts/chat-constants';
import { NOTICE_THEMES, type TChatSettings } from '@shop/contracts/chat-settings';
import { roleMay } from '@shop/contracts/permissions';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field, SelectField } from '../../components/ui/field';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { NotAllowed, useOfficeStaff } from '../office';
import { ChatHoursSection } from './chat-hours-form';

type YesNoKey =
  | 'new_message_sound'
  | 'new_message_shake'
  | 'new_message_notification'
  | 'input_status_display'
  | 'tourist_file_switch'
  | 'auto_invitation_switch'
  | 'auto_invitation_no_session';

const THEME_LABELS: Record<(typeof NOTICE_THEMES)[number], string> = {
  info: 'Information (blue)',
  success: 'Good news (green)',
  warning: 'Warning (amber)',
  error: 'Problem (red)',
};

/** The first message of each field's errors, with a path's index folded into its list's name. */
function fieldErrors(fields: Record<string, string> | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [name, message] of Object.entries(fields ?? {})) {
    const base = name.split('.')[0] as string;
    errors[base] ??= message;
  }
  return errors;
}

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
      {load.status === 'loading' ? (
        <p className="mt-4 text-gray-600" role="status">
          Loading the settings…
        </p>
      ) : load.status !== 'ready' ? (
        <div className="mt-4">
          <p role="alert" className="text-red-800">
            The settings could not be loaded.
          </p>
          <Button variant="secondary" onClick={retry} className="mt-2">
            Try again
          </Button>
        </div>
      ) : (
        <SettingsForm initial={load.value} />
      )}
      {/* loaded meanwhile, shown below the settings once they are there: nothing moves down under the reader */}
      <div hidden={load.status === 'loading'}>
        <ChatHoursSection />
      </div>
    </section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-lg border border-gray-200 bg-white p-4">
      <legend className="px-1 text-lg font-semibold text-gray-900">{title}</legend>
      <div className="mt-2 grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

function SettingsForm({ initial }: { initial: TChatSettings }) {
  const [values, setValues] = useState(initial);
  const [paths, setPaths] = useState(initial.not_start_paths.join('\n'));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = useId();
  useEffect(() => {
    setValues(initial);
    setPaths(initial.not_start_paths.join('\n'));
  }, [initial]);

  const set = <K extends keyof TChatSettings>(key: K, value: TChatSettings[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const toggle = (key: YesNoKey, label: string) => (
    <label className="flex min-h-11 items-center gap-3 text-sm text-gray-800">
      <input
        type="checkbox"
        className="size-5"
        checked={values[key] === 'yes'}
        onChange={(event) => set(key, event.target.checked ? 'yes' : 'no')}
      />
      {label}
    </label>
  );

  const identities = (key: 'send_goods_identity' | 'send_orders_identity', legend: string) => (
    <fieldset className="text-sm text-gray-800">
      <legend className="font-medium">{legend}</legend>
      {(['tourist', 'csr'] as const).map((identity) => (
        <label key={identity} className="flex min-h-11 items-center gap-3">
          <input
            type="checkbox"
            className="size-5"
            checked={values[key].includes(identity)}
            onChange={(event) =>
              set(key, event.target.checked ? [...values[key], identity] : values[key].filter((one) => one !== identity))
            }
          />
          {identity === 'tourist' ? 'Visitors' : 'Agents'}
        </label>
      ))}
    </fieldset>
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setMessage(null);
    const not_start_paths = paths
      .split('\n')
      .map((path) => path.trim())
      .filter(Boolean);
    const answer = await staffApi
      .post<TChatSettings>('/admin/kefu/config', { ...values, not_start_paths }, { silent: true })
      .catch((failure: unknown) => ({ code: 0, msg: failure instanceof Error ? failure.message : 'Not saved', result: null }));
    setBusy(false);
    if (answer.code === CODE_OK && answer.result) {
      setValues(answer.result);
      setPaths(answer.result.not_start_paths.join('\n'));
      setMessage({ ok: true, text: 'Saved: visitors see the new settings now.' });
      return;
    }
    const fields = fieldErrors((answer.result as { fields?: Record<string, string> } | null)?.fields);
    setErrors(fields);
    setMessage({
      ok: false,
      text: Object.keys(fields).length ? 'Some settings need a change: see the messages below them.' : answer.msg,
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-4" aria-label="Chat settings">
      <Section title="The chat window">
        <Field
          label="Name shown in the chat"
          value={values.app_name}
          onChange={(e) => set('app_name', e.target.value)}
          error={errors.app_name}
        />
        <SelectField
          label="Notice style"
          value={values.notice_theme}
          onChange={(e) => set('notice_theme', e.target.value as TChatSettings['notice_theme'])}
          error={errors.notice_theme}
        >
          {NOTICE_THEMES.map((theme) => (
            <option key={theme} value={theme}>
              {THEME_LABELS[theme]}
            </option>
          ))}
        </SelectField>
        <Field
          label="Notice at the top of the chat"
          value={values.notice}
          onChange={(e) => set('notice', e.target.value)}
          error={errors.notice}
          hint="Opening hours, holidays, delays. Leave empty for none."
        />
        <Field
          label="Welcome message"
          value={values.new_user_tip}
          onChange={(e) => set('new_user_tip', e.target.value)}
          error={errors.new_user_tip}
        />
      </Section>

      <Section title="Where the chat is offered">
        <div className="flex flex-col gap-1 sm:col-span-2">
          <label htmlFor={`${ids}-paths`} className="text-sm font-medium text-gray-800">
            Pages without the chat, one path per line
          </label>
          <textarea
            id={`${ids}-paths`}
            rows={5}
            value={paths}
            onChange={(e) => setPaths(e.target.value)}
            aria-invalid={errors.not_start_paths ? true : undefined}
            aria-describedby={`${ids}-paths-hint${errors.not_start_paths ? ` ${ids}-paths-error` : ''}`}
            className="rounded-md border border-gray-300 p-3 font-mono text-sm focus:outline-2 focus:outline-gray-900"
          />
          <p id={`${ids}-paths-hint`} className="text-xs text-gray-600">
            Paths match whatever their capitals, like the shop's addresses: /login also covers /Login. End a path with * to cover
            every page under it (/help/*).
          </p>
          {errors.not_start_paths ? (
            <p id={`${ids}-paths-error`} className="text-sm text-red-800">
              {errors.not_start_paths}
            </p>
          ) : null}
        </div>
      </Section>

      <Section title="Invitations">
        {toggle('auto_invitation_switch', 'Invite visitors to chat')}
        {toggle('auto_invitation_no_session', 'Only visitors who have not chatted yet')}
        <Field
          label="Seconds on a page before the invitation"
          type="number"
          inputMode="numeric"
          min={5}
          max={600}
          value={values.auto_invitation_timing}
          onChange={(e) => set('auto_invitation_timing', Number(e.target.value))}
          error={errors.auto_invitation_timing}
        />
        <Field
          label="Invitations per visit, at most"
          type="number"
          inputMode="numeric"
          min={0}
          max={10}
          value={values.auto_invitation_max}
          onChange={(e) => set('auto_invitation_max', Number(e.target.value))}
          error={errors.auto_invitation_max}
        />
        <Field
          label="Invitation background picture"
          value={values.auto_invitation_bg}
          onChange={(e) => set('auto_invitation_bg', e.target.value)}
          error={errors.auto_invitation_bg}
          hint="A path on this site (/…) or an https:// address; empty for none."
          className="sm:col-span-2"
        />
      </Section>

      <Section title="Agents">
        <Field
          label="Open conversations per agent, at most"
          type="number"
          inputMode="numeric"
          min={CHAT_AGENT_CAP_MIN}
          max={CHAT_AGENT_CAP_MAX}
          value={values.agent_chat_cap}
          onChange={(e) => set('agent_chat_cap', Number(e.target.value))}
          error={errors.agent_chat_cap}
          hint="An agent at the limit gets no new visitor until one of theirs is resolved; the staff page can set an agent's own."
        />
      </Section>

      <Section title="What can be sent">
        {toggle('tourist_file_switch', 'Visitors may send files and pictures')}
        <div />
        {identities('send_goods_identity', 'Product cards may be sent by')}
        {identities('send_orders_identity', 'Order cards may be sent by')}
      </Section>

      <Section title="Alerts">
        {toggle('new_message_sound', 'Sound on a new message')}
        {toggle('new_message_shake', 'Shake the window on a new message')}
        {toggle('new_message_notification', 'Desktop notifications')}
        {toggle('input_status_display', 'Show when the other side is typing')}
      </Section>

      {message ? (
        <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'text-sm text-green-800' : 'text-sm text-red-800'}>
          {message.text}
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
