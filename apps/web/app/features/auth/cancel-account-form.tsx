import { CODE_OK, EMAIL_CODE_MAX_LENGTH, Messages } from '@shop/contracts';
import type { TEmailCodeSent } from '@shop/contracts/email-codes';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { CodeField, countdownAfter } from '../../components/ui/send-code-button';
import { api } from '../../lib/api';
import { clearAllStorage } from '../../lib/storage';

const REASON_MAX_LENGTH = 500;

/**
 * /cancelAccount's form (spec 7 "Account and session"): a code mailed to the account's address,
 * an optional reason, then a last confirmation before POST /api/signout. The server's refusals
 * (an order on its way, a wrong code) are shown as it words them; once done, the browser forgets
 * the session and `onCancelled` lets the page say what happened.
 */
export function CancelAccountForm({ email, onCancelled }: { email: string; onCancelled: () => void }) {
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const [warning, setWarning] = useState('');
  const [stage, setStage] = useState<'form' | 'confirm'>('form');
  const [busy, setBusy] = useState(false);
  const confirmHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (stage === 'confirm') confirmHeading.current?.focus();
  }, [stage]);

  const sendCode = async () => countdownAfter(await api.post<TEmailCodeSent>('/api/send/signout/mail', { email }));

  const review = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) {
      setWarning(Messages.fillAllFields);
      return;
    }
    if (!/^\d+$/.test(typed) || typed.length > EMAIL_CODE_MAX_LENGTH) {
      setWarning('The verification code is incorrect.');
      return;
    }
    setWarning('');
    setStage('confirm');
  };

  const cancelAccount = async () => {
    setBusy(true);
    try {
      const envelope = await api.post('/api/signout', { email, code: code.trim(), reason: reason.trim() || undefined });
      if (envelope.code === CODE_OK) {
        onCancelled();
        clearAllStorage();
      } else {
        setStage('form');
        setWarning(envelope.msg);
      }
    } catch {
      setStage('form');
    } finally {
      setBusy(false);
    }
  };

  if (stage === 'confirm') {
    return (
      <section aria-labelledby="confirm-title" className="space-y-4 rounded-md border border-red-300 bg-red-50 p-4">
        <h2 id="confirm-title" ref={confirmHeading} tabIndex={-1} className="text-lg font-semibold text-red-900 outline-none">
          Cancel your account for good?
        </h2>
        <p className="text-sm text-red-900">
          This cannot be undone: your profile, addresses, bag, wishlist, browsing history and points are erased at once, and you
          are signed out everywhere.
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button busy={busy} onClick={() => void cancelAccount()} className="bg-red-700 hover:bg-red-800">
            Yes, cancel my account
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => setStage('form')}>
            Keep my account
          </Button>
        </div>
      </section>
    );
  }

  return (
    <form noValidate onSubmit={review} className="flex flex-col gap-4" aria-label="Cancel the account">
      <Field label="Email" type="email" value={email} readOnly autoComplete="email" />
      <CodeField value={code} onChange={setCode} onSend={sendCode} />
      <div className="flex flex-col gap-1">
        <label htmlFor="cancel-reason" className="text-sm font-medium text-gray-800">
          Why are you leaving? (optional)
        </label>
        <textarea
          id="cancel-reason"
          rows={3}
          maxLength={REASON_MAX_LENGTH}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          className="w-full rounded-md border border-gray-300 px-3 py-2 text-base focus:outline-2 focus:outline-offset-1 focus:outline-gray-900"
        />
      </div>
      <p role="alert" className="min-h-5 text-sm text-amber-800">
        {warning}
      </p>
      <Button type="submit" className="w-full sm:w-auto">
        Cancel my account
      </Button>
    </form>
  );
}
