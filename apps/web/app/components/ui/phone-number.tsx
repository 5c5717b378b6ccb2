import { useSyncExternalStore } from 'react';

/**
 * A stored phone number shown in the international format ('+1 202 555 0143'). The formatting
 * needs the phone numbers' metadata (about 50 KB gzip), which pages that only show a number load
 * once one is shown, after they have become usable; until it arrives the number reads as stored
 * ('+12025550143').
 */

type Format = (phone: string) => string;
let format: Format | null = null;
let pending: Promise<void> | null = null;
const listeners = new Set<() => void>();

function loadFormat(): Promise<void> {
  pending ??= import('./phone-format').then(
    (module) => {
      format = module.formatPhone;
      for (const notify of listeners) notify();
    },
    () => {
      // shown as stored; the next number drawn tries again
      pending = null;
    },
  );
  return pending;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  void loadFormat();
  return () => {
    listeners.delete(listener);
  };
}

export function PhoneNumber({ value }: { value: string }) {
  const formatted = useSyncExternalStore(
    subscribe,
    () => format,
    () => null,
  );
  return <>{formatted ? formatted(value) : value}</>;
}
