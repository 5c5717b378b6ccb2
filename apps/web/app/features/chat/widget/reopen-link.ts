import { CODE_OK } from '@shop/contracts';
import type { TChatReopen } from '@shop/contracts/chat-offline';
import { CHAT_REOPEN_PARAM } from '@shop/contracts/chat-offline-rules';
import { api } from '../../../lib/api';
import { local } from '../../../lib/storage';
import { TOURIST_TOKEN_KEY } from './chat-controller';

/** Whether this address carries the link of a reply mail (decision 0060). */
export const hasReopenLink = () => new URLSearchParams(window.location.search).has(CHAT_REOPEN_PARAM);

/**
 * The link of a reply mail: traded with the server for the visitor's chat identity, kept where
 * the widget keeps it, and taken out of the address (it is not to be shared or bookmarked).
 * True when the conversation is to be opened; a forged or expired link opens nothing, and the
 * server's message says why (the API client shows it).
 */
export async function takeReopenLink(): Promise<boolean> {
  const url = new URL(window.location.href);
  const token = url.searchParams.get(CHAT_REOPEN_PARAM) ?? '';
  url.searchParams.delete(CHAT_REOPEN_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  const answer = await api.post<TChatReopen>('/api/chat/reopen', { token }).catch(() => null);
  if (answer?.code !== CODE_OK || !answer.result) return false;
  if (answer.result.tourist_token) local.set(TOURIST_TOKEN_KEY, answer.result.tourist_token);
  return true;
}
