import { randomUUID } from 'node:crypto';
import { Messages } from '@shop/contracts';
import type { TTokenPair } from '@shop/contracts/auth';
import type { Db } from '../../db/database';
import type { SubjectType } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { PubSub } from '../../infra/pubsub';
import { EndedSessions, type SessionEndReason, type SessionsEndedListener } from './ended-sessions';
import { authRepo } from './repo';
import { hashToken, newRefreshToken, signAccessToken, verifyAccessToken } from './tokens';

/**
 * A reused refresh token normally means it was stolen, and ends its whole session. Two tabs that
 * refresh at the same moment also present the same token twice; within this grace the second one
 * gets a new token of the same session instead (decision 0002).
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

/**
 * How long an instance takes a session it found live to be live still, when a request asks for it
 * (`recent`): the HTTP guards do, so a shopper's burst of requests costs one lookup, not one each.
 * A session ended on this instance is refused at once, on another as soon as the pub/sub brings the
 * news (decision 0070); this bounds the rest (an announcement lost with the pub/sub).
 */
export const SESSION_RECHECK_MS = 5_000;
/** sessions remembered as live at most; past this the oldest are forgotten (and looked up again) */
const CONFIRMED_KEPT = 10_000;

export type AuthServiceOptions = {
  signingKey: string;
  accessTtlS: number;
  refreshTtlDays: number;
  /** ended sessions are announced on it to every instance */
  pubsub: PubSub;
  clock?: () => number;
};

export type RequestMeta = { userAgent?: string; ip?: string };
export type Principal = { subjectType: SubjectType; subjectId: number; sessionId: string };
/** One session, or every session of a shopper or a staff member (but `except`, the one that asked). */
export type SessionTarget = { sessionId: string } | { subjectType: SubjectType; subjectId: number; except?: string };

