import type { Db } from '../../db/database';

/** The shopper's sign-in sessions, for the export of their data (decision 0026); no token leaves. */
export function sessionsOf(db: Db, userId: number) {
  return db
    .selectFrom('auth_sessions')
    .select(['created_at', 'last_used_at', 'expires_at', 'revoked_at', 'revoked_reason', 'user_agent', 'ip'])
    .where('subject_type', '=', 'user')
    .where('subject_id', '=', userId)
    .orderBy('created_at')
    .execute();
}
