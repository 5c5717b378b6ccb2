import { CODE_OK, type Envelope, Messages } from '@shop/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from './button';
import { Field } from './field';
import { CodeField, countdownAfter } from './send-code-button';

/** The spec's warning before a code is asked for: an address is needed (spec 4). */
export function sendCodeWarning(email: string): string {
  return email.trim() ? '' : Messages.enterEmail;
}

/** The spec's warning before the code is sent: both fields are needed (spec 4). */
export function submitWarning(email: string, code: string): string {
  return email.trim() && code.trim() ? '' : Messages.fillAllFields;
}

/** The server's objection to the address (`result.fields.email`, e.g. one another account uses), or ''. */
export function emailFieldError(envelope: Envelope<unknown>): string {
  if (envelope.code === CODE_OK) return '';
  return (envelope.result as { fields?: Record<string, string> } | null)?.fields?.email ?? '';
}

export type EmailCodeOptions = {
  initialEmail?: string;
  initialCode?: string;
  /** asks the server to e-mail a code to the address */
  sendCode: (email: string) => Promise<Envelope<unknown>>;
  /** sends the address and the code; the caller acts on a success */
  confirm: (email: string, code: string) => Promise<Envelope<unknown>>;
  /** show the server's objection to the address beside the field */
  showEmailError?: boolean;
  /** empty the fields once the code is accepted */
  clearOnSuccess?: boolean;
};

/**
 * The state of an e-mail-code form: the address, the code, the spec's warnings and the busy
 * submit. It lives with the dialog's owner, so a dialog closed and opened again keeps what was typed.
 */
export function useEmailCode({
  initialEmail = '',
  initialCode = '',
  sendCode,
  confirm,
  showEmailError = false,
  clearOnSuccess = false,
}: EmailCodeOptions) {
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState(initialCode);
  const [emailError, setEmailError] = useState('');
  const [warning, setWarning] = useState('');
  const [busy, setBusy] = useState(false);

  const send = async () => {
    setWarning(sendCodeWarning(email));
    if (!email.trim()) return null;
    const envelope = await sendCode(email.trim());
    if (showEmailError) setEmailError(emailFieldError(envelope));
    return countdownAfter(envelope);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setWarning(submitWarning(email, code));
    if (!email.trim() || !code.trim()) return;
    setBusy(true);
    try {
      const envelope = await confirm(email.trim(), code.trim());
      if (showEmailError) setEmailError(emailFieldError(envelope));
      if (clearOnSuccess && envelope.code === CODE_OK) {
        setEmail('');
        setCode('');
      }
    } catch {
      // the api client has shown the server's message (spec 8 "Verify failure")
    } finally {
      setBusy(false);
    }
  };

  const changeEmail = (value: string) => {
    setEmail(value);
    setEmailError('');
  };

  return { email, code, emailError, warning, busy, send, submit, changeEmail, setCode };
}

export type EmailCodeState = ReturnType<typeof useEmailCode>;

/**
 * The e-mail-code form: the address, the code with its send-code button and countdown, the
 * warning line and the submit button. `label` names the form; `initialSeconds` is a countdown
 * already running when a code was sent just before the form appeared.
 */
export function EmailCodeForm({
  form,
  label,
  emailLabel = 'Email',
  submitLabel,
  initialSeconds,
}: {
  form: EmailCodeState;
  label: string;
  emailLabel?: string;
  submitLabel: string;
  initialSeconds?: number;
}) {
  return (
    <form noValidate onSubmit={(event) => void form.submit(event)} className="flex flex-col gap-4" aria-label={label}>
      <Field
        label={emailLabel}
        type="email"
        inputMode="email"
        autoComplete="email"
        value={form.email}
        error={form.emailError || undefined}
        onChange={(event) => form.changeEmail(event.target.value)}
      />
      <CodeField value={form.code} onChange={form.setCode} onSend={form.send} initialSeconds={initialSeconds} />
      <p role="alert" className="min-h-5 text-sm text-amber-800">
        {form.warning}
      </p>
      <Button type="submit" busy={form.busy} className="w-full">
        {submitLabel}
      </Button>
    </form>
  );
}
