import { CODE_OK } from '@shop/contracts';
// types only from the schemas' modules: the console carries no zod
import type {
  TContactGoodwillRequest,
  TContactOrderRequest,
  TContactPanel,
  TContactReturnQuoteRequest,
  TContactReturnRequest,
} from '@shop/contracts/chat-contact';
import { ContactPaths } from '@shop/contracts/chat-contact-rules';
import type { TRefundQuote } from '@shop/contracts/returns';
import { useCallback, useEffect, useRef, useState } from 'react';
import { NetworkFailure } from '../../lib/api';
import { staffApi } from './staff-session';

export type ContactState = { status: 'idle' | 'loading' | 'ready' | 'failed'; panel: TContactPanel | null };

/** An action's answer: done with the server's words, or refused with its message. */
export type ContactOutcome<T = unknown> = { ok: true; msg: string; result: T } | { ok: false; msg: string };

async function call<T>(path: string, body: unknown): Promise<ContactOutcome<T>> {
  try {
    const envelope = await staffApi.post<T>(path, body, { silent: true });
    return envelope.code === CODE_OK
      ? { ok: true, msg: envelope.msg, result: envelope.result as T }
      : { ok: false, msg: envelope.msg };
  } catch (error) {
    return { ok: false, msg: error instanceof NetworkFailure ? error.message : String(error) };
  }
}

/** What an agent does for the shopper (decision 0059); the server answers for every rule. */
export const contactActions = {
  sendOrderCard: (input: TContactOrderRequest) => call<{ message_id: number | null }>(ContactPaths.orderCard, input),
  sendTracking: (input: TContactOrderRequest) => call<{ message_id: number | null }>(ContactPaths.tracking, input),
  returnQuote: (input: TContactReturnQuoteRequest) => call<TRefundQuote>(ContactPaths.returnQuote, input),
  startReturn: (input: TContactReturnRequest) => call<{ return_no: string }>(ContactPaths.startReturn, input),
  grantGoodwill: (input: TContactGoodwillRequest) => call<{ amount: number }>(ContactPaths.goodwill, input),
};

/** The contact panel of the open conversation (`GET /admin/kefu/contact`), loaded when it changes and on `reload`. */
export function useContactPanel(sessionId: number | null) {
  const [state, setState] = useState<ContactState>({ status: 'idle', panel: null });
  // an answer to an older request is dropped
  const request = useRef(0);

  const reload = useCallback(async () => {
    const id = ++request.current;
    if (sessionId === null) {
      setState({ status: 'idle', panel: null });
      return;
    }
    setState((current) => ({ status: 'loading', panel: current.panel?.session_id === sessionId ? current.panel : null }));
    try {
      const envelope = await staffApi.get<TContactPanel>(ContactPaths.panel, { query: { session_id: sessionId }, silent: true });
      if (id !== request.current) return;
      setState(
        envelope.code === CODE_OK && envelope.result
          ? { status: 'ready', panel: envelope.result }
          : { status: 'failed', panel: null },
      );
    } catch {
      if (id === request.current) setState({ status: 'failed', panel: null });
    }
  }, [sessionId]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { ...state, reload };
}
