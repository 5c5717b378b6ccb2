import {
  SupportTexts,
  type TCsrAgent,
  type TKbEntry,
  type TKbListInput,
  type TQuickReply,
  type TSupportList,
  type TSupportPage,
  type ZKbAddRequest,
  type ZKbEditRequest,
  type ZQuickReplyAddRequest,
  type ZQuickReplyEditRequest,
} from '@shop/contracts/chat-support';
import { roleMay, type StaffRoleName } from '@shop/contracts/permissions';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { ChatKbEntriesTable, ChatQuickRepliesTable } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/errors';
import { type AuditEntry, recordAudit } from '../../modules/audit';
import { presenceSince, seenRecently, visibleStaffStatus } from '../presence';
import { bestAnswer, buildKnowledgeIndex, type KnowledgeIndex, type KnowledgeMatch } from './matcher';
import { type KbEntryRow, type QuickReplyRow, supportContentRepo } from './repo';

/** How long `autoAnswer` trusts its copy of the enabled entries; this instance's own writes drop it at once. */
export const KB_CACHE_TTL_MS = 5_000;
/** The agent's quick-reply picker gets at most this many (own and shared). */
export const QUICK_REPLY_PICKER_MAX = 500;

type QuickReplyAdd = z.output<typeof ZQuickReplyAddRequest>;
type QuickReplyEdit = z.output<typeof ZQuickReplyEditRequest>;
type KbAdd = z.output<typeof ZKbAddRequest>;
type KbEdit = z.output<typeof ZKbEditRequest>;
/** Who changes a quick reply: the staff member and the role the staff guard read. */
export type StaffActor = { id: number; role: StaffRoleName };

const iso = (ms: number) => new Date(ms).toISOString();

