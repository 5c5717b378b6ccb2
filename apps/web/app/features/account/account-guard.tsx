import { GUARD_OVERLAY_MS, GUARDED_ACCOUNT_PAGES, REDIRECT_AFTER_401_MS } from '@shop/contracts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useUserToken } from '../../lib/session';

const guarded = new Set<string>(GUARDED_ACCOUNT_PAGES);

/** The account page a path names: '/ShoppingListMain/MyAccount' → 'MyAccount'. */
export const accountPageOf = (pathname: string) => pathname.split('/').filter(Boolean)[1] ?? '';

export const isGuardedAccountPath = (pathname: string) => guarded.has(accountPageOf(pathname));

/**
 * spec 4 and 6: a guarded account page shows a loading overlay; without a stored token the visitor
 * is sent to /login after one second. The token lives in the browser, so the server always renders
 * the overlay and the page itself appears after hydration.
 */
export function AccountGuard({ children }: { children: ReactNode }) {
  const token = useUserToken();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [hydrated, setHydrated] = useState(false);
  const needsToken = isGuardedAccountPath(pathname);
  // A token that disappears during the visit was ended by a 401 (or a sign-out in another tab):
  // the session's own handler says so and leaves after its 1.5 s (spec 8), so the guard waits as long.
  const hadToken = useRef(false);
  if (token) hadToken.current = true;

  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (!hydrated || token || !needsToken) return;
    const delay = hadToken.current ? REDIRECT_AFTER_401_MS : GUARD_OVERLAY_MS;
    const timer = window.setTimeout(() => navigate('/login', { replace: true }), delay);
    return () => window.clearTimeout(timer);
  }, [hydrated, token, needsToken, navigate]);

  if (!needsToken || (hydrated && token)) return <>{children}</>;
  // a screen tall, as the account area it stands for: the footer stays put when the area appears
  return (
    <div className="flex min-h-dvh items-center justify-center" role="status" aria-live="polite">
      <span className="size-8 animate-spin rounded-full border-4 border-gray-300 border-t-gray-900" aria-hidden />
      <span className="sr-only">Loading your account…</span>
    </div>
  );
}
