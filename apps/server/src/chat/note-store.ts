import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { ChatNotesTable } from '../db/schema';

export type NoteRow = Selectable<ChatNotesTable>;

/** A label change refused inside its transaction, which is undone. */
class LabelRefused extends Error {
  constructor(readonly reason: 'full' | 'taken' | 'gone') {
    super(reason);
  }
}

/** The agents' private notes and labels on conversations (decision 0058). */
export function noteStore(db: Db) {
  return {
    /** A private note (decision 0058); the stored one when the conversation already holds its client id. */
    async insertNote(row: Insertable<ChatNotesTable>): Promise<{ row: NoteRow; duplicate: boolean }> {
      const inserted = await db
        .insertInto('chat_notes')
        .values(row)
        .onConflict((oc) => oc.columns(['session_id', 'client_note_id']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return { row: inserted, duplicate: false };
      const existing = await db
        .selectFrom('chat_notes')
        .selectAll()
        .where('session_id', '=', row.session_id)
        .where('client_note_id', '=', row.client_note_id)
        .executeTakeFirstOrThrow();
      return { row: existing, duplicate: true };
    },
    /** Up to `limit` notes of a conversation written before `beforeId` (all when absent), newest first. */
    notesBefore(sessionId: number, beforeId: number | undefined, limit: number) {
      let query = db.selectFrom('chat_notes').selectAll().where('session_id', '=', sessionId);
      if (beforeId !== undefined) query = query.where('id', '<', beforeId);
      return query.orderBy('id', 'desc').limit(limit).execute();
    },
    async countNotes(sessionId: number) {
      const row = await db
        .selectFrom('chat_notes')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('session_id', '=', sessionId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** A conversation's labels, in the order they were added. */
    async labelsOf(sessionId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('chat_session_labels')
        .select('label')
        .where('session_id', '=', sessionId)
        .orderBy('id')
        .execute();
      return rows.map((row) => row.label);
    },
    /**
     * Adds a label in one transaction: the conversation's count is raised only while below `max`
     * (the row's lock lines concurrent adds up on PostgreSQL; SQLite has one writer), and the label
     * is stored once per key. 'full', 'taken' or 'gone' (closed or missing) change nothing.
     */
    addLabel(
      row: { session_id: number; label: string; label_key: string; csr_id: number; created_at: number },
      max: number,
    ): Promise<'added' | 'full' | 'taken' | 'gone'> {
      return db
        .transaction()
        .execute(async (trx) => {
          const raised = await trx
            .updateTable('chat_sessions')
            .set((eb) => ({ label_count: eb('label_count', '+', 1) }))
            .where('id', '=', row.session_id)
            .where('status', '!=', 'closed')
            .where('label_count', '<', max)
            .returning('id')
            .executeTakeFirst();
          if (!raised) {
            const session = await trx
              .selectFrom('chat_sessions')
              .select(['status'])
              .where('id', '=', row.session_id)
              .executeTakeFirst();
            throw new LabelRefused(!session || session.status === 'closed' ? 'gone' : 'full');
          }
          const inserted = await trx
            .insertInto('chat_session_labels')
            .values(row)
            .onConflict((oc) => oc.columns(['session_id', 'label_key']).doNothing())
            .returning('id')
            .executeTakeFirst();
          if (!inserted) throw new LabelRefused('taken');
          return 'added' as const;
        })
        .catch((error: unknown) => {
          if (error instanceof LabelRefused) return error.reason;
          throw error;
        });
    },
    /** Removes a label by its key, and counts it off; false when the conversation had none such. */
    removeLabel(sessionId: number, labelKey: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('chat_session_labels')
          .where('session_id', '=', sessionId)
          .where('label_key', '=', labelKey)
          .returning('id')
          .executeTakeFirst();
        if (!removed) return false;
        await trx
          .updateTable('chat_sessions')
          .set((eb) => ({ label_count: eb('label_count', '-', 1) }))
          .where('id', '=', sessionId)
          .execute();
        return true;
      });
    },
  };
}