/** What leaves the server about a quick reply: not whose it is, only whether it is shared. */
export function presentQuickReply(row: QuickReplyRow): TQuickReply {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    sort: row.sort,
    shared: row.staff_id === null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** `questions` is stored one variant per line. */
const questionsOf = (stored: string) => stored.split('\n').filter((line) => line.trim().length > 0);

export function presentKbEntry(row: KbEntryRow): TKbEntry {
  return {
    id: row.id,
    questions: questionsOf(row.questions),
    answer: row.answer,
    enabled: row.enabled === 1,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const pageOf = ({ page, page_size }: TSupportPage) => ({ limit: page_size, offset: (page - 1) * page_size });

/**
 * Quick replies and the knowledge base (issue "chat service", item 5): the staff API's rules, the
 * lists the chat gateway shows agents, and the automatic answer to a visitor.
 */
export function createSupportContentService({ db, clock = Date.now }: { db: Db; clock?: () => number }) {
  const repo = supportContentRepo(db);

  /**
   * The quick reply a staff member may change. Another agent's own reply is "not found" (its
   * existence is not revealed); a shared one is visible to every agent, so an agent is told why not.
   */
  /** A write and its audit entry, in one transaction. */
  async function audited<T>(
    staffId: number,
    at: number,
    write: (trx: Db) => Promise<{ result: T } & Omit<AuditEntry, 'staffId' | 'at'>>,
  ): Promise<T> {
    return inTransaction(db, async (trx) => {
      const { result, ...entry } = await write(trx);
      await recordAudit(trx, { ...entry, staffId, at });
      return result;
    });
  }

  async function changeableQuickReply(actor: StaffActor, id: number) {
    const row = await repo.findQuickReply(id);
    if (!row || (row.staff_id !== null && row.staff_id !== actor.id)) throw AppError.notFound(SupportTexts.quickReplyNotFound);
    if (row.staff_id === null && !roleMay(actor.role, 'chat.configure'))
      throw AppError.forbidden(SupportTexts.onlyAdminsEditShared);
    return row;
  }

  // The enabled entries, prepared for matching, shared by concurrent callers while they load.
  let knowledge: { at: number; index: KnowledgeIndex } | undefined;
  let loading: Promise<KnowledgeIndex> | undefined;
  let generation = 0;

  function knowledgeIndex(): Promise<KnowledgeIndex> {
    if (knowledge && Date.now() - knowledge.at < KB_CACHE_TTL_MS) return Promise.resolve(knowledge.index);
    if (loading) return loading;
    const startedIn = generation;
    const load = repo
      .enabledKbEntries()
      .then((rows) => {
        const index = buildKnowledgeIndex(
          rows.map((row) => ({ id: row.id, questions: questionsOf(row.questions), answer: row.answer })),
        );
        // A write during the load makes what was read stale: use it once, keep it not.
        if (startedIn === generation) knowledge = { at: Date.now(), index };
        return index;
      })
      .finally(() => {
        if (loading === load) loading = undefined;
      });
    loading = load;
    return load;
  }

  function forgetKnowledge() {
    generation += 1;
    knowledge = undefined;
    loading = undefined;
  }

  return {
    /** GET /admin/kefu/quickReply/list: own and shared, by sort then id; `keyword` searches title and text. */
    async listQuickReplies(staffId: number, { keyword, ...page }: TKbListInput): Promise<TSupportList<TQuickReply>> {
      const search = keyword?.trim() || undefined;
      const [rows, total] = await Promise.all([
        repo.listQuickReplies(staffId, pageOf(page), search),
        repo.countQuickReplies(staffId, search),
      ]);
      return { data: rows.map(presentQuickReply), total };
    },

    /** The chat gateway's quick-reply picker for an agent: own and shared, by sort then id (at most 500). */
    async listQuickRepliesFor(staffId: number): Promise<TQuickReply[]> {
      const rows = await repo.listQuickReplies(staffId, { limit: QUICK_REPLY_PICKER_MAX, offset: 0 });
      return rows.map(presentQuickReply);
    },

    /** Shared replies are the support settings' (`chat.configure`); anyone answering chats keeps their own. */
    async addQuickReply(actor: StaffActor, input: QuickReplyAdd): Promise<TQuickReply> {
      if (input.shared && !roleMay(actor.role, 'chat.configure')) throw AppError.forbidden(SupportTexts.onlyAdminsShare);
      const now = clock();
      const row = await audited(actor.id, now, async (trx) => {
        const created = await supportContentRepo(trx).insertQuickReply({
          staff_id: input.shared ? null : actor.id,
          title: input.title ?? '',
          content: input.content,
          sort: input.sort ?? 0,
          created_at: now,
          updated_at: now,
        });
        return { result: created, action: 'quick_reply.add', object: { type: 'quick_reply', id: created.id }, after: created };
      });
      return presentQuickReply(row);
    },

    /** Own replies for everyone; shared ones for administrators, who may also share or take back their own. */
    async editQuickReply(actor: StaffActor, input: QuickReplyEdit): Promise<TQuickReply> {
      const row = await changeableQuickReply(actor, input.id);
      if (input.shared === true && row.staff_id !== null && !roleMay(actor.role, 'chat.configure'))
        throw AppError.forbidden(SupportTexts.onlyAdminsShare);
      const patch: Updateable<ChatQuickRepliesTable> = { updated_at: clock() };
      if (input.title !== undefined) patch.title = input.title;
      if (input.content !== undefined) patch.content = input.content;
      if (input.sort !== undefined) patch.sort = input.sort;
      if (input.shared !== undefined) patch.staff_id = input.shared ? null : actor.id;
      const updated = await audited(actor.id, patch.updated_at as number, async (trx) => {
        const after = await supportContentRepo(trx).updateQuickReply(row.id, patch);
        if (!after) throw AppError.notFound(SupportTexts.quickReplyNotFound);
        return { result: after, action: 'quick_reply.edit', object: { type: 'quick_reply', id: row.id }, before: row, after };
      });
      return presentQuickReply(updated);
    },

    async deleteQuickReply(actor: StaffActor, id: number): Promise<void> {
      const row = await changeableQuickReply(actor, id);
      await audited(actor.id, clock(), async (trx) => {
        if (!(await supportContentRepo(trx).deleteQuickReply(id))) throw AppError.notFound(SupportTexts.quickReplyNotFound);
        return { result: null, action: 'quick_reply.delete', object: { type: 'quick_reply', id }, before: row };
      });
    },

    /**
     * GET /admin/kefu/csr/list: the agents a conversation can be handed to, with the status and
     * presence the chat itself uses (chat/presence.ts), connected ones first.
     */
    async listAgents(page: TSupportPage): Promise<TSupportList<TCsrAgent>> {
      const at = clock();
      const [rows, total] = await Promise.all([repo.listAgents(presenceSince(at), pageOf(page)), repo.countAgents()]);
      return {
        data: rows.map((row) => ({
          id: row.id,
          nickname: row.nickname,
          avatar: row.avatar,
          status: visibleStaffStatus(row, at),
          online: seenRecently(row.last_seen_at, at) ? 1 : 0,
        })),
        total,
      };
    },

    /** GET /admin/kefu/kbs/list and the gateway's WsMixed/getKbsData: newest first, optionally searched. */
    async listKnowledge({ page, page_size, keyword }: TKbListInput): Promise<TSupportList<TKbEntry>> {
      const search = keyword?.trim() || undefined;
      const [rows, total] = await Promise.all([
        repo.listKbEntries(search, pageOf({ page, page_size })),
        repo.countKbEntries(search),
      ]);
      return { data: rows.map(presentKbEntry), total };
    },

    /** The knowledge base is a support setting: its routes need `chat.configure`. */
    async addKnowledge(staffId: number, input: KbAdd): Promise<TKbEntry> {
      const now = clock();
      const row = await audited(staffId, now, async (trx) => {
        const created = await supportContentRepo(trx).insertKbEntry({
          questions: input.questions.join('\n'),
          answer: input.answer,
          enabled: input.enabled === false ? 0 : 1,
          created_at: now,
          updated_at: now,
        });
        return { result: created, action: 'kb_entry.add', object: { type: 'kb_entry', id: created.id }, after: created };
      });
      forgetKnowledge();
      return presentKbEntry(row);
    },

    async editKnowledge(staffId: number, input: KbEdit): Promise<TKbEntry> {
      const patch: Updateable<ChatKbEntriesTable> = { updated_at: clock() };
      if (input.questions !== undefined) patch.questions = input.questions.join('\n');
      if (input.answer !== undefined) patch.answer = input.answer;
      if (input.enabled !== undefined) patch.enabled = input.enabled ? 1 : 0;
      const updated = await audited(staffId, patch.updated_at as number, async (trx) => {
        const kb = supportContentRepo(trx);
        const before = await kb.findKbEntry(input.id);
        const after = before && (await kb.updateKbEntry(input.id, patch));
        if (!after) throw AppError.notFound(SupportTexts.kbEntryNotFound);
        return { result: after, action: 'kb_entry.edit', object: { type: 'kb_entry', id: input.id }, before, after };
      });
      forgetKnowledge();
      return presentKbEntry(updated);
    },

    async deleteKnowledge(staffId: number, id: number): Promise<void> {
      await audited(staffId, clock(), async (trx) => {
        const kb = supportContentRepo(trx);
        const before = await kb.findKbEntry(id);
        if (!before || !(await kb.deleteKbEntry(id))) throw AppError.notFound(SupportTexts.kbEntryNotFound);
        return { result: null, action: 'kb_entry.delete', object: { type: 'kb_entry', id }, before };
      });
      forgetKnowledge();
    },

    /**
     * The enabled entry that answers a visitor's question, or null when none matches well enough
     * (matcher.ts: KB_MATCH_THRESHOLD) or two match equally well. The caller decides when to ask
     * (no agent online) and marks the message it sends as an automatic reply.
     */
    async autoAnswer(question: string): Promise<KnowledgeMatch | null> {
      return bestAnswer(await knowledgeIndex(), question);
    },

    /** Drops the cached entries, so the next `autoAnswer` reads them again. */
    forgetKnowledge,
  };
}

export type SupportContentService = ReturnType<typeof createSupportContentService>;
