import { Messages } from '@shop/contracts';
import type { TTokenPair, TUserInfo } from '@shop/contracts/auth';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../seed/accounts';
import { registration } from '../../testing/fixtures';
import { appPerFile, body, injectAs, type TestApp } from '../../testing/harness';

let t: TestApp;
let now = Date.now();
const clock = () => now;

appPerFile(
  (made) => {
    t = made;
  },
  { clock },
);

let n = 0;
const uniqueEmail = () => `reg-${Date.now().toString(36)}-${++n}@example.com`;

const validRegistration = (overrides: Record<string, unknown> = {}) => ({
  ...registration({ email: uniqueEmail() }),
  ...overrides,
});

/** A refusal's reasons, by field. */
type Fields = { fields: Record<string, string> };
const register = (payload: Record<string, unknown>) =>
  injectAs(t, null).post<TTokenPair & Fields>('/shop/login/register', payload);
const login = (username: string, password: string) =>
  injectAs(t, null).post<TTokenPair & Fields>('/shop/login/password', { username, password });
const info = (token: string) => injectAs(t, token).get<TUserInfo>('/shop/user/info');
const refresh = (token: string) => injectAs(t, null).post<TTokenPair>('/shop/login/refresh', {}, { 'refresh-token': token });
const userCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /shop/login/register', () => {
  it('creates the shopper and answers a token pair', async () => {
    const payload = validRegistration();
    const envelope = await register(payload);
    expect(envelope.status).toBe(200);
    expect(envelope.code).toBe(200);
    expect(envelope.result.token).toMatch(/^at1\./);
    expect(envelope.result.refresh_token).toMatch(/^rt1\./);

    const me = await info(envelope.result.token);
    expect(me.result).toMatchObject({
      username: payload.email,
      email: payload.email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      mobile: '+12025550143',
      code: '1',
      points: 0,
      marketing_consent: true,
    });
    expect(me.result.invitation_code).toMatch(/^[A-Z2-9]{8}$/);
  });

  it('records the marketing consent with its time, and the registration as an event for the welcome mail', async () => {
    const payload = validRegistration();
    await register(payload);
    const row = await t.database.db.selectFrom('users').selectAll().where('email', '=', payload.email).executeTakeFirstOrThrow();
    expect(row.marketing_consent).toBe(1);
    expect(row.marketing_consent_at).toBe(now);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const events = await t.database.db.selectFrom('event_outbox').selectAll().where('type', '=', 'user.registered').execute();
    expect(events.map((event) => JSON.parse(event.payload))).toContainEqual({
      user_id: row.id,
      email: payload.email,
      first_name: 'Ada',
      marketing_consent: true,
      invited_by: null,
    });
  });

  it('rejects a second account for the same e-mail, in any letter case, and changes nothing', async () => {
    const payload = validRegistration();
    expect((await register(payload)).status).toBe(200);
    const before = await userCount();
    const again = await register({ ...payload, email: payload.email.toUpperCase() });
    expect(again.status).toBe(400);
    expect(again).toMatchObject({
      code: 400,
      msg: Messages.emailTaken,
      result: { fields: { email: Messages.emailTaken } },
    });
    expect(await userCount()).toBe(before);
  });

  it('lets exactly one of two simultaneous registrations for one e-mail through', async () => {
    const payload = validRegistration();
    const results = await Promise.all([register(payload), register(payload), register(payload)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
  });

  it.each([
    ['first_name', { first_name: '' }, Messages.firstNameRequired],
    ['first_name', { first_name: '   ' }, Messages.firstNameRequired],
    ['last_name', { last_name: undefined }, Messages.lastNameRequired],
    ['password', { password: '', passwordConfirm: '' }, Messages.passwordRequired],
    ['password', { password: 'Abc12', passwordConfirm: 'Abc12' }, Messages.passwordTooShort],
    ['password', { password: 'password123', passwordConfirm: 'password123' }, Messages.passwordCase],
    ['password', { password: 'PASSWORD123', passwordConfirm: 'PASSWORD123' }, Messages.passwordCase],
    ['passwordConfirm', { passwordConfirm: 'Password124' }, Messages.passwordsDiffer],
    ['mobile', { mobile: '' }, Messages.mobileRequired],
    ['mobile', { mobile: '+1202', code: '1' }, Messages.phoneInvalid],
    ['mobile', { mobile: 'not a number' }, Messages.phoneFormatInvalid],
    ['mobile', { mobile: '+8613812345678', code: '86' }, Messages.phoneInvalid],
    ['mobile', { mobile: '+442079460958', code: '1' }, Messages.phoneInvalid],
    ['email', { email: '' }, Messages.emailRequired],
    ['email', { email: 'not-an-email' }, Messages.emailInvalid],
    ['terms_accepted', { terms_accepted: false }, Messages.termsRequired],
    ['marketing_consent', { marketing_consent: false }, Messages.marketingRequired],
    ['invitation_code', { invitation_code: 'NOPE0000' }, Messages.invitationCodeUnknown],
  ])('rejects a bad %s with its message and creates nothing', async (field, overrides, message) => {
    const before = await userCount();
    const envelope = await register(validRegistration(overrides));
    expect(envelope.status).toBe(400);
    expect(envelope.code).toBe(400);
    expect(envelope.result.fields[field]).toBe(message);
    expect(await userCount()).toBe(before);
  });

  it('rejects wrong types and a non-JSON body with a 400, never a 500', async () => {
    const wrongTypes = await register({ ...validRegistration(), first_name: 42, email_type: 'x', terms_accepted: 'yes' });
    expect(wrongTypes.status).toBe(400);
    // a raw, broken JSON string body: injectAs sends only what serialises
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/shop/login/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"first_name": ',
    });
    expect(garbage.statusCode).toBe(400);
    expect(body(garbage).msg).toBe('The request body is not valid JSON');
    const huge = await register(validRegistration({ first_name: 'x'.repeat(2_000_000) }));
    expect(huge.status).toBe(413);
  });

  it('records a valid invitation code as the referral', async () => {
    const inviter = await buildUser(t.database.db);
    const payload = validRegistration({ invitation_code: inviter.invitation_code.toLowerCase(), mobile: '+12025550188' });
    expect((await register(payload)).status).toBe(200);
    const row = await t.database.db
      .selectFrom('users')
      .select('invited_by')
      .where('email', '=', payload.email)
      .executeTakeFirstOrThrow();
    expect(row.invited_by).toBe(inviter.id);
  });
});

