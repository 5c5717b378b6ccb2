import { Messages, SHOP_NAME } from '@shop/contracts';
import type { TTokenPair } from '@shop/contracts/auth';
import { CODE_EMAIL_REGISTERED, EMAIL_CODE_RULES, EmailCodeMessages } from '@shop/contracts/email-codes';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_ATTEMPTS_PER_WINDOW, EMAIL_CODE_LIMITS } from '../../http/rate-limits';
import { buildUser } from '../../seed/accounts';
import { registration } from '../../testing/fixtures';
import { injectAs, type TestApp } from '../../testing/harness';
import { codeIn } from '../../testing/mailing';
import type { TestSmtpServer } from '../../testing/smtp';
import { accountTesting, type JsonResult } from './account-testing';

let t: TestApp;
let smtp: TestSmtpServer;
const { time, newIp, newEmail, from, login, info, signedIn, mailTo } = accountTesting('198.51.100', 'codes', (made) => {
  ({ t, smtp } = made);
});

const sendCode = (email: string, type: string, ip: string, token?: string) =>
  from(ip, token).post<JsonResult>('/api/email/sendEmailCode', { email, type });
const verifyEmail = (payload: Record<string, unknown>, ip: string, token?: string) =>
  from(ip, token).post<JsonResult>('/api/email/verifyEmail', payload);
const sendReset = (email: string, ip: string) =>
  from(ip).get<JsonResult>(`/api/reset/password/email/send?email=${encodeURIComponent(email)}`);

const codeRows = (email: string) => t.database.db.selectFrom('email_codes').selectAll().where('email', '=', email).execute();

