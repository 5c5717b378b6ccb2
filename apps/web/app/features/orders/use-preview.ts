import { CODE_OK } from '@shop/contracts';
import type { TOrderPreview, TOrderPreviewRequest } from '@shop/contracts/orders';
import { useEffect, useRef, useState } from 'react';
import { isCancelled } from '../../lib/api';
import { previewOrder } from './order-api';

/** A burst of changes (a stepper pressed three times) asks the server once, this long after the last. */
const PREVIEW_DEBOUNCE_MS = 250;

export type PreviewState = {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /** the last breakdown the server sent; it stays on screen while a newer one is asked for */
  preview: TOrderPreview | null;
  /** a newer breakdown is on its way: the one shown may be out of date */
  stale: boolean;
  /** why the server could not price the order, in its words */
  message: string;
  /** the request's fields the server refused, each with its message (a coupon already used, too many points) */
  fields: Record<string, string>;
};

const IDLE: PreviewState = { status: 'idle', preview: null, stale: false, message: '', fields: {} };

/**
 * The checkout's price breakdown from POST /shop/order/preview, asked for again whenever what it
 * depends on changes (the lines and their quantities, the address, the shipping method, the coupon
 * and the points). Only the
 * newest answer counts. `request` null (a guest, an empty bag) asks nothing.
 */
export function useOrderPreview(request: TOrderPreviewRequest | null, revision: string) {
  const [state, setState] = useState<PreviewState>(IDLE);
  const [attempt, setAttempt] = useState(0);
  const sequence = useRef(0);
  const latest = useRef(request);
  latest.current = request;
  const key = request === null ? null : `${JSON.stringify(request)}|${revision}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the request; `attempt` asks again
  useEffect(() => {
    const current = latest.current;
    if (key === null || current === null) {
      sequence.current += 1;
      setState(IDLE);
      return;
    }
    const mine = ++sequence.current;
    setState((shown) => ({ ...shown, status: shown.preview ? shown.status : 'loading', stale: true }));
    const timer = window.setTimeout(() => {
      previewOrder(current)
        .then((envelope) => {
          if (mine !== sequence.current) return;
          if (envelope.code === CODE_OK && envelope.result) {
            setState({ status: 'ready', preview: envelope.result, stale: false, message: '', fields: {} });
          } else if (envelope.code !== 401) {
            const fields = (envelope.result as { fields?: Record<string, string> } | null)?.fields ?? {};
            setState({ status: 'failed', preview: null, stale: false, message: envelope.msg, fields });
          }
        })
        .catch((error: unknown) => {
          if (mine !== sequence.current || isCancelled(error)) return;
          setState({ status: 'failed', preview: null, stale: false, message: '', fields: {} });
        });
    }, PREVIEW_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [key, attempt]);

  return { ...state, retry: () => setAttempt((count) => count + 1) };
}
