import { CODE_OK, Messages, SIGNUP_OFFER_USD } from '@shop/contracts';
import { EMAIL_CODE_RULES, type TEmailCodeSent } from '@shop/contracts/email-codes';
import {
  NewsletterMessages,
  NewsletterPaths,
  type NewsletterSource,
  type TNewsletterSubscription,
} from '@shop/contracts/newsletter';
import { Dialog } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { CloseIcon } from '../../components/ui/icons';
import { CodeField, countdownAfter } from '../../components/ui/send-code-button';
import { api } from '../../lib/api';
import { loadUserInfo } from '../../lib/session';
import { LocalKeys, local } from '../../lib/storage';
import { notify } from '../../lib/toast';
import { MY_POINTS_HREF, signInWithEmailHref } from './paths';

export type VerifyDialogProps = {
  source: NewsletterSource;
  initialEmail: string;
  /** the send-code countdown already running (the code was sent by the sign-up) */
  initialSeconds: number;
  onClose: () => void;
};

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900';
const linkButton =
  'inline-flex min-h-11 flex-1 items-center justify-center rounded-md px-5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900';

/**
 * spec 2, 4, 5: the newsletter's 'Verify your email' dialog — e-mail and code fields, the
 * send-code button with its 60 s countdown ('Please enter email.' without an address), 'Please
 * fill all fields.' when one is missing on submit. Confirmed, a signed-in shopper goes to myPoints;
 * a guest is asked to sign in or register with the address, which the sign-in page keeps.
 */
export default function NewsletterVerifyDialog({ source, initialEmail, initialSeconds, onClose }: VerifyDialogProps) {
  const navigate = useNavigate();
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [warning, setWarning] = useState('');
  const [busy, setBusy] = useState(false);
  const [guest, setGuest] = useState<{ email: string; account: boolean } | null>(null);

  const sendCode = async () => {
    if (!email.trim()) {
      setWarning(Messages.enterEmail);
      return null;
    }
    setWarning('');
    const envelope = await api.post<TEmailCodeSent>(NewsletterPaths.subscribe, { email: email.trim(), source });
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
      const envelope = await api.post<TNewsletterSubscription>(NewsletterPaths.confirm, {
        email: email.trim(),
        code: code.trim(),
      });
      if (envelope.code !== CODE_OK) return;
      notify.success(envelope.msg || NewsletterMessages.subscribed);
      if (local.get(LocalKeys.userToken)) {
        // spec 4: the user info is refreshed; spec 2: after the dialog closes the shopper goes to myPoints
        void loadUserInfo();
        onClose();
        navigate(MY_POINTS_HREF);
      } else {
        setGuest({ email: envelope.result.email, account: envelope.result.account });
      }
    } catch {
      // the api client has shown the server's message (spec 8 "Verify failure")
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-gray-950/40 animate-fade-in motion-reduce:animate-none" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 max-h-[100dvh] overflow-y-auto rounded-t-xl bg-white p-5 shadow-2xl outline-none animate-fade-in motion-reduce:animate-none sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-[min(28rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl sm:p-6">
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold text-gray-950">
              {guest ? 'You are subscribed' : 'Verify your email'}
            </Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className={`-mr-2 inline-flex size-11 items-center justify-center rounded-md text-gray-900 hover:bg-gray-100 ${focusRing}`}
            >
              <CloseIcon width={22} height={22} />
            </Dialog.Close>
          </div>
          {guest ? (
            <>
              <Dialog.Description className="mb-5 text-sm text-gray-700">
                {guest.account ? NewsletterMessages.guestSignIn : NewsletterMessages.guestRegister}
              </Dialog.Description>
              <div className="flex flex-col gap-3 sm:flex-row">
                <Link
                  to={signInWithEmailHref(guest.email, 'sign-in')}
                  onClick={onClose}
                  className={`${linkButton} ${guest.account ? 'bg-gray-900 text-white hover:bg-gray-700' : 'border border-gray-300 text-gray-900 hover:border-gray-900'}`}
                >
                  Sign in
                </Link>
                <Link
                  to={signInWithEmailHref(guest.email, 'register')}
                  onClick={onClose}
                  className={`${linkButton} ${guest.account ? 'border border-gray-300 text-gray-900 hover:border-gray-900' : 'bg-gray-900 text-white hover:bg-gray-700'}`}
                >
                  Register
                </Link>
              </div>
            </>
          ) : (
            <>
              <Dialog.Description className="mb-4 text-sm text-gray-700">
                We have sent a {EMAIL_CODE_RULES.digits}-digit code to your e-mail address; enter it here to confirm your
                subscription and get your ${SIGNUP_OFFER_USD} offer.
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
                <CodeField value={code} onChange={setCode} onSend={sendCode} initialSeconds={initialSeconds} />
                <p role="alert" className="min-h-5 text-sm text-amber-800">
                  {warning}
                </p>
                <Button type="submit" busy={busy} className="w-full">
                  Verify
                </Button>
              </form>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
