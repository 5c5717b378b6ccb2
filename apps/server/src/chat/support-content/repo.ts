import type { ExpressionBuilder, Insertable, Selectable, Updateable } from 'kysely';
import { contains } from '../../db/contains';
import type { Db } from '../../db/database';
import type { ChatKbEntriesTable, ChatQuickRepliesTable, Database } from '../../db/schema';

export type QuickReplyRow = Selectable<ChatQuickRepliesTable>;
export type KbEntryRow = Selectable<ChatKbEntriesTable>;

type Page = { limit: number; offset: number };

/** The quick replies one agent sees: their own and the shared ones (staff_id null). */
const visibleTo = (staffId: number) => (eb: ExpressionBuilder<Database, 'chat_quick_replies'>) =>
  eb.or([eb('staff_id', '=', staffId), eb('staff_id', 'is', null)]);

/** Case-insensitive search in the questions and the answer (PostgreSQL's LIKE is case-sensitive). */
const kbMatches = (keyword: string) => (eb: ExpressionBuilder<Database, 'chat_kb_entries'>) =>
  eb.or([contains('questions', keyword), contains('answer', keyword)]);

/** Case-insensitive search in a quick reply's title and text. */
const quickReplyMatches = (keyword: string) => (eb: ExpressionBuilder<Database, 'chat_quick_replies'>) =>
  eb.or([contains('title', keyword), contains('content', keyword)]);

export function supportContentRepo(db: Db) {
  return {
    listQuickReplies(staffId: number, page: Page, keyword?: string) {
      return db
        .selectFrom('chat_quick_replies')
        .selectAll()
        .where(visibleTo(staffId))
        .$if(Boolean(keyword), (qb) => qb.where(quickReplyMatches(keyword ?? '')))
        .orderBy('sort')
        .orderBy('id')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
    },
    async countQuickReplies(staffId: number, keyword?: string) {
      const row = await db
        .selectFrom('chat_quick_replies')
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .where(visibleTo(staffId))
        .$if(Boolean(keyword), (qb) => qb.where(quickReplyMatches(keyword ?? '')))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },
    findQuickReply(id: number) {
      return db.selectFrom('chat_quick_replies').selectAll().where('id', '=', id).executeTakeFirst();
    },
    insertQuickReply(row: Insertable<ChatQuickRepliesTable>) {
      return db.insertInto('chat_quick_replies').values(row).returningAll().executeTakeFirstOrThrow();
    },
    updateQuickReply(id: number, patch: Updateable<ChatQuickRepliesTable>) {
      return db.updateTable('chat_quick_replies').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
    },
    async deleteQuickReply(id: number) {
      const result = await db.deleteFrom('chat_quick_replies').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    listKbEntries(keyword: string | undefined, page: Page) {
      return db
        .selectFrom('chat_kb_entries')
        .selectAll()
        .$if(Boolean(keyword), (qb) => qb.where(kbMatches(keyword ?? '')))
        .orderBy('id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
    },
    async countKbEntries(keyword: string | undefined) {
      const row = await db
        .selectFrom('chat_kb_entries')
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .$if(Boolean(keyword), (qb) => qb.where(kbMatches(keyword ?? '')))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },
    /** Every entry that may answer visitors, oldest first (an older entry wins a tie). */
    enabledKbEntries() {
      return db
        .selectFrom('chat_kb_entries')
        .select(['id', 'questions', 'answer'])
        .where('enabled', '=', 1)
        .orderBy('id')
        .execute();
    },
    findKbEntry(id: number) {
      return db.selectFrom('chat_kb_entries').selectAll().where('id', '=', id).executeTakeFirst();
    },
    insertKbEntry(row: Insertable<ChatKbEntriesTable>) {
      return db.insertInto('chat_kb_entries').values(row).returningAll().executeTakeFirstOrThrow();
    },
    updateKbEntry(id: number, patch: Updateable<ChatKbEntriesTable>) {
      return db.updateTable('chat_kb_entries').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
    },
    async deleteKbEntry(id: number) {
      const result = await db.deleteFrom('chat_kb_entries').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The agents (csr accounts): those seen after `seenSince` first, then by nickname (ignoring case) and id. */
    listAgents(seenSince: number, page: Page) {
      return db
        .selectFrom('staff')
        .select(['id', 'nickname', 'avatar', 'status', 'last_seen_at'])
        .where('role', '=', 'csr')
        .orderBy((eb) => eb.case().when('last_seen_at', '>', seenSince).then(0).else(1).end())
        .orderBy((eb) => eb.fn('lower', ['nickname']))
        .orderBy('id')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
    },
    async countAgents() {
      const row = await db
        .selectFrom('staff')
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .where('role', '=', 'csr')
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },
  };
}

export type SupportContentRepo = ReturnType<typeof supportContentRepo>;
