import { GUARD_OVERLAY_MS, GUARDED_ACCOUNT_PAGES } from '@shop/contracts';
import { type ReactNode, useEffect, useState } from 'react';
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

  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (!hydrated || token || !needsToken) return;
    const timer = window.setTimeout(() => navigate('/login', { replace: true }), GUARD_OVERLAY_MS);
    return () => window.clearTimeout(timer);
  }, [hydrated, token, needsToken, navigate]);

  if (!needsToken || (hydrated && token)) return <>{children}</>;
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status" aria-live="polite">
      <span className="size-8 animate-spin rounded-full border-4 border-gray-300 border-t-gray-900" aria-hidden />
      <span className="sr-only">Loading your account…</span>
    </div>
  );
}