export function createAuthService(db: Db, options: AuthServiceOptions) {
  const now = options.clock ?? Date.now;
  const refreshTtlMs = options.refreshTtlDays * 86_400_000;
  const ended = new EndedSessions(options.pubsub, now);
  /** sessions this instance found live: when it last asked, and whose they are (Map order: oldest first) */
  const confirmed = new Map<string, { at: number; expiresAt: number; subjectType: SubjectType; subjectId: number }>();
  ended.onEnded(({ sessionIds }) => {
    for (const id of sessionIds) confirmed.delete(id);
  });

  function confirm(
    sessionId: string,
    session: { subject_type: SubjectType; subject_id: number; expires_at: number },
    at: number,
  ) {
    confirmed.delete(sessionId);
    if (confirmed.size >= CONFIRMED_KEPT) {
      const oldest = confirmed.keys().next().value;
      if (oldest !== undefined) confirmed.delete(oldest);
    }
    confirmed.set(sessionId, {
      at,
      expiresAt: session.expires_at,
      subjectType: session.subject_type,
      subjectId: session.subject_id,
    });
  }

  /** The session was found live within SESSION_RECHECK_MS, belongs to the subject and has not expired since. */
  function recentlyLive(sessionId: string, subjectType: SubjectType, subjectId: number, at: number) {
    const known = confirmed.get(sessionId);
    return (
      known !== undefined &&
      known.at > at - SESSION_RECHECK_MS &&
      known.expiresAt > at &&
      known.subjectType === subjectType &&
      known.subjectId === subjectId
    );
  }

  function accessToken(subjectType: SubjectType, subjectId: number, sessionId: string, at: number) {
    const iat = Math.floor(at / 1000);
    return signAccessToken(options.signingKey, {
      sub: subjectId,
      typ: subjectType,
      sid: sessionId,
      iat,
      exp: iat + options.accessTtlS,
    });
  }

  async function issueRefresh(trx: Db, sessionId: string, at: number) {
    const token = newRefreshToken();
    await authRepo(trx).insertRefreshToken(hashToken(token), sessionId, at);
    return token;
  }

  return {
    /** Starts a session (one refresh-token family) and returns its first token pair. */
    async startSession(subjectType: SubjectType, subjectId: number, meta: RequestMeta, trx: Db = db): Promise<TTokenPair> {
      const at = now();
      const sessionId = randomUUID();
      await authRepo(trx).insertSession({
        id: sessionId,
        subject_type: subjectType,
        subject_id: subjectId,
        now: at,
        expires_at: at + refreshTtlMs,
        user_agent: (meta.userAgent ?? '').slice(0, 256),
        ip: (meta.ip ?? '').slice(0, 64),
      });
      const refresh_token = await issueRefresh(trx, sessionId, at);
      return { token: accessToken(subjectType, subjectId, sessionId, at), refresh_token };
    },

    /** Rotates a refresh token: the old one is spent, a new pair is returned. */
    async refresh(presented: string): Promise<TTokenPair> {
      const at = now();
      const outcome = await db.transaction().execute(async (trx) => {
        const repo = authRepo(trx);
        const row = await repo.findRefreshToken(hashToken(presented));
        if (!row || row.revoked_at !== null || row.expires_at <= at) return { kind: 'invalid' as const };
        const firstUse = row.used_at === null && (await repo.markUsed(row.token_hash, at));
        if (!firstUse && at - (row.used_at ?? at) > REFRESH_REUSE_GRACE_MS) {
          const revoked = await repo.revokeSession(row.session_id, 'refresh_reuse', at);
          return { kind: 'reused' as const, revoked };
        }
        await repo.touchSession(row.session_id, at);
        const refresh_token = await issueRefresh(trx, row.session_id, at);
        const token = accessToken(row.subject_type, row.subject_id, row.session_id, at);
        return { kind: 'rotated' as const, pair: { token, refresh_token } };
      });
      // The revocation of a replayed family is committed, and announced, before the refusal goes out.
      if (outcome.kind === 'reused') await ended.announce({ sessionIds: outcome.revoked, reason: 'refresh_reuse' });
      if (outcome.kind !== 'rotated') throw AppError.unauthorized(Messages.refreshInvalid);
      return outcome.pair;
    },

    /**
     * Checks an access token: a bad one is 401, an expired one 409 (the client refreshes and
     * retries), one whose session was revoked 401. With `recent`, a session this instance found
     * live within SESSION_RECHECK_MS (and heard no end of) is not looked up again.
     */
    async authenticate(token: string | undefined, expected: SubjectType, check: { recent?: boolean } = {}): Promise<Principal> {
      if (!token) throw AppError.unauthorized();
      const at = now();
      const verdict = verifyAccessToken(options.signingKey, token, at);
      if (!verdict.ok) {
        if (verdict.reason === 'expired' && verdict.claims?.typ === expected) {
          throw new AppError('token_expired', Messages.tokenExpired);
        }
        throw AppError.unauthorized();
      }
      const { claims } = verdict;
      if (claims.typ !== expected || ended.has(claims.sid)) throw AppError.unauthorized();
      const principal = { subjectType: claims.typ, subjectId: claims.sub, sessionId: claims.sid };
      if (check.recent && recentlyLive(claims.sid, claims.typ, claims.sub, at)) return principal;
      const session = await authRepo(db).findLiveSession(claims.sid, at);
      if (!session || session.subject_id !== claims.sub || session.subject_type !== claims.typ) {
        confirmed.delete(claims.sid);
        throw AppError.unauthorized();
      }
      // an end heard while the lookup ran wins over what it read
      if (ended.has(claims.sid)) throw AppError.unauthorized();
      confirm(claims.sid, session, at);
      return principal;
    },

    /**
     * Ends one session, or every session of a subject (logout; password change, refresh-token
     * reuse and account cancellation end them all), and announces it to every instance so that
     * connections opened with those sessions close (decision 0013). Call it after the transaction
     * that decided it has committed. Resolves with the sessions it ended.
     */
    async endSessions(target: SessionTarget, reason: SessionEndReason): Promise<string[]> {
      const repo = authRepo(db);
      const revoked =
        'sessionId' in target
          ? await repo.revokeSession(target.sessionId, reason, now())
          : await repo.revokeAllOf(target.subjectType, target.subjectId, reason, now(), target.except);
      await ended.announce({ sessionIds: revoked, reason });
      return revoked;
    },

    /** Whether the session is live and belongs to the subject (asks the database). */
    async sessionAlive(sessionId: string, subjectType: SubjectType, subjectId: number) {
      if (ended.has(sessionId)) return false;
      const session = await authRepo(db).findLiveSession(sessionId, now());
      return session?.subject_type === subjectType && session.subject_id === subjectId;
    },

    /** Which of these sessions are live (one query, for sweeping long-lived connections). */
    async liveSessionsAmong(sessionIds: string[]): Promise<Set<string>> {
      return new Set(await authRepo(db).liveAmong(sessionIds, now()));
    },

    /** Why the session ended, if this instance heard it end (no query: cheap enough for every websocket frame). */
    sessionEnded(sessionId: string): SessionEndReason | null {
      return ended.reasonOf(sessionId);
    },

    /** Calls `listener` for sessions ended anywhere; the returned function stops it. */
    onSessionsEnded(listener: SessionsEndedListener) {
      return ended.onEnded(listener);
    },

    /** Starts hearing ended sessions from the other instances; the returned function stops. */
    listenForEndedSessions() {
      return ended.listen();
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
