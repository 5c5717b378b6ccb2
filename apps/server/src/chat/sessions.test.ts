import type { TTokenPair } from '@shop/contracts/auth';
import { CHAT_CLOSE_SESSION_ENDED, ChatTexts, PathInfo } from '@shop/contracts/chat-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_REUSE_GRACE_MS } from '../modules/auth/service';
import { buildUser } from '../seed/accounts';
import { chatHarness } from '../testing/chat-harness';
import { makeStaff } from '../testing/fixtures';
import { createTestApp, injectAs, listen, type TestApp, testEngine } from '../testing/harness';

/** The chat's connections end with the sign-in session they rest on (decision 0013). */

let t: TestApp;
/** moved forward to pass the refresh-token reuse grace */
let clockOffset = 0;
const harness = chatHarness();
const { initialize } = harness;
let n = 0;

type Ended = { reason: string; message: string };

beforeAll(async () => {
  // the heartbeat's own pace: what closes these sockets is the announcement, not the sweep
  t = await harness.start({ clock: () => Date.now() + clockOffset });
});
afterAll(() => harness.close());

/** Signs the shopper in with their password: a session of its own, with its refresh token. */
const passwordSignIn = async (shopper: { email: string; password: string }, app: TestApp = t) =>
  (await injectAs(app, null).post<TTokenPair>('/shop/login/password', { username: shopper.email, password: shopper.password }))
    .result;

const signIn = async (app: TestApp = t) => passwordSignIn(await buildUser(app.database.db), app);

/** A shopper's widget: signed in, initialized, with a conversation started. */
async function shopperOnline(pair: TTokenPair, url?: string) {
  const { client, user } = await harness.visitor({ baUserToken: pair.token }, url);
  // the first message opens the conversation
  client.send({ pathInfo: PathInfo.sendSessionMessage, type: 'text', content: 'Hello', client_msg_id: `open-${++n}` });
  const { session_id } = await client.next<{ session_id: number }>('distribution');
  await client.next('newMessage');
  return { client, user, sessionId: session_id };
}

async function agentOnline(url?: string) {
  const staff = await makeStaff(t, 'csr', { nickname: `Agent ${++n}` });
  return { client: (await harness.openConsole(staff.token, url)).client, token: staff.token };
}

const logout = (pair: TTokenPair, app: TestApp = t) => injectAs(app, pair).post('/shop/login/logout');
const staffLogout = (token: string) => injectAs(t, token).post('/admin/logout');

/** A shopper signed in on two devices, each with its own session and its widget's conversation. */
async function onTwoDevices() {
  const shopper = await buildUser(t.database.db);
  const [phone, laptop] = [await passwordSignIn(shopper), await passwordSignIn(shopper)];
  return { shopper, phone, laptop, onPhone: await shopperOnline(phone), onLaptop: await shopperOnline(laptop) };
}

describe('a shopper signing out', () => {
  it('ends their open socket with session_ended and close code 4001', async () => {
    const pair = await signIn();
    const shopper = await shopperOnline(pair);
    expect((await logout(pair)).status).toBe(200);
    expect(await shopper.client.next<Ended>('session_ended')).toEqual({ reason: 'logout', message: ChatTexts.signedOut });
    expect(await shopper.client.closed).toBe(CHAT_CLOSE_SESSION_ENDED);
  });

  it('answers no frame once the session has ended', async () => {
    const pair = await signIn();
    const shopper = await shopperOnline(pair);
    shopper.client.take('sessions');
    await logout(pair);
    await shopper.client.next<Ended>('session_ended');
    // the socket may still be closing: whatever arrives now is not answered
    if (shopper.client.socket.readyState === shopper.client.socket.OPEN) {
      shopper.client.send({ pathInfo: PathInfo.loadRecords, id: shopper.sessionId, page: 1 });
      shopper.client.send({ pathInfo: PathInfo.refreshSessionList });
    }
    expect(await shopper.client.closed).toBe(CHAT_CLOSE_SESSION_ENDED);
    expect(shopper.client.take('sessionRecords')).toEqual([]);
    expect(shopper.client.take('sessions')).toEqual([]);
  });

  it('refuses the chat token they held on a new socket and for uploads; a visitor token still works', async () => {
    const pair = await signIn();
    const shopper = await shopperOnline(pair);
    expect(shopper.user.token).toMatch(/^tt1\./);
    // while the session lives, the token alone is the shopper (a reload before the access token is read)
    const sameTab = await initialize({ baTouristToken: shopper.user.token });
    expect(sameTab.init.user?.id).toBe(shopper.user.id);
    await logout(pair);
    await shopper.client.closed;
    await sameTab.client.closed;

    const again = await initialize({ baTouristToken: shopper.user.token });
    expect(again.init).toEqual({ user: null, reason: 'session_ended' });
    // nothing of theirs is reachable on that socket
    again.client.send({ pathInfo: PathInfo.loadRecords, id: shopper.sessionId, page: 1 });
    expect(await again.client.next<{ message: string }>('error')).toMatchObject({ pathInfo: PathInfo.loadRecords });

    const upload = await t.app.inject({
      method: 'POST',
      url: '/worker/kefu.HttpIndex/upload',
      headers: { 'tourist-token': shopper.user.token },
    });
    expect(upload.statusCode).toBe(401);

    // a fresh visitor is a new identity, not the shopper's
    const visitor = await initialize({});
    expect(visitor.init.user?.id).not.toBe(shopper.user.id);
    const back = await initialize({ baTouristToken: visitor.init.user?.token });
    expect(back.init.user?.id).toBe(visitor.init.user?.id);
  });

  it('refuses a tourist token of a signed-in shopper that names no session', async () => {
    const visitor = await initialize({});
    const anonymousToken = visitor.init.user?.token;
    const pair = await signIn();
    // signing in links the visitor to the shopper; the token they had as a visitor no longer opens it alone
    const linked = await initialize({ baUserToken: pair.token, baTouristToken: anonymousToken });
    expect(linked.init.user?.id).toBe(visitor.init.user?.id);
    expect((await initialize({ baTouristToken: anonymousToken })).init).toEqual({ user: null, reason: 'session_ended' });
  });

  it('leaves the shopper’s other sessions open', async () => {
    const { phone, onPhone, onLaptop } = await onTwoDevices();
    await logout(phone);
    await onPhone.client.next('session_ended');
    onLaptop.client.send({ pathInfo: PathInfo.loadRecords, id: onLaptop.sessionId, page: 1 });
    expect(await onLaptop.client.next<{ session_id: number }>('sessionRecords')).toMatchObject({
      session_id: onLaptop.sessionId,
    });
    expect(onLaptop.client.take('session_ended')).toEqual([]);
  });
});

