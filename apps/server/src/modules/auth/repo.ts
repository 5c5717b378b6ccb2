import type { Db } from '../../db/database';
import type { SubjectType } from '../../db/schema';

export function authRepo(db: Db) {
  return {
    insertSession(row: {
      id: string;
      subject_type: SubjectType;
      subject_id: number;
      now: number;
      expires_at: number;
      user_agent: string;
      ip: string;
    }) {
      return db
        .insertInto('auth_sessions')
        .values({
          id: row.id,
          subject_type: row.subject_type,
          subject_id: row.subject_id,
          created_at: row.now,
          last_used_at: row.now,
          expires_at: row.expires_at,
          user_agent: row.user_agent,
          ip: row.ip,
        })
        .execute();
    },

    insertRefreshToken(tokenHash: string, sessionId: string, now: number) {
      return db.insertInto('refresh_tokens').values({ token_hash: tokenHash, session_id: sessionId, created_at: now }).execute();
    },

    findRefreshToken(tokenHash: string) {
      return db
        .selectFrom('refresh_tokens as t')
        .innerJoin('auth_sessions as s', 's.id', 't.session_id')
        .select([
          't.token_hash',
          't.used_at',
          's.id as session_id',
          's.subject_type',
          's.subject_id',
          's.revoked_at',
          's.expires_at',
        ])
        .where('t.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    /** Marks a token used; false when another request used it first. */
    async markUsed(tokenHash: string, now: number) {
      const result = await db
        .updateTable('refresh_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    touchSession(sessionId: string, now: number) {
      return db.updateTable('auth_sessions').set({ last_used_at: now }).where('id', '=', sessionId).execute();
    },

    findLiveSession(sessionId: string, now: number) {
      return db
        .selectFrom('auth_sessions')
        .select(['id', 'subject_type', 'subject_id', 'expires_at'])
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },

    /** Revokes the session if it is live; the ids it revoked (none or that one). */
    async revokeSession(sessionId: string, reason: string, now: number) {
      const rows = await db
        .updateTable('auth_sessions')
        .set({ revoked_at: now, revoked_reason: reason })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /** Revokes every live session of the subject; the ids it revoked. */
    async revokeAllOf(subjectType: SubjectType, subjectId: number, reason: string, now: number, except?: string) {
      let update = db
        .updateTable('auth_sessions')
        .set({ revoked_at: now, revoked_reason: reason })
        .where('subject_type', '=', subjectType)
        .where('subject_id', '=', subjectId)
        .where('revoked_at', 'is', null);
      if (except) update = update.where('id', '!=', except);
      const rows = await update.returning('id').execute();
      return rows.map((row) => row.id);
    },

    /** Which of these sessions are live (not revoked, not expired). */
    async liveAmong(sessionIds: string[], now: number) {
      if (!sessionIds.length) return [];
      const rows = await db
        .selectFrom('auth_sessions')
        .select('id')
        .where('id', 'in', sessionIds)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .execute();
      return rows.map((row) => row.id);
    },
  };
}
