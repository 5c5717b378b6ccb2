import type { TMessageList, TMessageReadRequest, TMessageReadResult } from '@shop/contracts/messages';
import { MessagePaths, type MessageType } from '@shop/contracts/messages-rules';
import { api } from '../../lib/api';

/** The inbox's calls (decision 0039); a failed list is shown by the page, a failed mark by the client's toast. */
export const listMessages = (query: { page: number; page_size: number; type?: MessageType; read?: 0 | 1 }) =>
  api.post<TMessageList>(MessagePaths.list, query, { silent: true });

export const markMessagesRead = (request: TMessageReadRequest) =>
  api.post<TMessageReadResult>(MessagePaths.updateReadStatus, request);
