import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { Button } from '../components/ui/button';
import { useStaffToken } from '../features/chat-console';
import { OFFICE_LOGIN_PATH } from '../features/office/areas';
import { OfficeFrame } from '../features/office/office-frame';
import { useStaffInfo } from '../features/office/staff-info';
import { useHydrated } from '../lib/forms';

export const meta = () => [{ title: 'Back office' }, { name: 'robots', content: 'noindex' }];

/** A staff page, outside the storefront's frame and its chat widget. */
export const handle = { staffPage: true };

/**
 * /office: the shop run from a browser by its staff. The staff token lives in the browser, so the
 * frame is drawn once the page runs there; without a token the staff member is sent to sign in.
 */
export default function OfficeLayout() {
  const hydrated = useHydrated();
  const token = useStaffToken();
  const navigate = useNavigate();
  const { load: info, retry } = useStaffInfo(token);

  useEffect(() => {
    if (hydrated && !token) {
      const next = `${window.location.pathname}${window.location.search}`;
      navigate(`${OFFICE_LOGIN_PATH}?next=${encodeURIComponent(next)}`, { replace: true });
    }
  }, [hydrated, token, navigate]);

  if (!hydrated || !token || info.status === 'loading') {
    return (
      <div className="flex min-h-dvh items-center justify-center bg-gray-50" role="status" aria-live="polite">
        <span className="size-6 animate-spin rounded-full border-2 border-gray-900 border-t-transparent" aria-hidden />
        <span className="sr-only">Loading the back office…</span>
      </div>
    );
  }
  if (info.status !== 'ready') {
    return (
      <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-gray-50 px-4 text-center">
        <p role="alert" className="text-gray-800">
          The back office could not be reached.
        </p>
        <Button onClick={retry}>Try again</Button>
      </main>
    );
  }
  return (
    <OfficeFrame staff={info.value}>
      <Outlet context={{ staff: info.value }} />
    </OfficeFrame>
  );
}
