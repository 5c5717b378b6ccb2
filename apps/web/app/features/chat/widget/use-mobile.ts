import { useSyncExternalStore } from 'react';
import { MOBILE_QUERY } from './chat-config';

function subscribe(listener: () => void) {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/** Whether the chat is laid out for a phone (spec 9: 768 px, and 844 px for the window adapter). */
export function useMobileChat(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}
