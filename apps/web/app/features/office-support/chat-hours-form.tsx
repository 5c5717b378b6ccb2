import { type ChatHours, WEEKDAYS } from '@shop/contracts/chat-offline-rules';
import { type FormEvent, useId, useState } from 'react';
import { OutcomeLine } from '../../components/office/form-frame';
import { Loaded } from '../../components/office/load-state';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { useSettingsSave } from './settings-save';

const HOURS_PATH = '/admin/kefu/hours';

/** The time zones this browser knows, for the list; the shop's own first when it is not among them. */
function timeZones(current: string): string[] {
  const known = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return known.includes(current) ? known : [current, ...known];
}

/**
 * The support desk's business hours (decision 0060), in the chat settings: outside them, or when
 * no agent is online, the widget says so and asks the visitor for an e-mail address for replies.
 */
export function ChatHoursSection() {
  const { load, retry } = useLoad('chat-hours', () => staffApi.get<ChatHours>(HOURS_PATH, { silent: true }));
  return (
    <section aria-labelledby="hours-title" className="mt-6 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="hours-title" className="text-lg font-semibold text-gray-900">
        Business hours
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        Outside these hours, or when no agent is online, the chat tells visitors so and asks for an e-mail address: the agents'
        replies are mailed to them.
      </p>
      <Loaded load={load} retry={retry} loading="Loading the hours…" failed="The hours could not be loaded." className="mt-3">
        {(hours) => <HoursForm initial={hours} />}
      </Loaded>
    </section>
  );
}

/** The hours' form: on or off, the shop's time zone, and each weekday's opening and closing times. */
function HoursForm({ initial }: { initial: ChatHours }) {
  const [hours, setHours] = useState(initial);
  const { errors, message, busy, save } = useSettingsSave<ChatHours>(HOURS_PATH, {
    saved: 'Saved: the chat follows these hours now.',
    refused: 'Some hours need a change: see the messages below them.',
  });
  const ids = useId();

  const setDay = (index: number, patch: Partial<ChatHours['days'][number]>) =>
    setHours((current) => ({ ...current, days: current.days.map((day, i) => (i === index ? { ...day, ...patch } : day)) }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await save(hours);
    if (saved) setHours(saved);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Business hours" className="mt-3 flex flex-col gap-4" data-chat-hours="">
      <label className="flex min-h-11 items-center gap-3 text-sm text-gray-800">
        <input
          type="checkbox"
          className="size-5"
          checked={hours.enabled}
          onChange={(event) => setHours((current) => ({ ...current, enabled: event.target.checked }))}
        />
        Answer only during these hours
      </label>
      <div className="flex max-w-sm flex-col gap-1">
        <label htmlFor={`${ids}-zone`} className="text-sm font-medium text-gray-800">
          The shop's time zone
        </label>
        <select
          id={`${ids}-zone`}
          value={hours.time_zone}
          onChange={(event) => setHours((current) => ({ ...current, time_zone: event.target.value }))}
          aria-invalid={errors.time_zone ? true : undefined}
          aria-describedby={errors.time_zone ? `${ids}-zone-error` : undefined}
          className="h-11 rounded-md border border-gray-300 bg-white px-3 text-sm focus:outline-2 focus:outline-gray-900"
        >
          {timeZones(hours.time_zone).map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
        {errors.time_zone ? (
          <p id={`${ids}-zone-error`} className="text-sm text-red-800">
            {errors.time_zone}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-3">
        {hours.days.map((day, index) => {
          const name = WEEKDAYS[index] as string;
          return (
            <fieldset
              key={name}
              className="grid grid-cols-1 gap-2 border-t border-gray-100 pt-3 sm:grid-cols-[10rem_1fr_1fr] sm:items-start"
            >
              <legend className="sr-only">{name}</legend>
              <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-gray-800">
                <input
                  type="checkbox"
                  className="size-5"
                  checked={day.open}
                  onChange={(event) => setDay(index, { open: event.target.checked })}
                />
                {name}
              </label>
              <Field
                label={`${name} opens`}
                type="time"
                value={day.from}
                disabled={!day.open}
                onChange={(event) => setDay(index, { from: event.target.value })}
                error={errors[`days.${index}.from`]}
              />
              <Field
                label={`${name} closes`}
                type="time"
                value={day.to === '24:00' ? '23:59' : day.to}
                disabled={!day.open}
                onChange={(event) => setDay(index, { to: event.target.value })}
                error={errors[`days.${index}.to`]}
              />
            </fieldset>
          );
        })}
      </div>
      <OutcomeLine outcome={message} />
      <div>
        <Button type="submit" busy={busy}>
          Save the hours
        </Button>
      </div>
    </form>
  );
}
