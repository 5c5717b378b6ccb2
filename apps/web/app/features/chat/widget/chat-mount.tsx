import { type ComponentType, lazy, Suspense } from 'react';
import { useIdle } from '../../../lib/idle';

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

export function ChatWidgetMount() {
  if (!useIdle()) return null;
  return (
    <Suspense fallback={null}>
      <ChatWidget />
    </Suspense>
  );
}
