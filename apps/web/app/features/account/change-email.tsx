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
import { LocalKeys, local } from '../../lib/storage';
import { notify } from '../../lib/toast';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900';

type FieldErrors = { fields?: Record<string, string> } | null;

/**
 * AccountInfo's change of e-mail (decision 0028): the shopper enters the new address, a code goes
 * to it (`/shop/user/email/change/send`), and the code makes it the account's address
 * (`/shop/user/email/change`). An address another account uses is refused beside the field. On
 * success the stored user info is replaced and the dialog closes.
 */
export function ChangeEmail({ user, onChanged }: { user: TUserInfo; onChanged: (user: TUserInfo) => void }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [emailError, setEmailError] = useState('');
  const [warning, setWarning] = useState('');
  const [busy, setBusy] = useState(false);

  const fieldError = (result: unknown) => (result as FieldErrors)?.fields?.email ?? '';

  const sendCode = async () => {
    if (!email.trim()) {
      setWarning(Messages.enterEmail);
      return null;
    }
    setWarning('');
    const envelope = await api.post<TEmailCodeSent>('/shop/user/email/change/send', { email: email.trim() });
    setEmailError(envelope.code === CODE_OK ? '' : fieldError(envelope.result));
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
      const envelope = await api.post<TUserInfo>('/shop/user/email/change', { email: email.trim(), code: code.trim() });
      if (envelope.code === CODE_OK) {
        local.set(LocalKeys.userInfo, JSON.stringify(envelope.result));
        notify.success(envelope.msg || EmailCodeMessages.emailChanged);
        onChanged(envelope.result);
        setOpen(false);
        setEmail('');
        setCode('');
        setEmailError('');
      } else {
        setEmailError(fieldError(envelope.result));
      }
    } catch {
      // the api client has shown what went wrong
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="secondary">Change email</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-gray-950/40 animate-fade-in motion-reduce:animate-none" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 max-h-[100dvh] overflow-y-auto rounded-t-xl bg-white p-5 shadow-2xl outline-none animate-fade-in motion-reduce:animate-none sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-[min(28rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl sm:p-6">
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold text-gray-950">Change your email</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className={`-mr-2 inline-flex size-11 items-center justify-center rounded-md text-gray-900 hover:bg-gray-100 ${focusRing}`}
            >
              <CloseIcon width={22} height={22} />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mb-4 text-sm text-gray-700">
            You sign in with {user.email} today. We send a {EMAIL_CODE_RULES.digits}-digit code to the new address; enter it here
            to make it your sign-in name. We tell your current address about the change.
          </Dialog.Description>
          <form
            noValidate
            onSubmit={(event) => void submit(event)}
            className="flex flex-col gap-4"
            aria-label="Change your email"
          >
            <Field
              label="New email"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={email}
              error={emailError || undefined}
              onChange={(event) => {
                setEmail(event.target.value);
                setEmailError('');
              }}
            />
            <CodeField value={code} onChange={setCode} onSend={sendCode} />
            <p role="alert" className="min-h-5 text-sm text-amber-800">
              {warning}
            </p>
            <Button type="submit" busy={busy} className="w-full">
              Change email
            </Button>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
