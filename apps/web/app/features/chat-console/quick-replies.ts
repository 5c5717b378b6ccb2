import { CODE_OK } from '@shop/contracts';
import type { TQuickReply, TSupportList } from '@shop/contracts/chat-support';
import { useCallback, useEffect, useState } from 'react';
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
