import { CODE_OK, SIGNUP_OFFER_USD } from '@shop/contracts';
import { EMAIL_CODE_RULES, type TEmailCodeSent } from '@shop/contracts/email-codes';
import {
  NewsletterMessages,
  NewsletterPaths,
  type NewsletterSource,
  type TNewsletterSubscription,
} from '@shop/contracts/newsletter';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormDialog } from '../../components/ui/dialog';
import { EmailCodeForm, useEmailCode } from '../../components/ui/email-code-form';
import { api } from '../../lib/api';
import { focusRing } from '../../lib/cx';
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

type Guest = { email: string; account: boolean };

const linkButton = `inline-flex min-h-11 flex-1 items-center justify-center rounded-md px-5 text-sm font-semibold ${focusRing}`;
const primaryLink = 'bg-gray-900 text-white hover:bg-gray-700';
const secondaryLink = 'border border-gray-300 text-gray-900 hover:border-gray-900';

/**
 * spec 2, 4, 5: the newsletter's 'Verify your email' dialog — e-mail and code fields, the
 * send-code button with its 60 s countdown ('Please enter email.' without an address), 'Please
 * fill all fields.' when one is missing on submit. Confirmed, a signed-in shopper goes to myPoints;
 * a guest is asked to sign in or register with the address, which the sign-in page keeps.
 */
export default function NewsletterVerifyDialog({ source, initialEmail, initialSeconds, onClose }: VerifyDialogProps) {
  const navigate = useNavigate();
  const [guest, setGuest] = useState<Guest | null>(null);
  const form = useEmailCode({
    initialEmail,
    sendCode: (email) => api.post<TEmailCodeSent>(NewsletterPaths.subscribe, { email, source }),
    confirm: async (email, code) => {
      const envelope = await api.post<TNewsletterSubscription>(NewsletterPaths.confirm, { email, code });
      if (envelope.code !== CODE_OK) return envelope;
      notify.success(envelope.msg || NewsletterMessages.subscribed);
      if (local.get(LocalKeys.userToken)) {
        // spec 4: the user info is refreshed; spec 2: after the dialog closes the shopper goes to myPoints
        void loadUserInfo();
        onClose();
        navigate(MY_POINTS_HREF);
      } else {
        setGuest({ email: envelope.result.email, account: envelope.result.account });
      }
      return envelope;
    },
  });

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={guest ? 'You are subscribed' : 'Verify your email'}
    >
      {guest ? (
        <GuestChoice guest={guest} onClose={onClose} />
      ) : (
        <>
          <Dialog.Description className="mb-4 text-sm text-gray-700">
            We have sent a {EMAIL_CODE_RULES.digits}-digit code to your e-mail address; enter it here to confirm your subscription
            and get your ${SIGNUP_OFFER_USD} offer.
          </Dialog.Description>
          <EmailCodeForm form={form} label="Verify your email" submitLabel="Verify" initialSeconds={initialSeconds} />
        </>
      )}
    </FormDialog>
  );
}

/** A confirmed guest's way on: sign in when the address has an account, else register, with the address kept. */
function GuestChoice({ guest, onClose }: { guest: Guest; onClose: () => void }) {
  return (
    <>
      <Dialog.Description className="mb-5 text-sm text-gray-700">
        {guest.account ? NewsletterMessages.guestSignIn : NewsletterMessages.guestRegister}
      </Dialog.Description>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link
          to={signInWithEmailHref(guest.email, 'sign-in')}
          onClick={onClose}
          className={`${linkButton} ${guest.account ? primaryLink : secondaryLink}`}
        >
          Sign in
        </Link>
        <Link
          to={signInWithEmailHref(guest.email, 'register')}
          onClick={onClose}
          className={`${linkButton} ${guest.account ? secondaryLink : primaryLink}`}
        >
          Register
        </Link>
      </div>
    </>
  );
}