describe('POST /shop/login/password', () => {
  it('signs in with the right password, whatever the e-mail case', async () => {
    const user = await buildUser(t.database.db, { password: 'Correct123' });
    const signedIn = await login(user.email.toUpperCase(), 'Correct123');
    expect(signedIn.status).toBe(200);
    const pair = signedIn.result;
    // the token in the Authorization: Bearer form (the other tests send it as user-token, as injectAs does)
    const me = await t.app.inject({ method: 'GET', url: '/shop/user/info', headers: { authorization: `Bearer ${pair.token}` } });
    expect(body<TUserInfo>(me).result.email).toBe(user.email);
  });

  it('answers the same message for a wrong password and an unknown account', async () => {
    const user = await buildUser(t.database.db, { password: 'Correct123' });
    const wrong = await login(user.email, 'Wrong1234');
    const unknown = await login(`nobody-${n++}@example.com`, 'Wrong1234');
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong).toEqual(unknown);
    expect(wrong.msg).toBe(Messages.badCredentials);
  });

  it('checks the sign-in rules of spec 5', async () => {
    expect((await login('', 'x')).result).toEqual({ fields: { username: Messages.usernameRequired } });
    expect((await login('nope', 'x')).result).toEqual({ fields: { username: Messages.emailInvalid } });
    expect((await login('a@example.com', '')).result).toEqual({ fields: { password: Messages.passwordRequired } });
  });
});

