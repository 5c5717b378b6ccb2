import { COOKIE_BANNER_DELAY_MS } from '@shop/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { focusRing } from '../../lib/cx';
import { LocalKeys, local } from '../../lib/storage';
import { helpContactHref } from './links';

/**
 * spec 2 "Cookie banner": shown COOKIE_BANNER_DELAY_MS after load unless consent is stored;
 * 'I Accept' stores consent and hides it. A non-modal region: it never takes focus or blocks the page.
 */
export function CookieBanner() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (local.get(LocalKeys.cookieConsent)) return;
    const timer = window.setTimeout(() => setVisible(true), COOKIE_BANNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  if (!visible) return null;

  const accept = () => {
    local.set(LocalKeys.cookieConsent, new Date().toISOString());
    setVisible(false);
  };

  // Compact, a strip at the foot of a phone's screen: it appears after the page has painted, and a
  // paragraph of small print there would be the largest thing a sign-in or account page paints (its
  // "largest contentful paint", late by the banner's delay); one short line keeps the page's own
  // content the largest.
  return (
    <section
      aria-label="Cookie preferences"
      className="fixed inset-x-3 bottom-3 z-30 flex items-center gap-3 rounded-xl border border-gray-200 bg-white p-3 shadow-[0_8px_30px_rgb(0_0_0/0.16)] md:inset-x-auto md:bottom-6 md:left-6 md:max-w-sm md:p-4"
    >
      <div className="min-w-0 flex-1">
        <h2 className="text-sm font-semibold text-gray-950">Cookie Preferences</h2>
        <p className="mt-0.5 text-xs text-gray-700">
          We use cookies.{' '}
          <Link
            to={helpContactHref('privacy_policy')}
            className={`font-medium text-gray-950 underline underline-offset-2 ${focusRing}`}
          >
            Privacy Policy
          </Link>
        </p>
      </div>
      <button
        type="button"
        onClick={accept}
        className={`inline-flex min-h-11 shrink-0 items-center justify-center rounded-full bg-gray-900 px-5 text-sm font-semibold text-white hover:bg-gray-700 ${focusRing}`}
      >
        I Accept
      </button>
    </section>
  );
}
