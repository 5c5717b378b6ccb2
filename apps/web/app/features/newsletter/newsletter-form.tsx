import { SIGNUP_OFFER_USD, TOAST_DURATION_MS } from '@shop/contracts';
import type { TEmailCodeSent } from '@shop/contracts/email-codes';
import {
  NEWSLETTER_CONSENT_TEXT,
  NewsletterPaths,
  type NewsletterSource,
  newsletterEmailError,
} from '@shop/contracts/newsletter-rules';
import { type ComponentType, type FormEvent, lazy, Suspense, useEffect, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { countdownAfter } from '../../components/ui/send-code-button';
import { api } from '../../lib/api';
import { cx } from '../../lib/cx';
import type { VerifyDialogProps } from './verify-dialog';

// The dialog (Radix, the code field) is not part of the page's first load: it is imported when the
// shopper starts typing an address, and shown once a code has been sent.
const loadDialog = () => import('./verify-dialog');
const VerifyDialog = lazy<ComponentType<VerifyDialogProps>>(loadDialog);
const preloadDialog = () => {
  loadDialog().catch(() => undefined);
};

/**
 * The newsletter sign-up of the footer and of the floating widget (spec 2, 5): the address is
 * checked on blur and on Submit ('This field is required.', 'Please enter a valid email
 * address.'); the floating widget's messages disappear after 3 s. A valid address is signed up
 * (pending, with the words shown here as its consent) and mailed a code; the 'Verify your email'
 * dialog then takes the code.
 */
export function NewsletterForm({ source, className }: { source: NewsletterSource; className?: string }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState<{ email: string; seconds: number } | null>(null);
  const floating = source === 'floating';

  // spec 5: the floating widget's messages disappear after 3 s
  useEffect(() => {
    if (!floating || !error) return;
    const timer = window.setTimeout(() => setError(null), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [floating, error]);

  const check = () => {
    const message = newsletterEmailError(email);
    setError(message);
    return message === null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!check()) return;
    setSending(true);
    try {
      const address = email.trim();
      const envelope = await api.post<TEmailCodeSent>(NewsletterPaths.subscribe, { email: address, source });
      const seconds = countdownAfter(envelope);
      // a code was sent now, or shortly before (its countdown goes on): the dialog takes it
      if (seconds !== null) setVerifying({ email: address, seconds });
    } catch {
      // the api client has told the shopper what went wrong
    } finally {
      setSending(false);
    }
  };

  const errorId = `${id}-error`;
  const consentId = `${id}-consent`;
  return (
    <>
      <form noValidate onSubmit={(event) => void submit(event)} className={className} aria-label="Newsletter sign-up">
        <p id={consentId} className={cx('text-sm text-gray-700', floating ? 'mb-3' : 'mb-4 max-w-xl')}>
          {NEWSLETTER_CONSENT_TEXT[source]}
        </p>
        <div className={cx('flex gap-2', floating ? 'flex-col' : 'flex-col sm:flex-row')}>
          <label htmlFor={`${id}-email`} className="sr-only">
            Email
          </label>
          <input
            id={`${id}-email`}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="Enter your email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            onBlur={check}
            onFocus={preloadDialog}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${errorId} ${consentId}` : consentId}
            className={cx(
              'min-h-11 w-full min-w-0 rounded-md border bg-white px-3 text-base text-gray-900 placeholder:text-gray-500 focus:outline-2 focus:outline-offset-1 focus:outline-gray-900 sm:flex-1',
              error ? 'border-red-600' : 'border-gray-300',
            )}
          />
          <Button type="submit" busy={sending} className="shrink-0">
            Submit
          </Button>
        </div>
        <p id={errorId} role="alert" className="mt-1 min-h-5 text-sm text-red-700">
          {error}
        </p>
      </form>
      {verifying ? (
        <Suspense fallback={null}>
          <VerifyDialog
            source={source}
            initialEmail={verifying.email}
            initialSeconds={verifying.seconds}
            onClose={() => setVerifying(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** The footer's sign-up with its $10 offer (spec 2 "Footer"), as the root's lazily loaded footer part. */
export function FooterNewsletter() {
  return (
    <section aria-labelledby="footer-newsletter" className="border-b border-gray-200">
      <div className="mx-auto grid max-w-7xl gap-4 px-4 py-10 md:grid-cols-[1fr_1.4fr] md:items-start md:px-8">
        <h2 id="footer-newsletter" className="text-xl font-semibold text-gray-950 md:text-2xl">
          Get ${SIGNUP_OFFER_USD} off: join our newsletter
        </h2>
        <NewsletterForm source="footer" />
      </div>
    </section>
  );
}
