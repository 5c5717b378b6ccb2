import { CODE_OK, type Envelope } from '@shop/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isCancelled } from './api';

export type Load<T> =
  | { status: 'loading' }
  | { status: 'ready'; value: T }
  /** 404 (or 400 for an id that cannot be one): another shopper's order looks exactly like none */
  | { status: 'missing' }
  | { status: 'failed' };

/**
 * Loads what `fetcher` answers once the page is in the browser (the token lives there), again
 * whenever `key` changes and on `reload()`. A new key shows the loading state; a reload keeps what
 * is shown on screen until the answer arrives. `set`
 * replaces the value with one an action answered (a cancelled order), without a round trip.
 */
export function useLoad<T>(key: string | null, fetcher: () => Promise<Envelope<T>>) {
  const [load, setLoad] = useState<Load<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(fetcher);
  latest.current = fetcher;
  const shownKey = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again; the fetcher follows `key`
  useEffect(() => {
    if (key === null) return;
    let active = true;
    const sameKey = shownKey.current === key;
    shownKey.current = key;
    setLoad((current) => (sameKey && current.status === 'ready' ? current : { status: 'loading' }));
    latest
      .current()
      .then((envelope) => {
        if (!active) return;
        if (envelope.code === CODE_OK && envelope.result !== null && envelope.result !== undefined) {
          setLoad({ status: 'ready', value: envelope.result });
        } else if (envelope.code === 404 || envelope.code === 400) {
          setLoad({ status: 'missing' });
        } else if (envelope.code !== 401) {
          setLoad({ status: 'failed' });
        }
      })
      .catch((error: unknown) => {
        if (active && !isCancelled(error)) setLoad({ status: 'failed' });
      });
    return () => {
      active = false;
    };
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  const retry = useCallback(() => {
    setLoad({ status: 'loading' });
    setAttempt((count) => count + 1);
  }, []);
  const set = useCallback((value: T) => setLoad({ status: 'ready', value }), []);
  return { load, reload, retry, set };
}