describe('POST /api/email/sendEmailCode and /api/email/verifyEmail', () => {
  it('mail a 6-digit code in the subject and both parts, kept only as a hash, that verifies the address once', async () => {
    const ip = newIp();
    const shopper = await signedIn(ip);
    expect((await info(shopper.token)).result.email_verified).toBe(false);
    const sent = await sendCode(shopper.email, 'verify', ip, shopper.token);
    expect(sent.status).toBe(200);
    expect(sent.result).toEqual({ expires_in: 600, resend_in: 60 });

    const [mail] = await mailTo(shopper.email);
    expect(mail?.to).toEqual([shopper.email]);
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail?.subject).toBe(`${code} is your ${SHOP_NAME} verification code`);
    for (const part of [mail?.text, mail?.html]) {
      expect(part).toContain(code);
      expect(part).toContain(`https://shop.example.com/ShoppingListMain/AccountInfo?verify=${code}`);
    }
    const [row] = await codeRows(shopper.email);
    expect(row?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.code_hash).not.toContain(code);

    const verified = await verifyEmail({ email: shopper.email, code }, ip, shopper.token);
    expect(verified.status).toBe(200);
    expect(verified.msg).toBe(EmailCodeMessages.verified);
    expect((await info(shopper.token)).result.email_verified).toBe(true);
    // single use
    const again = await verifyEmail({ email: shopper.email, code }, ip, shopper.token);
    expect(again.status).toBe(400);
    expect(again.msg).toBe(EmailCodeMessages.expired);
  });

  it('answer code 40003 for a register code to an address that has an account, and send one to a free address', async () => {
    const ip = newIp();
    const taken = await buildUser(t.database.db, { email: newEmail() });
    const refused = await sendCode(taken.email, 'register', ip);
    expect(refused.status).toBe(400);
    expect(refused).toMatchObject({ code: CODE_EMAIL_REGISTERED, msg: Messages.emailRegistered });
    expect(await codeRows(taken.email)).toEqual([]);

    const free = newEmail();
    expect((await sendCode(free, 'register', ip)).status).toBe(200);
    const [mail] = await mailTo(free);
    expect(mail?.subject).toMatch(/^\d{6} is your .* verification code$/);
  });

  it('give a new code only after 60 s, saying how many seconds are left, and the new code replaces the old one', async () => {
    const ip = newIp();
    const shopper = await signedIn(ip);
    expect((await sendCode(shopper.email, 'verify', ip, shopper.token)).status).toBe(200);
    const first = codeIn((await mailTo(shopper.email))[0]);
    time.now += 45_000;
    const early = await sendCode(shopper.email, 'verify', ip, shopper.token);
    expect(early.status).toBe(429);
    expect(early).toMatchObject({ msg: EmailCodeMessages.wait(15), result: { resend_in: 15 } });
    expect(early.response.headers['retry-after']).toBe('15');
    time.now += 15_000;
    expect((await sendCode(shopper.email, 'verify', ip, shopper.token)).status).toBe(200);
    const second = codeIn((await mailTo(shopper.email, 1))[0]);
    expect(second).toMatch(/^\d{6}$/);
    if (first !== second) {
      const old = await verifyEmail({ email: shopper.email, code: first }, ip, shopper.token);
      expect(old.msg).toBe(EmailCodeMessages.invalid);
    }
    expect((await verifyEmail({ email: shopper.email, code: second }, ip, shopper.token)).status).toBe(200);
  });

  it('send one code when two requests for the same address and purpose race', async () => {
    const ip = newIp();
    const email = newEmail();
    const answers = await Promise.all([sendReset(email, ip), sendReset(email, ip)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429]);
    expect(await mailTo(email)).toHaveLength(1);
  });

  it('refuse a code after its 10 minutes', async () => {
    const ip = newIp();
    const shopper = await signedIn(ip);
    await sendCode(shopper.email, 'verify', ip, shopper.token);
    const code = codeIn((await mailTo(shopper.email))[0]);
    time.now += EMAIL_CODE_RULES.validMs;
    const late = await verifyEmail({ email: shopper.email, code }, ip, shopper.token);
    expect(late.status).toBe(400);
    expect(late.msg).toBe(EmailCodeMessages.expired);
    expect((await info(shopper.token)).result.email_verified).toBe(false);
  });

  it('kill a code after 5 wrong tries: the right one no longer works', async () => {
    const ip = newIp();
    const shopper = await signedIn(ip);
    await sendCode(shopper.email, 'verify', ip, shopper.token);
    const code = codeIn((await mailTo(shopper.email))[0]);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < EMAIL_CODE_RULES.maxWrongAttempts; i++) {
      const answer = await verifyEmail({ email: shopper.email, code: wrong }, ip, shopper.token);
      expect(answer.msg).toBe(EmailCodeMessages.invalid);
    }
    const right = await verifyEmail({ email: shopper.email, code }, ip, shopper.token);
    expect(right.status).toBe(400);
    expect(right.msg).toBe(EmailCodeMessages.expired);
    expect((await info(shopper.token)).result.email_verified).toBe(false);
  });

  it('verify only the signed-in shopper’s own address', async () => {
    const ip = newIp();
    const shopper = await signedIn(ip);
    const other = await buildUser(t.database.db, { email: newEmail() });
    expect((await sendCode(shopper.email, 'verify', ip)).status).toBe(401);
    const foreign = await sendCode(other.email, 'verify', ip, shopper.token);
    expect(foreign.status).toBe(400);
    expect(foreign.msg).toBe(EmailCodeMessages.notYourEmail);
    expect((await verifyEmail({ email: shopper.email, code: '123456' }, ip)).status).toBe(401);
    expect(await codeRows(other.email)).toEqual([]);
  });

  it('refuse bad input with the spec’s messages and change nothing', async () => {
    const ip = newIp();
    const shopper = await signedIn(ip);
    const cases: Array<[string, unknown, string]> = [
      ['/api/email/sendEmailCode', { email: '', type: 'verify' }, Messages.emailRequired],
      ['/api/email/sendEmailCode', { email: 'not-an-address', type: 'verify' }, Messages.emailInvalid],
      ['/api/email/sendEmailCode', { email: shopper.email, type: 'bogus' }, 'Unknown code type'],
      ['/api/email/verifyEmail', { email: shopper.email, code: '' }, Messages.fillAllFields],
      ['/api/email/verifyEmail', { email: shopper.email, code: '1234567' }, EmailCodeMessages.invalid],
      ['/api/email/verifyEmail', { email: shopper.email, code: '12a456' }, EmailCodeMessages.invalid],
    ];
    for (const [url, payload, msg] of cases) {
      const answer = await from(ip, shopper.token).post<JsonResult>(url, payload);
      expect(answer.status, JSON.stringify(payload)).toBe(400);
      expect(answer.msg).toBe(msg);
    }
    expect(await codeRows(shopper.email)).toEqual([]);
    expect((await info(shopper.token)).result.email_verified).toBe(false);
  });

  it('limit the codes one address is sent, and those one client asks for, with 429 and a clear message', async () => {
    const ip = newIp();
    const target = await buildUser(t.database.db, { email: newEmail() });
    for (let i = 0; i < EMAIL_CODE_LIMITS.perAddress; i++) {
      expect((await sendReset(target.email, ip)).status).toBe(200);
      time.now += EMAIL_CODE_RULES.resendAfterMs;
    }
    const limited = await sendReset(target.email, ip);
    expect(limited.status).toBe(429);
    expect(limited.msg).toBe(Messages.tooManyAttempts);
    // another address from the same client is unaffected
    expect((await sendReset(newEmail(), ip)).status).toBe(200);

    const busy = newIp();
    for (let i = 0; i < EMAIL_CODE_LIMITS.perIp; i++) expect((await sendReset(newEmail(), busy)).status).toBe(200);
    const tooMany = await sendReset(newEmail(), busy);
    expect(tooMany.status).toBe(429);
    expect(tooMany.msg).toBe(Messages.tooManyAttempts);
    // another client is unaffected
    expect((await sendReset(newEmail(), newIp())).status).toBe(200);
  });
});

