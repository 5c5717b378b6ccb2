import { CHAT_AGENT_CAP_MAX, CHAT_AGENT_CAP_MIN } from '@shop/contracts/chat-constants';
import { NOTICE_THEMES, type TChatSettings } from '@shop/contracts/chat-settings';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { OutcomeLine } from '../../components/office/form-frame';
import { Button } from '../../components/ui/button';
import { Field, SelectField } from '../../components/ui/field';
import { useSettingsSave } from './settings-save';

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
export function fieldErrors(fields: Record<string, string> | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [name, message] of Object.entries(fields ?? {})) {
    const base = name.split('.')[0] as string;
    errors[base] ??= message;
  }
  return errors;
}

/** One group of the settings, named by its legend. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-lg border border-gray-200 bg-white p-4">
      <legend className="px-1 text-lg font-semibold text-gray-900">{title}</legend>
      <div className="mt-2 grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** The paths a text box holds, one a line, without the empty ones. */
export const pathsOf = (text: string) =>
  text
    .split('\n')
    .map((path) => path.trim())
    .filter(Boolean);

/** The settings as edited, the paths' text box apart, and their saving. */
function useChatSettingsForm(initial: TChatSettings) {
  const [values, setValues] = useState(initial);
  const [paths, setPaths] = useState(initial.not_start_paths.join('\n'));
  const saving = useSettingsSave<TChatSettings>(
    '/admin/kefu/config',
    { saved: 'Saved: visitors see the new settings now.', refused: 'Some settings need a change: see the messages below them.' },
    fieldErrors,
  );
  const show = (settings: TChatSettings) => {
    setValues(settings);
    setPaths(settings.not_start_paths.join('\n'));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: shows the settings again when new ones arrive
  useEffect(() => show(initial), [initial]);
  const set = <K extends keyof TChatSettings>(key: K, value: TChatSettings[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const submit = async () => {
    const saved = await saving.save({ ...values, not_start_paths: pathsOf(paths) });
    if (saved) show(saved);
  };
  return { values, set, paths, setPaths, errors: saving.errors, message: saving.message, busy: saving.busy, submit };
}

type Form = ReturnType<typeof useChatSettingsForm>;

/** A yes-or-no setting as a checkbox. */
function Toggle({ form, name, label }: { form: Form; name: YesNoKey; label: string }) {
  return (
    <label className="flex min-h-11 items-center gap-3 text-sm text-gray-800">
      <input
        type="checkbox"
        className="size-5"
        checked={form.values[name] === 'yes'}
        onChange={(event) => form.set(name, event.target.checked ? 'yes' : 'no')}
      />
      {label}
    </label>
  );
}

/** Who may send a kind of card: visitors, agents, both or neither. */
function Identities({
  form,
  name,
  legend,
}: {
  form: Form;
  name: 'send_goods_identity' | 'send_orders_identity';
  legend: string;
}) {
  const chosen = form.values[name];
  return (
    <fieldset className="text-sm text-gray-800">
      <legend className="font-medium">{legend}</legend>
      {(['tourist', 'csr'] as const).map((identity) => (
        <label key={identity} className="flex min-h-11 items-center gap-3">
          <input
            type="checkbox"
            className="size-5"
            checked={chosen.includes(identity)}
            onChange={(event) =>
              form.set(name, event.target.checked ? [...chosen, identity] : chosen.filter((one) => one !== identity))
            }
          />
          {identity === 'tourist' ? 'Visitors' : 'Agents'}
        </label>
      ))}
    </fieldset>
  );
}

/** The pages the chat stays off, one path a line. */
function PathsSection({ form }: { form: Form }) {
  const ids = useId();
  return (
    <Section title="Where the chat is offered">
      <div className="flex flex-col gap-1 sm:col-span-2">
        <label htmlFor={`${ids}-paths`} className="text-sm font-medium text-gray-800">
          Pages without the chat, one path per line
        </label>
        <textarea
          id={`${ids}-paths`}
          rows={5}
          value={form.paths}
          onChange={(e) => form.setPaths(e.target.value)}
          aria-invalid={form.errors.not_start_paths ? true : undefined}
          aria-describedby={`${ids}-paths-hint${form.errors.not_start_paths ? ` ${ids}-paths-error` : ''}`}
          className="rounded-md border border-gray-300 p-3 font-mono text-sm focus:outline-2 focus:outline-gray-900"
        />
        <p id={`${ids}-paths-hint`} className="text-xs text-gray-600">
          Paths match whatever their capitals, like the shop's addresses: /login also covers /Login. End a path with * to cover
          every page under it (/help/*).
        </p>
        {form.errors.not_start_paths ? (
          <p id={`${ids}-paths-error`} className="text-sm text-red-800">
            {form.errors.not_start_paths}
          </p>
        ) : null}
      </div>
    </Section>
  );
}

/** What visitors see in the chat window. */
function WindowSection({ form }: { form: Form }) {
  return (
    <Section title="The chat window">
      <Field
        label="Name shown in the chat"
        value={form.values.app_name}
        onChange={(e) => form.set('app_name', e.target.value)}
        error={form.errors.app_name}
      />
      <SelectField
        label="Notice style"
        value={form.values.notice_theme}
        onChange={(e) => form.set('notice_theme', e.target.value as TChatSettings['notice_theme'])}
        error={form.errors.notice_theme}
      >
        {NOTICE_THEMES.map((theme) => (
          <option key={theme} value={theme}>
            {THEME_LABELS[theme]}
          </option>
        ))}
      </SelectField>
      <Field
        label="Notice at the top of the chat"
        value={form.values.notice}
        onChange={(e) => form.set('notice', e.target.value)}
        error={form.errors.notice}
        hint="Opening hours, holidays, delays. Leave empty for none."
      />
      <Field
        label="Welcome message"
        value={form.values.new_user_tip}
        onChange={(e) => form.set('new_user_tip', e.target.value)}
        error={form.errors.new_user_tip}
      />
    </Section>
  );
}

/** When the chat invites visitors, and how many visitors an agent takes. */
function InvitationsAndAgents({ form }: { form: Form }) {
  return (
    <>
      <Section title="Invitations">
        <Toggle form={form} name="auto_invitation_switch" label="Invite visitors to chat" />
        <Toggle form={form} name="auto_invitation_no_session" label="Only visitors who have not chatted yet" />
        <Field
          label="Seconds on a page before the invitation"
          type="number"
          inputMode="numeric"
          min={5}
          max={600}
          value={form.values.auto_invitation_timing}
          onChange={(e) => form.set('auto_invitation_timing', Number(e.target.value))}
          error={form.errors.auto_invitation_timing}
        />
        <Field
          label="Invitations per visit, at most"
          type="number"
          inputMode="numeric"
          min={0}
          max={10}
          value={form.values.auto_invitation_max}
          onChange={(e) => form.set('auto_invitation_max', Number(e.target.value))}
          error={form.errors.auto_invitation_max}
        />
        <Field
          label="Invitation background picture"
          value={form.values.auto_invitation_bg}
          onChange={(e) => form.set('auto_invitation_bg', e.target.value)}
          error={form.errors.auto_invitation_bg}
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
          value={form.values.agent_chat_cap}
          onChange={(e) => form.set('agent_chat_cap', Number(e.target.value))}
          error={form.errors.agent_chat_cap}
          hint="An agent at the limit gets no new visitor until one of theirs is resolved; the staff page can set an agent's own."
        />
      </Section>
    </>
  );
}

/** What may be sent in the chat, and how agents are alerted. */
function SendingAndAlerts({ form }: { form: Form }) {
  return (
    <>
      <Section title="What can be sent">
        <Toggle form={form} name="tourist_file_switch" label="Visitors may send files and pictures" />
        <div />
        <Identities form={form} name="send_goods_identity" legend="Product cards may be sent by" />
        <Identities form={form} name="send_orders_identity" legend="Order cards may be sent by" />
      </Section>

      <Section title="Alerts">
        <Toggle form={form} name="new_message_sound" label="Sound on a new message" />
        <Toggle form={form} name="new_message_shake" label="Shake the window on a new message" />
        <Toggle form={form} name="new_message_notification" label="Desktop notifications" />
        <Toggle form={form} name="input_status_display" label="Show when the other side is typing" />
      </Section>
    </>
  );
}

/** The chat's settings form; saved, the settings hold at once for every visitor. */
export function ChatSettingsForm({ initial }: { initial: TChatSettings }) {
  const form = useChatSettingsForm(initial);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    await form.submit();
  };
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-4" aria-label="Chat settings">
      <WindowSection form={form} />
      <PathsSection form={form} />
      <InvitationsAndAgents form={form} />
      <SendingAndAlerts form={form} />
      <OutcomeLine outcome={form.message} />
      <div>
        <Button type="submit" busy={form.busy}>
          Save settings
        </Button>
      </div>
    </form>
  );
}
