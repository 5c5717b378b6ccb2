import { CODE_OK } from '@shop/contracts';
import { QUICK_REPLY_VARIABLES, type TQuickReplyVariable } from '@shop/contracts/chat-constants';
import type { TReplyVariables } from '@shop/contracts/chat-protocol';
import type { TQuickReply, TSupportList } from '@shop/contracts/chat-support';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { isCancelled } from '../../lib/api';
import { staffApi } from './staff-session';

/** The picker and the tab hold this many (the staff API's largest page). */
export const QUICK_REPLIES_PAGE_SIZE = 100;

export type QuickRepliesState = {
  replies: TQuickReply[];
  status: 'loading' | 'ready' | 'failed';
};

/** Matches a quick reply by its title or text, ignoring case. */
export const matchesQuickReply = (reply: Pick<TQuickReply, 'title' | 'content'>, query: string) => {
  const needle = query.trim().toLowerCase();
  return !needle || reply.title.toLowerCase().includes(needle) || reply.content.toLowerCase().includes(needle);
};

/** A quick reply's name in lists: its title, or the start of its text. */
export const quickReplyLabel = (reply: Pick<TQuickReply, 'title' | 'content'>) =>
  reply.title.trim() || reply.content.replace(/\s+/g, ' ').trim().slice(0, 60);

/**
 * The agent's quick replies (own and shared) from the staff API (`/admin/kefu/quickReply/*`):
 * listed for the tab and the composer's picker, added and deleted from the tab.
 */
export function useQuickReplies(enabled: boolean) {
  const [state, setState] = useState<QuickRepliesState>({ replies: [], status: 'loading' });

  const reload = useCallback(async () => {
    setState((current) => ({ ...current, status: current.replies.length ? current.status : 'loading' }));
    try {
      const envelope = await staffApi.get<TSupportList<TQuickReply>>('/admin/kefu/quickReply/list', {
        query: { page: 1, page_size: QUICK_REPLIES_PAGE_SIZE },
        silent: true,
      });
      if (envelope.code !== CODE_OK || !envelope.result) throw new Error(envelope.msg);
      setState({ replies: envelope.result.data, status: 'ready' });
    } catch (error) {
      // a newer identical request took this one's place and will answer
      if (!isCancelled(error)) setState((current) => ({ ...current, status: 'failed' }));
    }
  }, []);

  useEffect(() => {
    if (enabled) void reload();
  }, [enabled, reload]);

  /** Adds one; the server's field messages come back for the form. */
  const add = useCallback(
    async (input: { title: string; content: string }): Promise<{ ok: true } | { ok: false; fields?: Record<string, string> }> => {
      const envelope = await staffApi.post<TQuickReply | { fields?: Record<string, string> }>(
        '/admin/kefu/quickReply/add',
        { ...(input.title.trim() ? { title: input.title.trim() } : {}), content: input.content },
        { silent: true },
      );
      if (envelope.code !== CODE_OK || !envelope.result) {
        return { ok: false, fields: (envelope.result as { fields?: Record<string, string> } | null)?.fields };
      }
      await reload();
      return { ok: true };
    },
    [reload],
  );

  const remove = useCallback(async (id: number) => {
    const envelope = await staffApi.post<null>('/admin/kefu/quickReply/delete', { id });
    if (envelope.code === CODE_OK) setState((current) => ({ ...current, replies: current.replies.filter((r) => r.id !== id) }));
  }, []);

  return { ...state, reload, add, remove };
}

export type QuickReplies = ReturnType<typeof useQuickReplies>;

/** The search over the quick replies of the tab and of the composer's picker: its text and the replies it matches. */
export function useQuickReplySearch(replies: TQuickReply[]) {
  const [query, setQuery] = useState('');
  const shown = useMemo(() => replies.filter((reply) => matchesQuickReply(reply, query)), [replies, query]);
  return { query, setQuery, shown };
}

/** A quick reply's text with its variables filled, and the variables left for the agent to fill. */
export type FilledReply = { text: string; unfilled: TQuickReplyVariable[] };

const VARIABLE = /\{(name|order_no)\}/g;

/**
 * Fills {name} and {order_no} from the conversation's variables (decision 0058): {name} always
 * has a value (the server's fallback for a visitor without one); {order_no} stays as typed when
 * the shopper has no order, or the server did not answer, and is named in `unfilled` so the agent
 * is told and the composer selects it. Other braces are left alone.
 */
export function fillQuickReply(content: string, variables: Pick<TReplyVariables, 'name' | 'order_no'> | null): FilledReply {
  const unfilled = new Set<TQuickReplyVariable>();
  const text = content.replace(VARIABLE, (whole, name: TQuickReplyVariable) => {
    const value = variables?.[name];
    if (value) return value;
    unfilled.add(name);
    return whole;
  });
  return { text, unfilled: QUICK_REPLY_VARIABLES.filter((name) => unfilled.has(name)) };
}

/** Whether a quick reply's text holds a variable to fill. */
export const hasVariables = (content: string) => new RegExp(VARIABLE.source).test(content);

/** A quick reply filled for a conversation: its variables asked of the server only when it has some. */
export async function fillFor(
  source: { replyVariables: (sessionId: number) => Promise<TReplyVariables | null> },
  sessionId: number,
  content: string,
): Promise<FilledReply> {
  if (!hasVariables(content)) return { text: content, unfilled: [] };
  return fillQuickReply(content, await source.replyVariables(sessionId));
}
