import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';

/**
 * Where the chat widget enters the page. Nothing of the chat is in a page's first load: once the
 * page has hydrated and the browser is idle, the widget's own chunk is imported; the dialog, the
 * Markdown and the diagrams come later still, when the chat is opened.
 */

const ChatWidget = lazy<ComponentType>(() =>
  import('./chat-widget').catch(() => ({
    // offline or a stale deployment: the page simply has no chat
    default: () => null,
  })),
);

/** Waits for an idle moment (or 2 s at most) so the chat never competes with the page's own work. */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 2_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, 200);
  return () => window.clearTimeout(handle);
}

export function ChatWidgetMount() {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <ChatWidget />
    </Suspense>
  );
}
