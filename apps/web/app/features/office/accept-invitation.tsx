import { CODE_OK } from '@shop/contracts';
import { passwordChecks } from '@shop/contracts/auth-rules';
import { StaffTexts } from '@shop/contracts/staff';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { staffApi } from '../chat-console';
import { OFFICE_LOGIN_PATH } from './areas';

/** /office/accept?token=…: a new member chooses their password; then they sign in. */
export function AcceptInvitation() {
  const [token, setToken] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [accepted, setAccepted] = useState(false);
  useEffect(() => setToken(new URLSearchParams(window.location.search).get('token') ?? ''), []);

  const checks = passwordChecks(password, confirmation);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!checks.match) return setErrors({ confirmation: 'The two passwords differ' });
    setBusy(true);
    setErrors({});
    const answer = await staffApi
      .post('/admin/staff/accept', { token, password }, { silent: true })
      .catch((failure: unknown) => ({ code: 0, msg: failure instanceof Error ? failure.message : 'Not saved', result: null }));
    setBusy(false);
    if (answer.code === CODE_OK) return setAccepted(true);
    const fields = (answer.result as { fields?: Record<string, string> } | null)?.fields;
    setErrors(fields ?? { token: answer.msg });
  };

  if (accepted) {
    return (
      <div role="status">
        <p className="text-gray-800">{StaffTexts.accepted}</p>
        <a
          href={OFFICE_LOGIN_PATH}
          className="mt-4 inline-flex min-h-11 items-center rounded-md bg-gray-900 px-5 text-sm font-semibold text-white"
        >
          Sign in
        </a>
      </div>
    );
  }
  if (token === '') {
    return (
      <p role="alert" className="text-red-800">
        {StaffTexts.invitationInvalid}
      </p>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Choose your password">
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        // typing waits for the page to run: what is typed before would be lost as it takes over
        disabled={token === null}
        error={errors.password}
        hint="At least 8 characters, upper and lower case."
      />
      <Field
        label="Repeat the password"
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
        disabled={token === null}
        error={errors.confirmation}
      />
      {errors.token ? (
        <p role="alert" className="text-sm text-red-800">
          {errors.token}
        </p>
      ) : null}
      <Button type="submit" busy={busy} disabled={token === null}>
        Join the team
      </Button>
    </form>
  );
}
