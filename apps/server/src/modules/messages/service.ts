import {
  type MessageEvent,
  MessageTexts,
  type MessageType,
  type TMessage,
  type TMessageList,
  type TMessageReadRequest,
  type TMessageReadResult,
} from '@shop/contracts/messages';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { UserMessagesTable } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/errors';
import { messagesRepo } from './repo';

type Deps = { db: Db; clock?: () => number };

/** The shopper's unread notices (the header's and MyAccount's count, in GET /shop/user/info). */
export function unreadMessages(db: Db, userId: number): Promise<number> {
  return messagesRepo(db).unread(userId);
}

/**
 * Leaves a notice for the shopper (the inbox subscriber's, workflows/inbox-notices.ts), unless its
 * event left one already (the unique event_id); true when written.
 */
export function leaveNotice(trx: Db, notice: Insertable<UserMessagesTable>): Promise<boolean> {
  return messagesRepo(trx).insert(notice);
}

type Row = Awaited<ReturnType<ReturnType<typeof messagesRepo>['page']>>['rows'][number];

/** What leaves the server about a notice. */
const present = (row: Row): TMessage => ({
  id: row.id,
  type: row.type as MessageType,
  event: row.event as MessageEvent,
  title: row.title,
  content: row.content,
  link: row.link,
  read: row.read_at !== null,
  created_at: row.created_at,
});

/**
 * The shopper's inbox (decision 0039): the notices the inbox subscriber wrote, listed newest first
 * and marked read. Every query is the shopper's own: another shopper's notice is not found.
 */
export function createMessageService({ db, clock = Date.now }: Deps) {
  return {
    /** POST /shop/user_msg/list */
    async list(
      userId: number,
      query: { page: number; page_size: number; type?: MessageType; read?: number },
    ): Promise<TMessageList> {
      const repo = messagesRepo(db);
      const [{ rows, total }, unread] = await Promise.all([
        repo.page(userId, { type: query.type, read: query.read }, query.page, query.page_size),
        repo.unread(userId),
      ]);
      return { data: rows.map(present), total, unread };
    },

    /**
     * POST /shop/userMsg/updateReadStatus: the ids given (each the shopper's, or a 404 that changes
     * nothing), or all; marking a read notice again changes nothing.
     */
    async markRead(userId: number, input: TMessageReadRequest): Promise<TMessageReadResult> {
      const at = clock();
      return inTransaction(db, async (trx) => {
        const repo = messagesRepo(trx);
        let updated: number;
        if (input.all) {
          updated = await repo.markRead(userId, 'all', at);
        } else {
          const ids = [...new Set(input.ids ?? [])];
          if ((await repo.ownedCount(userId, ids)) !== ids.length) throw AppError.notFound(MessageTexts.notFound);
          updated = await repo.markRead(userId, ids, at);
        }
        return { updated, unread: await repo.unread(userId) };
      });
    },
  };
}

export type MessageService = ReturnType<typeof createMessageService>;
