import { CODE_OK } from '@shop/contracts';
import type { TChatAvailability } from '@shop/contracts/chat-offline';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { api } from '../../../lib/api';
import { cx, focusRing } from '../../../lib/cx';
import type { ChatLanguage } from '../language';
import { PillButton } from '../pill-button';
import type { WidgetTexts } from '../texts';

/** spec 5's address rule, as the server's ZEmail checks it; the server has the last word. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A weekday's name in the chat's language (0 = Monday: 1 January 2024 was one). */
const weekday = (index: number, language: ChatLanguage) =>
  new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, 1 + index));

/**
 * When no agent answers now (decision 0060) — outside the business hours, or with nobody online —
 * the dialog says so, shows the hours, and asks for an e-mail address (a signed-in shopper's is
 * prefilled) to which the agents' replies are mailed. The visitor can still write meanwhile.
 * Asked again whenever the chat identity changes (`identity`).
 */
export function OfflineNotice({
  identity,
  headers,
  texts,
  language,
}: {
  identity: number | null;
  headers: () => Record<string, string>;
  texts: WidgetTexts;
  language: ChatLanguage;
}) {
  const [availability, setAvailability] = useState<TChatAvailability | null>(null);
  const [editing, setEditing] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again for each chat identity
  useEffect(() => {
    let active = true;
    api
      .get<TChatAvailability>('/api/chat/availability', { headers: headers(), silent: true })
      .then((answer) => {
        if (!active || answer.code !== CODE_OK || !answer.result) return;
        setAvailability(answer.result);
        setEmail(answer.result.email ?? answer.result.suggested_email ?? '');
        setEditing(answer.result.email === null);
      })
      .catch(() => {
        // the chat works without it: the notice simply does not show
      });
    return () => {
      active = false;
    };
  }, [identity]);

  if (!availability || availability.staffed) return null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL.test(address)) {
      setError(texts.offlineInvalid);
      return;
    }
    setBusy(true);
    setError(null);
    const answer = await api
      .post<{ email: string }>('/api/chat/email', { email: address }, { headers: headers(), silent: true })
      .catch(() => null);
    setBusy(false);
    if (answer?.code === CODE_OK && answer.result) {
      setAvailability({ ...availability, email: answer.result.email });
      setEmail(answer.result.email);
      setEditing(false);
      return;
    }
    const fields = (answer?.result as { fields?: Record<string, string> } | null)?.fields;
    setError(fields?.email ?? (answer?.code === 400 ? texts.offlineInvalid : texts.offlineFailed));
  };

  const closed = availability.reason === 'closed';
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="border-b border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      data-chat-offline={availability.reason}
    >
      <h3 id={`${id}-title`} className="font-semibold">
        {closed ? texts.offlineClosed : texts.offlineAway}
      </h3>
      {closed ? (
        <div className="mt-1">
          <p>{texts.offlineHours(availability.hours.time_zone)}</p>
          <ul className="mt-0.5">
            {availability.hours.days.map((day, index) =>
              day.open ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the week's days are fixed, Monday first
                <li key={index}>
                  {weekday(index, language)} {day.from}–{day.to}
                </li>
              ) : null,
            )}
          </ul>
        </div>
      ) : null}
      {!editing && availability.email ? (
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1" role="status" data-chat-offline-saved="">
          <span className="break-all">{texts.offlineSaved(availability.email)}</span>
          <button
            type="button"
            onClick={() => setEditing(true)}
            className={cx('min-h-10 rounded font-medium underline underline-offset-4', focusRing)}
          >
            {texts.offlineChange}
          </button>
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="mt-1 flex flex-col gap-1" data-chat-offline-form="">
          <p>{closed ? texts.offlineAsk : texts.offlineAskAway}</p>
          <label htmlFor={`${id}-email`} className="font-medium">
            {texts.offlineEmail}
          </label>
          <div className="flex flex-wrap gap-2">
            <input
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className={cx(
                'h-10 min-w-0 flex-1 basis-48 rounded-md border border-gray-400 bg-white px-3 text-gray-900',
                focusRing,
              )}
            />
            <PillButton
              type="submit"
              disabled={busy}
              aria-busy={busy || undefined}
              className="min-h-10 rounded-full bg-gray-900 px-4 font-semibold text-white hover:bg-gray-700 disabled:bg-gray-400"
            >
              {texts.offlineSave}
            </PillButton>
          </div>
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-red-800">
              {error}
            </p>
          ) : null}
        </form>
      )}
    </section>
  );
}
