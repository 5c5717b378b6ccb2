import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CHANNELS,
  type NotificationCategory,
  type NotificationChannel,
  NotificationChannelLabels,
  NotificationLabels,
  NotificationPaths,
} from '@shop/contracts/notification-rules';
import type { TNotificationPreference } from '@shop/contracts/notifications';
import { isOk } from '@shop/contracts/response';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { api, isCancelled } from '../../lib/api';
import { focusRing } from '../../lib/cx';
import { notify } from '../../lib/toast';

type Preferences = { preferences: TNotificationPreference[] };

/**
 * /ShoppingListMain/notifications (issue 14, item 7; guarded): what the shop may send, by category
 * and channel. Order and account updates are shown on and cannot be switched; the rest are saved
 * together with one button.
 */
export function NotificationPreferencesPage() {
  const headingId = useId();
  const [preferences, setPreferences] = useState<TNotificationPreference[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [said, setSaid] = useState('');

  useEffect(() => {
    let live = true;
    api
      .get<Preferences>(NotificationPaths.preferences)
      .then((envelope) => {
        if (!live) return;
        if (isOk(envelope)) setPreferences(envelope.result.preferences);
        else setFailed(true);
      })
      .catch((error: unknown) => {
        if (live && !isCancelled(error)) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, []);

  const toggle = (category: NotificationCategory, channel: NotificationChannel, on: boolean) => {
    setSaid('');
    setPreferences(
      (current) =>
        current?.map((preference) => (preference.category === category ? { ...preference, [channel]: on } : preference)) ?? null,
    );
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!preferences) return;
    setSaving(true);
    try {
      const envelope = await api.post<Preferences>(NotificationPaths.preferences, { preferences });
      if (isOk(envelope)) {
        setPreferences(envelope.result.preferences);
        setSaid(envelope.msg);
        notify.success(envelope.msg);
      }
    } catch {
      // the client has said what went wrong
    } finally {
      setSaving(false);
    }
  };

  let body: React.ReactNode;
  if (failed) {
    body = <p className="text-sm text-gray-700">Your preferences could not be loaded. Please try again later.</p>;
  } else if (!preferences) {
    body = (
      <div role="status" aria-label="Loading your preferences" className="space-y-3">
        {NOTIFICATION_CATEGORIES.map((category) => (
          <Skeleton key={category} className="h-16 w-full" />
        ))}
      </div>
    );
  } else {
    body = (
      <form onSubmit={(event) => void save(event)} className="space-y-6" aria-labelledby={headingId}>
        <ul className="divide-y divide-gray-200 border-y border-gray-200">
          {preferences.map((preference) => {
            const label = NotificationLabels[preference.category];
            const fixed = preference.category === 'account';
            return (
              <li key={preference.category}>
                <fieldset className="grid gap-3 py-4 sm:grid-cols-[1fr_auto] sm:items-center">
                  <legend className="sr-only">{label.title}</legend>
                  <div aria-hidden="true">
                    <p className="font-semibold">{label.title}</p>
                    <p className="text-sm text-gray-600">{label.detail}</p>
                  </div>
                  <div className="flex flex-wrap gap-x-6 gap-y-2">
                    {NOTIFICATION_CHANNELS.map((channel) => (
                      <label key={channel} className="flex min-h-11 items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          name={`${preference.category}.${channel}`}
                          checked={preference[channel]}
                          disabled={fixed}
                          aria-label={`${label.title}: ${NotificationChannelLabels[channel]}`}
                          onChange={(event) => toggle(preference.category, channel, event.target.checked)}
                          className={`h-5 w-5 accent-gray-900 ${focusRing}`}
                        />
                        <span aria-hidden="true">{NotificationChannelLabels[channel]}</span>
                      </label>
                    ))}
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ul>
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" busy={saving} className="w-full sm:w-auto">
            Save preferences
          </Button>
          <p role="status" className="text-sm text-gray-700">
            {said}
          </p>
        </div>
      </form>
    );
  }

  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <header>
        <p className="text-sm uppercase tracking-widest text-gray-600">My Account</p>
        <h1 id={headingId} className="mt-1 text-2xl font-semibold md:text-3xl">
          Notifications
        </h1>
        <p className="mt-2 max-w-xl text-sm text-gray-700">
          Choose what we tell you, by e-mail and in your account. Every marketing e-mail also has a link to unsubscribe in one
          click.
        </p>
      </header>
      {body}
    </section>
  );
}
