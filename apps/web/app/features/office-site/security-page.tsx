import { CODE_OK } from '@shop/contracts';
import { StaffTexts, type TTotpSetup } from '@shop/contracts/staff';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { staffApi } from '../chat-console';
import { useOfficeStaff } from '../office';

type Answer = { code: number; msg: string; result?: unknown };

const fieldError = (answer: Answer) =>
  (answer.result as { fields?: Record<string, string> } | null | undefined)?.fields?.code ?? answer.msg;

/**
 * /office/security: the signed-in member's own two-step sign-in. Setting it up shows a QR code (and
 * the secret, for typing in) to scan with an authenticator app; a current code switches it on, and
 * another switches it off.
 */
export function SecurityPage() {
  const me = useOfficeStaff();
  const [on, setOn] = useState(me.totp);
  const [setup, setSetup] = useState<TTotpSetup | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);

  const start = async () => {
    setBusy(true);
    setError(undefined);
    setDone(null);
    const answer = await staffApi.post<TTotpSetup>('/admin/staff/totp/setup', {}, { silent: true }).catch(() => null);
    setBusy(false);
    if (answer?.code === CODE_OK && answer.result) setSetup(answer.result);
    else setError(answer?.msg ?? 'The set-up could not start');
  };

  const submit = (path: string, after: boolean) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const code = String(new FormData(form).get('code') ?? '').trim();
    setBusy(true);
    setError(undefined);
    const answer: Answer = await staffApi
      .post(path, { code }, { silent: true })
      .catch((failure: unknown) => ({ code: 0, msg: failure instanceof Error ? failure.message : 'Not saved' }));
    setBusy(false);
    if (answer.code !== CODE_OK) return setError(fieldError(answer));
    form.reset();
    setOn(after);
    setSetup(null);
    setDone(after ? StaffTexts.totpOn : StaffTexts.totpOff);
  };

  return (
    <section aria-labelledby="security-title" className="max-w-xl">
      <h1 id="security-title" className="text-2xl font-semibold text-gray-900">
        My sign-in
      </h1>
      <div className="mt-4 rounded-lg border border-gray-200 bg-white p-5">
        <h2 className="text-lg font-semibold text-gray-900">Two-step sign-in</h2>
        <p className="mt-1 text-sm text-gray-700" data-totp={on ? 'on' : 'off'}>
          {on
            ? 'On: signing in asks for your password and the code your authenticator app shows.'
            : 'Off: signing in asks for your password only. Turn it on so a stolen password alone cannot open the back office.'}
        </p>
        {done ? (
          <p role="status" className="mt-3 rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">
            {done}
          </p>
        ) : null}

        {on ? (
          <form onSubmit={submit('/admin/staff/totp/disable', false)} noValidate className="mt-4 flex flex-col gap-3">
            <Field
              label="Current code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              error={error}
            />
            <Button type="submit" variant="secondary" busy={busy}>
              Turn two-step sign-in off
            </Button>
          </form>
        ) : setup ? (
          <form onSubmit={submit('/admin/staff/totp/enable', true)} noValidate className="mt-4 flex flex-col gap-3">
            <p className="text-sm text-gray-700">1. Scan this code with an authenticator app (or type the key below into it).</p>
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
              alt="QR code to scan with an authenticator app"
              width={200}
              height={200}
              className="rounded border border-gray-200"
            />
            <p className="text-sm break-all text-gray-700">
              Key:{' '}
              <code className="font-mono text-gray-900" data-totp-secret="">
                {setup.secret}
              </code>
            </p>
            <p className="text-sm text-gray-700">2. Enter the 6-digit code the app shows now.</p>
            <Field
              label="Code from the app"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              error={error}
            />
            <Button type="submit" busy={busy}>
              Turn two-step sign-in on
            </Button>
          </form>
        ) : (
          <div className="mt-4">
            {error ? (
              <p role="alert" className="mb-3 text-sm text-red-800">
                {error}
              </p>
            ) : null}
            <Button onClick={start} busy={busy}>
              Set up two-step sign-in
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