describe('a new account', () => {
  it('is mailed a code that verifies its address', async () => {
    const ip = newIp();
    const email = newEmail();
    const registered = await from(ip).post<TTokenPair>('/shop/login/register', registration({ email }));
    const { token } = registered.result;
    const mails = await mailTo(email);
    expect(mails.map((mail) => mail.subject)).toContain(`Welcome to ${SHOP_NAME}`);
    const code = codeIn(mails.find((mail) => mail.subject.includes('verification code')));
    expect((await verifyEmail({ email, code }, ip, token)).status).toBe(200);
    expect((await info(token)).result.email_verified).toBe(true);
  });
});

describe('forgot password', () => {
  const resetVerify = (payload: Record<string, unknown>, ip: string) =>
    from(ip).post<TTokenPair>('/api/reset/password/verify', payload);

  it('answers the same for an address with an account and one without, and does the same work', async () => {
    const ip = newIp();
    const known = await buildUser(t.database.db, { email: newEmail() });
    const unknown = newEmail();
    const [a, b] = [await sendReset(known.email, ip), await sendReset(unknown, ip)];
    expect(a.status).toBe(b.status);
    expect(a.response.body).toBe(b.response.body);
    expect(a.msg).toBe(EmailCodeMessages.resetSent);
    expect(await codeRows(known.email)).toHaveLength(1);
    expect(await codeRows(unknown)).toHaveLength(1);
    // and so does asking again too soon
    const [c, d] = [await sendReset(known.email, ip), await sendReset(unknown, ip)];
    expect(c.status).toBe(429);
    expect(c.response.body).toBe(d.response.body);

    const [toKnown] = await mailTo(known.email);
    const code = codeIn(toKnown);
    expect(toKnown?.subject).toBe(`${code} is your ${SHOP_NAME} password reset code`);
    const link = `https://shop.example.com/forgotpassword?email=${encodeURIComponent(known.email)}&code=${code}`;
    expect(toKnown?.text).toContain(link);
    expect(toKnown?.html).toContain(link.replaceAll('&', '&amp;'));
    const [toUnknown] = await mailTo(unknown);
    expect(toUnknown?.subject).toBe(`Password reset requested at ${SHOP_NAME}`);
    expect(toUnknown?.text).toContain('there is no');
    expect(toUnknown?.text).not.toMatch(/\b\d{6}\b/);
  });

  it('sets the new password with the code, ends every session, signs the shopper in, and mails them', async () => {
    const ip = newIp();
    const shopper = await signedIn(ip);
    await sendReset(shopper.email, ip);
    const code = codeIn((await mailTo(shopper.email))[0]);
    const reset = await resetVerify(
      { email: shopper.email, code, password: 'NewPassword9', passwordConfirm: 'NewPassword9' },
      ip,
    );
    expect(reset.status).toBe(200);
    expect(reset.msg).toBe(EmailCodeMessages.passwordReset);
    const pair = reset.result;
    expect((await info(pair.token)).status).toBe(200);
    expect((await info(shopper.token)).status).toBe(401);
    expect((await login(shopper.email, shopper.password, ip)).status).toBe(400);
    expect((await login(shopper.email, 'NewPassword9', ip)).status).toBe(200);
    // the code reached the inbox: the address is proven
    expect((await info(pair.token)).result.email_verified).toBe(true);
    const changed = (await mailTo(shopper.email, 1))[0];
    expect(changed?.subject).toBe(`Your ${SHOP_NAME} password was changed`);
    expect(changed?.text).toContain('reset with a code');
    // the code was spent
    const again = await resetVerify({ email: shopper.email, code, password: 'Other12345', passwordConfirm: 'Other12345' }, ip);
    expect(again.msg).toBe(EmailCodeMessages.expired);
  });

  it('applies the register rules and texts and changes nothing on bad input', async () => {
    const ip = newIp();
    const shopper = await signedIn(ip);
    await sendReset(shopper.email, ip);
    const code = codeIn((await mailTo(shopper.email))[0]);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ password: '', passwordConfirm: '' }, Messages.passwordRequired],
      [{ password: 'Short1', passwordConfirm: 'Short1' }, Messages.passwordTooShort],
      [{ password: 'alllowercase1', passwordConfirm: 'alllowercase1' }, Messages.passwordCase],
      [{ password: 'NewPassword9', passwordConfirm: 'NewPassword8' }, Messages.passwordsDiffer],
      [{ password: 'NewPassword9', passwordConfirm: 'NewPassword9', code: '' }, Messages.fillAllFields],
    ];
    for (const [fields, msg] of cases) {
      const answer = await resetVerify({ email: shopper.email, code, ...fields }, ip);
      expect(answer.status).toBe(400);
      expect(answer.msg).toBe(msg);
    }
    expect((await info(shopper.token)).status).toBe(200);
    expect((await login(shopper.email, shopper.password, ip)).status).toBe(200);
    // the code was not touched by the refused requests
    const reset = await resetVerify(
      { email: shopper.email, code, password: 'NewPassword9', passwordConfirm: 'NewPassword9' },
      ip,
    );
    expect(reset.status).toBe(200);
  });

  it('lets one of two concurrent uses of a code win', async () => {
    const ip = newIp();
    const shopper = await signedIn(ip);
    await sendReset(shopper.email, ip);
    const code = codeIn((await mailTo(shopper.email))[0]);
    const answers = await Promise.all(
      ['FirstPassword1', 'SecondPassword2'].map((password) =>
        resetVerify({ email: shopper.email, code, password, passwordConfirm: password }, ip),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const winner = answers[0]?.status === 200 ? 'FirstPassword1' : 'SecondPassword2';
    expect((await login(shopper.email, winner, ip)).status).toBe(200);
    const changes = await t.database.db
      .selectFrom('event_outbox')
      .select('payload')
      .where('type', '=', 'user.password_changed')
      .where('payload', 'like', `%${shopper.email}%`)
      .execute();
    expect(changes).toHaveLength(1);
  });

  it('limits code guesses on one account from one client with 429, without touching another account', async () => {
    const ip = newIp();
    const target = await buildUser(t.database.db, { email: newEmail() });
    const other = await buildUser(t.database.db, { email: newEmail() });
    const guess = (email: string) =>
      resetVerify({ email, code: '123456', password: 'NewPassword9', passwordConfirm: 'NewPassword9' }, ip);
    for (let i = 0; i < ACCOUNT_ATTEMPTS_PER_WINDOW; i++) expect((await guess(target.email)).status).toBe(400);
    const limited = await guess(target.email);
    expect(limited.status).toBe(429);
    expect(limited.msg).toBe(Messages.tooManyAttempts);
    expect((await guess(other.email)).status).toBe(400);
  });

  it('opens nothing with a code sent to an address without an account', async () => {
    const ip = newIp();
    const email = newEmail();
    await sendReset(email, ip);
    // the code is never mailed (the message says there is no account); even with it, an account made later stays shut
    const event = await t.database.db
      .selectFrom('event_outbox')
      .select('payload')
      .where('type', '=', 'user.email_code_issued')
      .where('payload', 'like', `%${email}%`)
      .executeTakeFirstOrThrow();
    const { code, account } = JSON.parse(event.payload) as { code: string; account: boolean };
    expect(account).toBe(false);
    await buildUser(t.database.db, { email });
    const answer = await resetVerify({ email, code, password: 'NewPassword9', passwordConfirm: 'NewPassword9' }, ip);
    expect(answer.status).toBe(400);
    expect(answer.msg).toBe(EmailCodeMessages.expired);
  });
});

