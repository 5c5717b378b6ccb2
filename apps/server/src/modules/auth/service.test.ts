import { describe, expect, it } from 'vitest';
import { MemoryPubSub } from '../../infra/pubsub';
import { makeShopper } from '../../testing/fixtures';
import { appPerFile, type TestApp } from '../../testing/harness';
import { SESSIONS_ENDED_CHANNEL } from './ended-sessions';
import { createAuthService, SESSION_RECHECK_MS } from './service';

/** The access-token check and its memory of sessions found live (decision 0070), on either engine. */

let t: TestApp;
let now = Date.UTC(2026, 10, 1);
const clock = () => now;

appPerFile((made) => {
  t = made;
});

/** An auth service of its own (a second instance, as far as its memory goes) with the test's clock. */
function instance(pubsub = new MemoryPubSub()) {
  const auth = createAuthService(t.database.db, {
    signingKey: 'a signing key for these tests only',
    accessTtlS: 3600,
    refreshTtlDays: 30,
    pubsub,
    clock,
  });
  return { auth, pubsub };
}

/** Revokes the session in the database without telling anyone (an announcement that was lost). */
const revokeQuietly = (sessionId: string) =>
  t.database.db
    .updateTable('auth_sessions')
    .set({ revoked_at: now, revoked_reason: 'logout' })
    .where('id', '=', sessionId)
    .execute();

async function signedIn(auth: ReturnType<typeof instance>['auth']) {
  const shopper = await makeShopper(t);
  const pair = await auth.startSession('user', shopper.id, {});
  const principal = await auth.authenticate(pair.token, 'user');
  return { token: pair.token, sessionId: principal.sessionId };
}

describe('the access-token check', () => {
  it('takes a session found live as live for a few seconds when asked for a recent check, and looks again after', async () => {
    const { auth } = instance();
    const { token, sessionId } = await signedIn(auth);
    await revokeQuietly(sessionId);
    // within the window a recent check is not looked up; a fresh one always is
    expect((await auth.authenticate(token, 'user', { recent: true })).sessionId).toBe(sessionId);
    await expect(auth.authenticate(token, 'user')).rejects.toMatchObject({ type: 'unauthorized' });
    // the fresh check that found it revoked is remembered too
    await expect(auth.authenticate(token, 'user', { recent: true })).rejects.toMatchObject({ type: 'unauthorized' });
  });

  it('looks the session up again once the window has passed', async () => {
    const { auth } = instance();
    const { token, sessionId } = await signedIn(auth);
    now += SESSION_RECHECK_MS - 1;
    await revokeQuietly(sessionId);
    expect((await auth.authenticate(token, 'user', { recent: true })).sessionId).toBe(sessionId);
    now += 1;
    await expect(auth.authenticate(token, 'user', { recent: true })).rejects.toMatchObject({ type: 'unauthorized' });
  });

  it('refuses at once a session ended on this instance, or announced ended by another', async () => {
    const pubsub = new MemoryPubSub();
    const here = instance(pubsub);
    const there = instance(pubsub);
    await there.auth.listenForEndedSessions();
    const first = await signedIn(here.auth);
    expect((await there.auth.authenticate(first.token, 'user', { recent: true })).sessionId).toBe(first.sessionId);
    await here.auth.endSessions({ sessionId: first.sessionId }, 'logout');
    await expect(here.auth.authenticate(first.token, 'user', { recent: true })).rejects.toMatchObject({ type: 'unauthorized' });
    await expect(there.auth.authenticate(first.token, 'user', { recent: true })).rejects.toMatchObject({
      type: 'unauthorized',
    });
    // an announcement of a session revoked elsewhere, read just before
    const second = await signedIn(there.auth);
    await revokeQuietly(second.sessionId);
    await pubsub.publish(SESSIONS_ENDED_CHANNEL, JSON.stringify({ sessionIds: [second.sessionId], reason: 'logout' }));
    await expect(there.auth.authenticate(second.token, 'user', { recent: true })).rejects.toMatchObject({
      type: 'unauthorized',
    });
  });

  it('does not take a session that expired since it was found live', async () => {
    const { auth } = instance();
    const { token, sessionId } = await signedIn(auth);
    await t.database.db
      .updateTable('auth_sessions')
      .set({ expires_at: now + 10 })
      .where('id', '=', sessionId)
      .execute();
    expect((await auth.authenticate(token, 'user')).sessionId).toBe(sessionId);
    now += 10;
    await expect(auth.authenticate(token, 'user', { recent: true })).rejects.toMatchObject({ type: 'unauthorized' });
  });
});
