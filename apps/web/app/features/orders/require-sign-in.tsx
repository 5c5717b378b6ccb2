import { GUARD_OVERLAY_MS } from '@shop/contracts';
import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useHydrated } from '../../lib/forms';
import { useUserToken } from '../../lib/session';

/**
 * For the order pages that spec 6 leaves out of the account guard's list (LogisticsInformation) but
 * that show a shopper's own order: the same loading overlay, then /login after GUARD_OVERLAY_MS when
 * no token is stored (spec 4 "Account page guard").
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const token = useUserToken();
  const navigate = useNavigate();

  useEffect(() => {
    if (!hydrated || token) return;
    const timer = window.setTimeout(() => navigate('/login', { replace: true }), GUARD_OVERLAY_MS);
    return () => window.clearTimeout(timer);
  }, [hydrated, token, navigate]);

  if (hydrated && token) return <>{children}</>;
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status" aria-live="polite">
      <span className="size-8 animate-spin rounded-full border-4 border-gray-300 border-t-gray-900" aria-hidden />
      <span className="sr-only">Loading your account…</span>
    </div>
  );
}
