import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { AGENT_LOGIN_PATH, staffToken, useStaffToken } from '../features/chat-console/staff-session';

// The console (the conversations, the composer, the message views with their Markdown, the
// panels) is drawn in the browser only, for a signed-in agent: out of the page's first load, its
// code is asked for as soon as this route's code runs in a browser holding a staff token.
const loadConsole = () => import('../features/chat-console/console-page');
if (typeof document !== 'undefined' && staffToken()) loadConsole().catch(() => undefined);
const AgentConsole = lazy(() => loadConsole().then((module) => ({ default: module.AgentConsole })));

export const meta = () => [{ title: 'Agent console' }, { name: 'robots', content: 'noindex' }];

/** A staff page, outside the storefront's frame and its chat widget. */
export const handle = { staffPage: true };

/**
 * /agent: the support agents' console. It runs in the browser only (the staff token lives there);
 * without a staff token the agent is sent to /agent/login.
 */
export default function AgentRoute() {
  const token = useStaffToken();
  const navigate = useNavigate();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (hydrated && !token) navigate(AGENT_LOGIN_PATH, { replace: true });
  }, [hydrated, token, navigate]);

  if (!hydrated || !token) return <ConsoleLoading />;
  return (
    <Suspense fallback={<ConsoleLoading />}>
      <main id="main">
        <AgentConsole />
      </main>
    </Suspense>
  );
}

function ConsoleLoading() {
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center">
      <div role="status" aria-live="polite">
        <span className="block size-8 animate-spin rounded-full border-4 border-gray-300 border-t-gray-900" aria-hidden />
        <span className="sr-only">Loading the agent console…</span>
      </div>
    </main>
  );
}
