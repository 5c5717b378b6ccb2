import { CODE_OK } from '@shop/contracts';
import type { TCsrAgent, TSupportList } from '@shop/contracts/chat-support';
import { useCallback, useEffect, useRef, useState } from 'react';
import { staffApi } from './staff-session';

/** The transfer picker asks for this many agents at a time (the staff API's largest page). */
export const AGENTS_PAGE_SIZE = 100;

export type AgentsState = {
  agents: TCsrAgent[];
  total: number;
  status: 'loading' | 'ready' | 'failed';
  loadingMore: boolean;
};

/** The agents a conversation can go to: everyone in the list but the agent handing it over. */
export const otherAgents = (agents: readonly TCsrAgent[], myId: number | null) => agents.filter((agent) => agent.id !== myId);

/** Adds a further page, keeping the first copy of an agent who moved between pages meanwhile. */
export function appendAgents(current: readonly TCsrAgent[], next: readonly TCsrAgent[]): TCsrAgent[] {
  const seen = new Set(current.map((agent) => agent.id));
  return [...current, ...next.filter((agent) => !seen.has(agent.id))];
}

/** One page of agents; a failure is toasted unless `silent` (the first page shows its own). */
async function fetchAgents(page: number, silent: boolean): Promise<TSupportList<TCsrAgent>> {
  const envelope = await staffApi.get<TSupportList<TCsrAgent>>('/admin/kefu/csr/list', {
    query: { page, page_size: AGENTS_PAGE_SIZE },
    silent,
  });
  if (envelope.code !== CODE_OK || !envelope.result) throw new Error(envelope.msg);
  return envelope.result;
}

/**
 * The agents with their status and presence from the staff API (`GET /admin/kefu/csr/list`,
 * connected ones first), loaded when `enabled` becomes true and again on `reload`.
 */
export function useAgents(enabled: boolean) {
  const [state, setState] = useState<AgentsState>({ agents: [], total: 0, status: 'loading', loadingMore: false });
  // an answer to an older request is dropped
  const request = useRef(0);
  /** the last page loaded (0: none yet), and whether a further one is on its way */
  const loaded = useRef({ page: 0, loadingMore: false });

  const reload = useCallback(async () => {
    const id = ++request.current;
    loaded.current = { page: 0, loadingMore: false };
    setState((current) => ({ ...current, status: 'loading', loadingMore: false }));
    try {
      const result = await fetchAgents(1, true);
      if (id !== request.current) return;
      loaded.current.page = 1;
      setState({ agents: result.data, total: result.total, status: 'ready', loadingMore: false });
    } catch {
      if (id === request.current) setState((current) => ({ ...current, status: 'failed' }));
    }
  }, []);

  const loadMore = useCallback(async () => {
    if (loaded.current.loadingMore || loaded.current.page === 0) return;
    const id = request.current;
    const page = loaded.current.page + 1;
    loaded.current.loadingMore = true;
    setState((current) => ({ ...current, loadingMore: true }));
    try {
      const result = await fetchAgents(page, false);
      if (id === request.current) {
        loaded.current = { page, loadingMore: false };
        setState((current) => ({
          ...current,
          agents: appendAgents(current.agents, result.data),
          total: result.total,
          loadingMore: false,
        }));
      }
    } catch {
      if (id !== request.current) return;
      loaded.current.loadingMore = false;
      setState((current) => ({ ...current, loadingMore: false }));
    }
  }, []);

  useEffect(() => {
    if (enabled) void reload();
  }, [enabled, reload]);

  return { ...state, more: state.status === 'ready' && state.agents.length < state.total, reload, loadMore };
}