describe('tokens', () => {
  it('refuses a missing, forged or foreign token with 401', async () => {
    expect((await injectAs(t, null).get('/shop/user/info')).status).toBe(401);
    expect((await info('at1.e30.AAAA')).status).toBe(401);
    const user = await buildUser(t.database.db);
    const pair = (await login(user.email, user.password)).result;
    const [head, claims, mac] = pair.token.split('.');
    const forged = JSON.parse(Buffer.from(claims as string, 'base64url').toString());
    forged.sub += 1;
    expect((await info(`${head}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${mac}`)).status).toBe(401);
    const staffToken = await injectAs(t, null).post<TTokenPair>('/admin/login', {
      username: user.email,
      password: user.password,
    });
    expect(staffToken.code).toBe(400);
  });

  it('answers 409 once the access token expires, and refresh gives a working one', async () => {
    const user = await buildUser(t.database.db);
    const pair = (await login(user.email, user.password)).result;
    now += 16 * 60_000;
    try {
      const expired = await info(pair.token);
      expect(expired.status).toBe(409);
      expect(expired.code).toBe(409);
      const refreshed = await refresh(pair.refresh_token);
      expect(refreshed.status).toBe(200);
      const next = refreshed.result;
      expect(next.refresh_token).not.toBe(pair.refresh_token);
      expect((await info(next.token)).status).toBe(200);
    } finally {
      now = Date.now();
    }
  });

  it('stores refresh tokens hashed', async () => {
    const user = await buildUser(t.database.db);
    const pair = (await login(user.email, user.password)).result;
    const stored = await t.database.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(stored.some((row) => row.token_hash === pair.refresh_token)).toBe(false);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });

  it('revokes the whole family when a spent refresh token comes back', async () => {
    const user = await buildUser(t.database.db);
    const first = (await login(user.email, user.password)).result;
    const second = (await refresh(first.refresh_token)).result;
    now += 60_000;
    try {
      const replay = await refresh(first.refresh_token);
      expect(replay.status).toBe(401);
      expect(replay.msg).toBe(Messages.refreshInvalid);
      // the thief's replay ended the session: the newer tokens are dead too
      expect((await refresh(second.refresh_token)).status).toBe(401);
      expect((await info(second.token)).status).toBe(401);
    } finally {
      now = Date.now();
    }
  });

  it('lets two tabs refreshing at the same moment both continue', async () => {
    const user = await buildUser(t.database.db);
    const pair = (await login(user.email, user.password)).result;
    const [a, b] = await Promise.all([refresh(pair.refresh_token), refresh(pair.refresh_token)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await info(b.result.token)).status).toBe(200);
  });

  it('ends the session on logout', async () => {
    const user = await buildUser(t.database.db);
    const pair = (await login(user.email, user.password)).result;
    const out = await injectAs(t, pair).post('/shop/login/logout');
    expect(out.status).toBe(200);
    expect((await info(pair.token)).status).toBe(401);
    expect((await refresh(pair.refresh_token)).status).toBe(401);
  });

  it('refuses a malformed refresh header with 400', async () => {
    const response = await injectAs(t, null).post('/shop/login/refresh');
    expect(response.status).toBe(400);
    expect(response.msg).toBe(Messages.refreshInvalid);
  });
});

describe('POST /shop/user/edit', () => {
  it('saves the profile with the register rules', async () => {
    const user = await buildUser(t.database.db);
    const { token } = (await login(user.email, user.password)).result;
    const edit = (payload: Record<string, unknown>) => injectAs(t, token).post<TUserInfo & Fields>('/shop/user/edit', payload);

    const bad = await edit({ first_name: '', last_name: 'X', mobile: '+447911123456', code: '44' });
    expect(bad.status).toBe(400);
    expect(bad.result.fields.first_name).toBe(Messages.firstNameRequired);
    expect((await info(token)).result.first_name).toBe('Test');

    const good = await edit({ first_name: 'Grace', last_name: 'Hopper', mobile: '+44 7911 123456', code: '+44' });
    expect(good.status).toBe(200);
    expect(good.result).toMatchObject({
      first_name: 'Grace',
      last_name: 'Hopper',
      mobile: '+447911123456',
      code: '44',
    });
  });

  it('needs a signed-in shopper', async () => {
    const response = await injectAs(t, null).post('/shop/user/edit', {});
    expect(response.status).toBe(401);
  });
});
