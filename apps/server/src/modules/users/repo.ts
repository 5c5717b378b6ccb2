import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { UsersTable } from '../../db/schema';

export function usersRepo(db: Db) {
  return {
    findByEmail(email: string) {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },
    findById(id: number) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findIdByInvitationCode(code: string) {
      return db
        .selectFrom('users')
        .select('id')
        .where('invitation_code', '=', code.toUpperCase())
        .where('status', '=', 'active')
        .executeTakeFirst();
    },
    invitationCodeTaken(code: string) {
      return db.selectFrom('users').select('id').where('invitation_code', '=', code).executeTakeFirst().then(Boolean);
    },
    async insert(row: Insertable<UsersTable>) {
      const inserted = await db.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow();
      return inserted.id;
    },
    update(id: number, patch: Updateable<UsersTable>) {
      return db.updateTable('users').set(patch).where('id', '=', id).execute();
    },
  };
}
