import { CODE_OK } from '@shop/contracts';
import type { TRefundQuote } from '@shop/contracts/returns';
import { useEffect, useRef, useState } from 'react';
import { isCancelled } from '../../lib/api';
import { fieldErrorsOf } from './parts';
import { quoteReturn } from './returns-api';

/** How long the form waits after the last change before asking for a new quote. */
const QUOTE_AFTER_MS = 250;

/**
 * The live quote for what is chosen: asked again a moment after each change; an answer that
 * arrives after a newer question is dropped. `error` is the server's refusal of the choice.
 */
export function useQuote(
  orderId: number,
  kind: 'refund' | 'return' | 'exchange',
  items: { order_item_id: number; num: number }[],
  ready: boolean,
) {
  const [state, setState] = useState<{
    quote: TRefundQuote | null;
    pending: boolean;
    error: string | null;
    fields: Record<string, string>;
  }>({
    quote: null,
    pending: false,
    error: null,
    fields: {},
  });
  const asked = useRef(0);
  const key = JSON.stringify({ kind, items });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for kind and items
  useEffect(() => {
    const mine = ++asked.current;
    if (!ready) {
      setState({ quote: null, pending: false, error: null, fields: {} });
      return;
    }
    setState((now) => ({ ...now, pending: true }));
    const timer = window.setTimeout(() => {
      quoteReturn({ order_id: orderId, items, kind })
        .then((envelope) => {
          if (mine !== asked.current) return;
          if (envelope.code === CODE_OK) setState({ quote: envelope.result, pending: false, error: null, fields: {} });
          else setState({ quote: null, pending: false, error: envelope.msg, fields: fieldErrorsOf(envelope.result) });
        })
        .catch((failure: unknown) => {
          if (mine !== asked.current || isCancelled(failure)) return;
          setState({ quote: null, pending: false, error: 'We couldn’t work out the refund. Check your connection.', fields: {} });
        });
    }, QUOTE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [orderId, key, ready]);
  return state;
}