describe('POST /api/change/password', () => {
  const change = (payload: Record<string, unknown>, token: string, ip: string) =>
    from(ip, token).post<JsonResult>('/api/change/password', payload);

  it('refuses a wrong current password and changes nothing', async () => {
    const ip = newIp();
    const shopper = await signedIn(ip);
    const answer = await change(
      { old_password: 'Wrong12345', password: 'NewPassword9', passwordConfirm: 'NewPassword9' },
      shopper.token,
      ip,
    );
    expect(answer.status).toBe(400);
    expect(answer).toMatchObject({
      msg: EmailCodeMessages.oldPasswordWrong,
      result: { fields: { old_password: EmailCodeMessages.oldPasswordWrong } },
    });
    expect((await login(shopper.email, shopper.password, ip)).status).toBe(200);
    for (const [fields, msg] of [
      [{ password: 'short', passwordConfirm: 'short' }, Messages.passwordTooShort],
      [{ password: 'NewPassword9', passwordConfirm: 'NewPassword8' }, Messages.passwordsDiffer],
    ] as const) {
      const bad = await change({ old_password: shopper.password, ...fields }, shopper.token, ip);
      expect(bad.msg).toBe(msg);
    }
    expect((await login(shopper.email, shopper.password, ip)).status).toBe(200);
    expect(
      (await change({ old_password: 'x', password: 'NewPassword9', passwordConfirm: 'NewPassword9' }, 'nope', ip)).status,
    ).toBe(401);
  });

  it('keeps this session, ends every other one, and mails the shopper', async () => {
    const ip = newIp();
    const shopper = await signedIn(ip);
    const other = (await login(shopper.email, shopper.password, ip)).result;
    const before = smtp.to(shopper.email).length;
    const answer = await change(
      { old_password: shopper.password, password: 'NewPassword9', passwordConfirm: 'NewPassword9' },
      shopper.token,
      ip,
    );
    expect(answer.status).toBe(200);
    expect(answer.msg).toBe(EmailCodeMessages.passwordChanged);
    expect((await info(shopper.token)).status).toBe(200);
    expect((await info(other.token)).status).toBe(401);
    const refreshed = await injectAs(t, null).post('/shop/login/refresh', {}, { 'refresh-token': other.refresh_token });
    expect(refreshed.status).toBe(401);
    expect((await login(shopper.email, shopper.password, ip)).status).toBe(400);
    expect((await login(shopper.email, 'NewPassword9', ip)).status).toBe(200);
    const [mail] = await mailTo(shopper.email, before);
    expect(mail?.subject).toBe(`Your ${SHOP_NAME} password was changed`);
    expect(mail?.text).toContain('from My Account');
    expect(mail?.html).toContain('https://shop.example.com/forgotpassword');
  });
});