describe('every session of a subject ending (password change, account cancellation)', () => {
  it('closes each of the shopper’s sockets, and their tokens open nothing more', async () => {
    const { shopper, laptop, onPhone, onLaptop } = await onTwoDevices();
    const ended = await t.app.services.auth.endSessions({ subjectType: 'user', subjectId: shopper.id }, 'password_change');
    expect(ended).toHaveLength(2);
    for (const socket of [onPhone, onLaptop]) {
      expect(await socket.client.next<Ended>('session_ended')).toMatchObject({ reason: 'password_change' });
      expect(await socket.client.closed).toBe(CHAT_CLOSE_SESSION_ENDED);
    }
    const info = await injectAs(t, laptop).get('/shop/user/info');
    expect(info.status).toBe(401);
    expect((await initialize({ baTouristToken: onPhone.user.token })).init).toEqual({ user: null, reason: 'session_ended' });
    // nothing left to end
    expect(await t.app.services.auth.endSessions({ subjectType: 'user', subjectId: shopper.id }, 'account_cancelled')).toEqual(
      [],
    );
  });
});

describe('staff signing out', () => {
  it('ends the agent’s console socket, and the old token opens no new one', async () => {
    const agent = await agentOnline();
    const out = await staffLogout(agent.token);
    expect(out.status).toBe(200);
    expect(await agent.client.next<Ended>('session_ended')).toMatchObject({ reason: 'logout' });
    expect(await agent.client.closed).toBe(CHAT_CLOSE_SESSION_ENDED);
    expect(agent.client.take('tourists')).toEqual([]);

    const again = await initialize({ baToken: agent.token, backend: true });
    expect(again.init.user).toBeNull();
    again.client.send({ pathInfo: PathInfo.touristList, page: 1 });
    expect(await again.client.next<{ pathInfo: string }>('error')).toMatchObject({ pathInfo: PathInfo.touristList });
    expect(again.client.take('tourists')).toEqual([]);
  });
});

describe('a replayed refresh token', () => {
  it('ends the sockets of the session it revokes', async () => {
    const first = await signIn();
    const shopper = await shopperOnline(first);
    const refresh = (token: string) => injectAs(t, null, { headers: { 'refresh-token': token } }).post('/shop/login/refresh');
    expect((await refresh(first.refresh_token)).status).toBe(200);
    clockOffset += REFRESH_REUSE_GRACE_MS + 1_000;
    expect((await refresh(first.refresh_token)).status).toBe(401);
    expect(await shopper.client.next<Ended>('session_ended')).toMatchObject({ reason: 'refresh_reuse' });
    expect(await shopper.client.closed).toBe(CHAT_CLOSE_SESSION_ENDED);
  });
});

describe('a session that ended unannounced', () => {
  it('is found by the sweep against the database', async () => {
    // a quick sweep, so the check against the database is seen within the test
    const swept = await createTestApp({ chatHeartbeat: { idleCloseMs: 60_000, sweepEveryMs: 50 } });
    try {
      const sweptUrl = `${(await listen(swept)).ws}/worker/ws`;
      const pair = await signIn(swept);
      const shopper = await shopperOnline(pair, sweptUrl);
      // revoked behind the service's back: no announcement reaches the chat
      const { sid } = JSON.parse(Buffer.from(pair.token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sid: string };
      await swept.database.db
        .updateTable('auth_sessions')
        .set({ revoked_at: Date.now(), revoked_reason: 'logout' })
        .where('id', '=', sid)
        .execute();
      expect(await shopper.client.next<Ended>('session_ended')).toMatchObject({ reason: 'ended' });
      expect(await shopper.client.closed).toBe(CHAT_CLOSE_SESSION_ENDED);
    } finally {
      await swept.close();
    }
  });
});

describe.runIf(testEngine === 'postgres' && process.env.TEST_REDIS_URL)('two instances', () => {
  it('closes a socket held by one instance when the shopper signs out on the other', async () => {
    const other = await createTestApp({ sameStoreAs: t });
    try {
      const otherUrl = `${(await listen(other)).ws}/worker/ws`;
      const pair = await signIn();
      const shopper = await shopperOnline(pair, otherUrl);
      const agent = await agentOnline(otherUrl);
      expect((await logout(pair, t)).status).toBe(200);
      expect(await shopper.client.next<Ended>('session_ended')).toMatchObject({ reason: 'logout' });
      expect(await shopper.client.closed).toBe(CHAT_CLOSE_SESSION_ENDED);
      // and the staff side alike
      const out = await staffLogout(agent.token);
      expect(out.status).toBe(200);
      expect(await agent.client.next<Ended>('session_ended')).toMatchObject({ reason: 'logout' });
      expect(await agent.client.closed).toBe(CHAT_CLOSE_SESSION_ENDED);
    } finally {
      await other.close();
    }
  });
});
