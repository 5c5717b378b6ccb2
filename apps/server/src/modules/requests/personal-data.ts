import type { Db } from '../../db/database';

/** The requests' part of an account's erasure and export (decision 0026, 0052). */

/**
 * The shopper's requests stay as the shop's record of what was asked and answered, without the
 * account or the contact details that pointed to them, in `trx`.
 */
export async function eraseRequestsOf(trx: Db, userId: number): Promise<void> {
  await trx
    .updateTable('help_requests')
    .set({ user_id: null, name: '', email: '', phone: '' })
    .where('user_id', '=', userId)
    .execute();
}

/** The requests the shopper sent signed in, with the shop's answers and the names of their files. */
export async function requestsOf(db: Db, userId: number) {
  const rows = await db
    .selectFrom('help_requests')
    .select(['id', 'kind', 'status', 'name', 'email', 'phone', 'company', 'description', 'answer', 'answered_at', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  if (rows.length === 0) return [];
  const files = await db
    .selectFrom('help_request_files')
    .select(['request_id', 'name', 'size'])
    .where(
      'request_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    ...row,
    files: files.filter((file) => file.request_id === row.id).map(({ name, size }) => ({ name, size })),
  }));
}
