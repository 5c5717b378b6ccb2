import { CHAT_SEARCH_MAX_LENGTH, PathInfo } from '@shop/contracts/chat-constants';
import type { TChatSearchContact, TChatSearchHit, TChatSearchResult } from '@shop/contracts/chat-protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatPush } from '../chat';

/** Typing pauses this long before the search is asked (spec 4's typing debounce). */
export const SEARCH_DEBOUNCE_MS = 300;

export type ConversationSearch = {
  /** the words asked about last (trimmed); empty before any search */
  keyword: string;
  status: 'idle' | 'loading' | 'done' | 'error';
  page: number;
  total: number;
  hits: TChatSearchHit[];
  contacts: TChatSearchContact[];
  error: string | null;
};

const idle: ConversationSearch = { keyword: '', status: 'idle', page: 0, total: 0, hits: [], contacts: [], error: null };

/** Whether a search holds something to look for: letters or digits (the server says the same). */
export const hasSearchWords = (keyword: string) => /[\p{L}\p{N}]/u.test(keyword);

/**
 * The console's search over the chat (decision 0062): asks `search` over the console's connection
 * as the agent types (after a pause) or presses Enter, and keeps the latest answer — an answer to
 * words asked before is not shown over the newer ones. Further pages are added below.
 */
export function useConversationSearch({
  send,
  listen,
  noWords,
}: {
  send: (frame: { pathInfo: string } & Record<string, unknown>) => boolean;
  listen: (listener: (push: ChatPush) => void) => () => void;
  noWords: string;
}) {
  const [search, setSearch] = useState<ConversationSearch>(idle);
  const asked = useRef<{ keyword: string; page: number } | null>(null);
  const timer = useRef<number | undefined>(undefined);

  useEffect(
    () =>
      listen((push) => {
        const question = asked.current;
        if (!question) return;
        if (push.type === 'searchDone') {
          const answer = push.data as TChatSearchResult;
          if (answer.keyword !== question.keyword || answer.page !== question.page) return;
          setSearch((current) => ({
            keyword: answer.keyword,
            status: 'done',
            page: answer.page,
            total: answer.total,
            hits: answer.page > 1 ? [...current.hits, ...answer.data] : answer.data,
            contacts: answer.page > 1 ? current.contacts : answer.contacts,
            error: null,
          }));
        } else if (push.type === 'error') {
          const error = push.data as { message?: string; pathInfo?: string } | null;
          if (error?.pathInfo !== PathInfo.search) return;
          setSearch((current) => ({ ...current, status: 'error', error: error.message ?? null }));
        }
      }),
    [listen],
  );

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const ask = useCallback(
    (keyword: string, page: number) => {
      if (!send({ pathInfo: PathInfo.search, keyword, page })) return;
      asked.current = { keyword, page };
      setSearch((current) => ({
        ...(page > 1 ? current : idle),
        keyword,
        page: page > 1 ? current.page : 0,
        status: 'loading',
        error: null,
      }));
    },
    [send],
  );

  /** The words changed: asked after a pause, or at once (`now`, the Enter key). */
  const change = useCallback(
    (value: string, now = false) => {
      window.clearTimeout(timer.current);
      const keyword = value.trim().slice(0, CHAT_SEARCH_MAX_LENGTH);
      if (!keyword) {
        asked.current = null;
        setSearch(idle);
        return;
      }
      if (!hasSearchWords(keyword)) {
        asked.current = null;
        setSearch({ ...idle, keyword, status: 'error', error: noWords });
        return;
      }
      if (now) ask(keyword, 1);
      else timer.current = window.setTimeout(() => ask(keyword, 1), SEARCH_DEBOUNCE_MS);
    },
    [ask, noWords],
  );

  const more = useCallback(() => {
    if (search.status === 'done' && search.hits.length < search.total) ask(search.keyword, search.page + 1);
  }, [ask, search]);

  return { search, change, more };
}
