import { CustomerMessages, type TAdminCustomerNote } from '@shop/contracts/customers';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { recordAudit } from '../audit';

/**
 * Staff notes about a customer (decision 0055): read and added with customers.view, deleted by
 * their author only; each add and delete writes its audit entry in the same transaction. The
 * notes are the shop's, not the shopper's: the export leaves them out, the erasure deletes them.
 */

/** The customer's notes, newest first, with their authors; `mine` for the reader's own. */
export async function notesOf(db: Db, userId: number, readerId: number): Promise<TAdminCustomerNote[]> {
  const rows = await db
    .selectFrom('customer_notes')
    .innerJoin('staff', 'staff.id', 'customer_notes.staff_id')
    .select([
      'customer_notes.id',
      'customer_notes.body',
      'customer_notes.staff_id',
      'customer_notes.created_at',
      'staff.nickname',
    ])
    .where('customer_notes.user_id', '=', userId)
    .orderBy('customer_notes.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    body: row.body,
    author: row.nickname,
    mine: row.staff_id === readerId,
    created_at: row.created_at,
  }));
}

/** Adds a note in `trx`, audited. */
export async function addNote(trx: Db, input: { userId: number; staffId: number; body: string; at: number }) {
  const { id } = await trx
    .insertInto('customer_notes')
    .values({ user_id: input.userId, staff_id: input.staffId, body: input.body, created_at: input.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordAudit(trx, {
    staffId: input.staffId,
    action: 'customer_note.add',
    object: { type: 'user', id: input.userId },
    after: { note_id: id, body: input.body },
    at: input.at,
  });
}

/** Deletes the author's own note in `trx`, audited; another's note is refused, a missing one is not found. */
export async function deleteNote(trx: Db, input: { userId: number; staffId: number; noteId: number; at: number }) {
  const note = await trx
    .selectFrom('customer_notes')
    .select(['id', 'staff_id', 'body', 'created_at'])
    .where('id', '=', input.noteId)
    .where('user_id', '=', input.userId)
    .executeTakeFirst();
  if (!note) throw AppError.notFound(CustomerMessages.noteNotFound);
  if (note.staff_id !== input.staffId) throw AppError.forbidden(CustomerMessages.noteNotYours);
  await trx.deleteFrom('customer_notes').where('id', '=', note.id).execute();
  await recordAudit(trx, {
    staffId: input.staffId,
    action: 'customer_note.delete',
    object: { type: 'user', id: input.userId },
    before: { note_id: note.id, body: note.body, created_at: note.created_at },
    at: input.at,
  });
}

/** At an account's erasure: the notes about the shopper go with it. */
export async function eraseNotesOf(trx: Db, userId: number): Promise<void> {
  await trx.deleteFrom('customer_notes').where('user_id', '=', userId).execute();
}
