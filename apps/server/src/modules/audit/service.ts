import { createHash } from 'node:crypto';
import type { TAuditEntry, TAuditQuery, TAuditVerification } from '@shop/contracts/audit';
import type { Db } from '../../db/database';
import { pageOf } from '../../db/paging';
import { inTransaction } from '../../db/transaction';

/**
 * The audit trail (decision 0036). Every staff write calls `recordAudit` in the transaction of the
 * change it records, so the entry and the change commit together or not at all. Entries are
 * append-only (the database refuses updates and deletes) and chained: each holds the hash of the
 * one before and its own hash over that and its content, so a changed, inserted or deleted entry
 * shows when the chain is walked.
 */

export type AuditEntry = {
  staffId: number;
  /** what was done, `<object>.<verb>`: 'order.ship', 'help_page.save', 'coupon.grant' */
  action: string;
  object: { type: string; id: number | string };
  /** the object as it was, when it was something before */
  before?: unknown;
  /** the object as it is now, or what was applied to it */
  after?: unknown;
  /** the reason the staff member gave, where one is asked */
  reason?: string | null;
  at: number;
};

export const GENESIS_HASH = '0'.repeat(64);

/** JSON with object keys in sorted order, so the same content always hashes the same. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? 'null';
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

type StoredContent = {
  staff_id: number;
  action: string;
  object_type: string;
  object_id: string;
  before_json: string | null;
  after_json: string | null;
  reason: string | null;
  created_at: number;
};

/** An entry's hash: over the hash before it and every stored field, in a fixed order. */
export function entryHash(prevHash: string, content: StoredContent): string {
  return createHash('sha256')
    .update(
      canonicalJson([
        prevHash,
        content.staff_id,
        content.action,
        content.object_type,
        content.object_id,
        content.before_json,
        content.after_json,
        content.reason,
        content.created_at,
      ]),
    )
    .digest('hex');
}

const jsonOrNull = (value: unknown) => (value === undefined ? null : canonicalJson(value));

/**
 * Appends an entry, in the caller's transaction (or one of its own). The chain's head row is
 * locked first, so concurrent appends line up and each names the one before it.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  if (!db.isTransaction) return inTransaction(db, (trx) => recordAudit(trx, entry));
  // An update that changes nothing still takes the row's lock on PostgreSQL (and the write lock on SQLite).
  await db
    .updateTable('audit_chain')
    .set((eb) => ({ last_hash: eb.ref('last_hash') }))
    .where('id', '=', 1)
    .execute();
  const head = await db.selectFrom('audit_chain').select('last_hash').where('id', '=', 1).executeTakeFirstOrThrow();
  const content: StoredContent = {
    staff_id: entry.staffId,
    action: entry.action,
    object_type: entry.object.type,
    object_id: String(entry.object.id),
    before_json: jsonOrNull(entry.before),
    after_json: jsonOrNull(entry.after),
    reason: entry.reason?.trim() ? entry.reason.trim() : null,
    created_at: entry.at,
  };
  const hash = entryHash(head.last_hash, content);
  await db
    .insertInto('audit_log')
    .values({ ...content, prev_hash: head.last_hash, hash })
    .execute();
  await db.updateTable('audit_chain').set({ last_hash: hash }).where('id', '=', 1).execute();
}

const parse = (json: string | null): unknown => (json === null ? null : JSON.parse(json));

export function createAuditService({ db }: { db: Db }) {
  return {
    /** Entries newest first, by staff member, object, action and time. */
    async search(query: TAuditQuery): Promise<{ data: TAuditEntry[]; total: number }> {
      let base = db.selectFrom('audit_log');
      if (query.staff_id !== undefined) base = base.where('audit_log.staff_id', '=', query.staff_id);
      if (query.object_type) base = base.where('audit_log.object_type', '=', query.object_type);
      if (query.object_id) base = base.where('audit_log.object_id', '=', query.object_id);
      if (query.action) base = base.where('audit_log.action', '=', query.action);
      if (query.from !== undefined) base = base.where('audit_log.created_at', '>=', query.from);
      if (query.to !== undefined) base = base.where('audit_log.created_at', '<', query.to);
      const { rows, total } = await pageOf(
        base
          .leftJoin('staff', 'staff.id', 'audit_log.staff_id')
          .select([
            'audit_log.id',
            'audit_log.staff_id',
            'staff.nickname',
            'staff.email',
            'audit_log.action',
            'audit_log.object_type',
            'audit_log.object_id',
            'audit_log.before_json',
            'audit_log.after_json',
            'audit_log.reason',
            'audit_log.created_at',
            'audit_log.hash',
          ])
          .orderBy('audit_log.id', 'desc'),
        base.select((eb) => eb.fn.countAll<number | string>().as('n')),
        query.page,
        query.pagesize,
      );
      return {
        data: rows.map((row) => ({
          id: row.id,
          staff_id: row.staff_id,
          staff_name: row.nickname || row.email || `#${row.staff_id}`,
          action: row.action,
          object_type: row.object_type,
          object_id: row.object_id,
          before: parse(row.before_json),
          after: parse(row.after_json),
          reason: row.reason,
          created_at: Number(row.created_at),
          hash: row.hash,
        })),
        total,
      };
    },

    /** Walks the chain from the first entry, in pages, and names the first entry that does not match. */
    async verify(): Promise<TAuditVerification> {
      let prev = GENESIS_HASH;
      let after = 0;
      let checked = 0;
      for (;;) {
        const rows = await db.selectFrom('audit_log').selectAll().where('id', '>', after).orderBy('id').limit(500).execute();
        for (const row of rows) {
          const content = { ...row, created_at: Number(row.created_at) };
          if (row.prev_hash !== prev || entryHash(prev, content) !== row.hash) {
            return { intact: false, checked, broken_at: row.id };
          }
          prev = row.hash;
          after = row.id;
          checked++;
        }
        if (rows.length < 500) break;
      }
      const head = await db.selectFrom('audit_chain').select('last_hash').where('id', '=', 1).executeTakeFirst();
      // The head names the last entry: one deleted from the end shows here.
      if (head && head.last_hash !== prev) return { intact: false, checked, broken_at: after + 1 };
      return { intact: true, checked, broken_at: null };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
