import type { PubSub } from '../../infra/pubsub';

/** The channel every instance hears ended sessions on. */
export const SESSIONS_ENDED_CHANNEL = 'auth:sessions-ended';

/** Why sessions ended: signing out, a new password, a new e-mail address, a replayed refresh token, a closed account. */
export type SessionEndReason =
  | 'logout'
  | 'password_change'
  | 'email_change'
  | 'refresh_reuse'
  | 'account_cancelled'
  | 'deactivated';

export type SessionsEnded = { sessionIds: string[]; reason: SessionEndReason };
export type SessionsEndedListener = (ended: SessionsEnded) => void;

/**
 * How long an instance remembers a session it heard end. The database is asked when a connection
 * opens; this covers what can happen between that check and the connection being registered (and
 * frames already in flight), which is a matter of moments.
 */
export const ENDED_SESSIONS_KEPT_MS = 10 * 60_000;

/**
 * Ended sessions, announced to every instance through the pub/sub (decision 0013): long-lived
 * connections that were authenticated once (the chat's websockets) are closed by their listeners,
 * and `has` answers, without a query, whether a session this instance heard of has ended.
 */
export class EndedSessions {
  /** session id → when this instance heard it end, and why; in that order, so the oldest go first */
  private readonly recent = new Map<string, { at: number; reason: SessionEndReason }>();
  private readonly listeners = new Set<SessionsEndedListener>();

  constructor(
    private readonly pubsub: PubSub,
    private readonly now: () => number = Date.now,
    private readonly keepMs = ENDED_SESSIONS_KEPT_MS,
  ) {}

  /** Tells every instance; this one knows before the promise resolves. */
  async announce(ended: SessionsEnded) {
    if (!ended.sessionIds.length) return;
    this.heard(ended);
    await this.pubsub.publish(SESSIONS_ENDED_CHANNEL, JSON.stringify(ended));
  }

  /** Starts hearing other instances' announcements; the returned function stops. */
  listen() {
    return this.pubsub.subscribe(SESSIONS_ENDED_CHANNEL, (raw) => {
      let ended: SessionsEnded;
      try {
        ended = JSON.parse(raw) as SessionsEnded;
      } catch {
        return;
      }
      if (Array.isArray(ended?.sessionIds)) this.heard(ended);
    });
  }

  has(sessionId: string) {
    return this.recent.has(sessionId);
  }

  /** Why the session ended, if this instance heard it end. */
  reasonOf(sessionId: string): SessionEndReason | null {
    return this.recent.get(sessionId)?.reason ?? null;
  }

  /** Calls `listener` with every session newly heard to end; the returned function stops it. */
  onEnded(listener: SessionsEndedListener) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private heard({ sessionIds, reason }: SessionsEnded) {
    const at = this.now();
    for (const [id, heard] of this.recent) {
      if (heard.at > at - this.keepMs) break;
      this.recent.delete(id);
    }
    // The instance that announced has heard already: its listeners are not called twice.
    const fresh = sessionIds.filter((id) => typeof id === 'string' && !this.recent.has(id));
    if (!fresh.length) return;
    for (const id of fresh) this.recent.set(id, { at, reason });
    for (const listener of this.listeners) listener({ sessionIds: fresh, reason });
  }
}
