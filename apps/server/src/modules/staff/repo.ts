import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/engine';
import type { StaffInvitationsTable, StaffTable } from '../../db/schema';

/** The staff tables' writes and the reads that need a lock: accounts, their roles and second factor, invitations. */
export function staffRepo(db: Db) {
  return {
    setStatus(id: number, status: string) {
      return db.updateTable('staff').set({ status }).where('id', '=', id).execute();
    },
    setLastSeen(ids: number[], at: number) {
      return db.updateTable('staff').set({ last_seen_at: at }).where('id', 'in', ids).execute();
    },
    find(id: number) {
      return db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByEmail(email: string) {
      return db.selectFrom('staff').selectAll().where('email', '=', email).executeTakeFirst();
    },
    /** Every staff row, locked in id order: role and activity changes read "the last administrator" behind it. */
    lockAll() {
      const query = db.selectFrom('staff').select(['id', 'role', 'active']).orderBy('id');
      // SQLite's one writer at a time already lines the changes up
      return isPostgres(db) ? query.forUpdate().execute() : query.execute();
    },
    all() {
      return db
        .selectFrom('staff')
        .select(['id', 'email', 'nickname', 'role', 'active', 'totp_secret', 'chat_cap', 'last_seen_at', 'created_at'])
        .orderBy('active', 'desc')
        .orderBy('nickname')
        .execute();
    },
    insert(row: Insertable<StaffTable>) {
      return db.insertInto('staff').values(row).returning('id').executeTakeFirstOrThrow();
    },
    update(id: number, patch: Updateable<StaffTable>) {
      return db.updateTable('staff').set(patch).where('id', '=', id).executeTakeFirst();
    },
    insertInvitation(row: Insertable<StaffInvitationsTable>) {
      return db.insertInto('staff_invitations').values(row).returning('id').executeTakeFirstOrThrow();
    },
    openInvitations(now: number) {
      return db
        .selectFrom('staff_invitations')
        .leftJoin('staff', 'staff.id', 'staff_invitations.invited_by')
        .select([
          'staff_invitations.id',
          'staff_invitations.email',
          'staff_invitations.nickname',
          'staff_invitations.role',
          'staff_invitations.created_at',
          'staff_invitations.expires_at',
          'staff.nickname as invited_by',
        ])
        .where('staff_invitations.accepted_at', 'is', null)
        .where('staff_invitations.expires_at', '>', now)
        .orderBy('staff_invitations.id', 'desc')
        .execute();
    },
    findInvitationByHash(tokenHash: string) {
      return db.selectFrom('staff_invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },
    /** Takes an invitation once: true only for the call that marked it accepted. */
    async acceptInvitation(id: number, staffId: number, at: number) {
      const result = await db
        .updateTable('staff_invitations')
        .set({ accepted_at: at, staff_id: staffId })
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
