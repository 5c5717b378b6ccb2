import { CODE_OK, Messages } from '@shop/contracts';
import type { TUserInfo } from '@shop/contracts/auth';
import { EMAIL_CODE_RULES, EmailCodeMessages, type TEmailCodeSent } from '@shop/contracts/email-codes';
import { Dialog } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { CloseIcon } from '../../components/ui/icons';
import { CodeField, countdownAfter } from '../../components/ui/send-code-button';
import { api } from '../../lib/api';
import { loadUserInfo } from '../../lib/session';
import { notify } from '../../lib/toast';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900';

/**
 * AccountInfo's e-mail status and the spec's 'Verify your email' dialog (spec 2, 4, 5): e-mail and
 * code fields and the send-code button with its 60 s countdown; 'Please enter email.' when a code
 * is asked for without an address, 'Please fill all fields.' when one is missing on submit. Success
 * shows the server's message, refreshes the user info and closes the dialog. `initialCode` comes
 * from the e-mailed link and opens the dialog at once.
 */
export function VerifyEmail({
  user,
  initialCode = '',
  onVerified,
}: {
  user: TUserInfo;
  initialCode?: string;
  onVerified: (user: TUserInfo) => void;
}) {
  const [open, setOpen] = useState(Boolean(initialCode) && !user.email_verified);
  const [email, setEmail] = useState(user.email);
  const [code, setCode] = useState(initialCode);
  const [warning, setWarning] = useState('');
  const [busy, setBusy] = useState(false);

  const sendCode = async () => {
    if (!email.trim()) {
      setWarning(Messages.enterEmail);
      return null;
    }
    setWarning('');
    const envelope = await api.post<TEmailCodeSent>('/api/email/sendEmailCode', { email: email.trim(), type: 'verify' });
    return countdownAfter(envelope);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !code.trim()) {
      setWarning(Messages.fillAllFields);
      return;
    }
    setWarning('');
    setBusy(true);
    try {
      const envelope = await api.post<TUserInfo>('/api/email/verifyEmail', { email: email.trim(), code: code.trim() });
      if (envelope.code === CODE_OK) {
        notify.success(envelope.msg || EmailCodeMessages.verified);
        onVerified((await loadUserInfo()) ?? envelope.result);
        setOpen(false);
      }
    } catch {
      // the api client has shown the server's message (spec 8 "Verify failure")
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex max-w-xl flex-wrap items-center gap-x-4 gap-y-2 rounded-md border border-gray-200 px-4 py-3">
      <p className="text-sm">
        <span className="font-medium">{user.email}</span>{' '}
        {user.email_verified ? (
          <span className="ml-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">Verified</span>
        ) : (
          <span className="ml-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Not verified</span>
        )}
      </p>
      {user.email_verified ? null : (
        <Dialog.Root open={open} onOpenChange={setOpen}>
          <Dialog.Trigger asChild>
            <Button variant="secondary">Verify your email</Button>
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-50 bg-gray-950/40 animate-fade-in motion-reduce:animate-none" />
            <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 max-h-[100dvh] overflow-y-auto rounded-t-xl bg-white p-5 shadow-2xl outline-none animate-fade-in motion-reduce:animate-none sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-[min(28rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl sm:p-6">
              <div className="mb-4 flex items-center justify-between">
                <Dialog.Title className="text-lg font-semibold text-gray-950">Verify your email</Dialog.Title>
                <Dialog.Close
                  aria-label="Close"
                  className={`-mr-2 inline-flex size-11 items-center justify-center rounded-md text-gray-900 hover:bg-gray-100 ${focusRing}`}
                >
                  <CloseIcon width={22} height={22} />
                </Dialog.Close>
              </div>
              <Dialog.Description className="mb-4 text-sm text-gray-700">
                We send a {EMAIL_CODE_RULES.digits}-digit code to your e-mail address; enter it here.
              </Dialog.Description>
              <form
                noValidate
                onSubmit={(event) => void submit(event)}
                className="flex flex-col gap-4"
                aria-label="Verify your email"
              >
                <Field
                  label="Email"
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                />
                <CodeField value={code} onChange={setCode} onSend={sendCode} />
                <p role="alert" className="min-h-5 text-sm text-amber-800">
                  {warning}
                </p>
                <Button type="submit" busy={busy} className="w-full">
                  Verify
                </Button>
              </form>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      )}
    </div>
  );
}
