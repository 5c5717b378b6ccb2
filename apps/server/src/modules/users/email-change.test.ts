import { Messages, SHOP_NAME } from '@shop/contracts';
import type { TUserInfo } from '@shop/contracts/auth';
import { EmailCodeMessages } from '@shop/contracts/email-codes';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../seed/accounts';
import { registration } from '../../testing/fixtures';
import type { Answer, TestApp } from '../../testing/harness';
import { codeIn } from '../../testing/mailing';
import { accountTesting, type JsonResult } from './account-testing';

let t: TestApp;
const { time, newIp, newEmail, from, login, info, signedIn, mailTo } = accountTesting('203.0.113', 'change', (made) => {
  ({ t } = made);
});

const sendChange = (email: string, ip: string, token: string) =>
  from(ip, token).post<JsonResult>('/shop/user/email/change/send', { email });
const change = (email: string, code: string, ip: string, token: string) =>
  from(ip, token).post<TUserInfo>('/shop/user/email/change', { email, code });
const fieldsOf = (answer: Answer<unknown>) => (answer.result as { fields?: Record<string, string> } | null)?.fields;

const emailOf = async (id: number) =>
  (await t.database.db.selectFrom('users').select(['email', 'email_verified_at']).where('id', '=', id).executeTakeFirst()) ??
  null;

async function codeSentTo(email: string, ip: string, token: string) {
  const sent = await sendChange(email, ip, token);
  expect(sent.status).toBe(200);
  const [mail] = await mailTo(email);
  return codeIn(mail);
}

describe('POST /shop/user/email/change/send and /shop/user/email/change', () => {
  it('send the code to the new address, change the address on it, verified, tell the old one, and end the other sessions', async () => {
    const ip = newIp();
    const shopper = await signedIn(ip);
    const other = (await login(shopper.email, shopper.password, ip)).result;
    const next = newEmail();

    const sent = await sendChange(next, ip, shopper.token);
    expect(sent.status).toBe(200);
    expect(sent).toMatchObject({
      msg: EmailCodeMessages.changeEmailSent,
      result: { expires_in: 600, resend_in: 60 },
    });
    const [mail] = await mailTo(next);
    expect(mail?.to).toEqual([next]);
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail?.text).toContain(code);
    expect(mail?.html).toContain(code);
    // nothing went to the old address yet, and nothing changed
    expect(await mailTo(shopper.email)).toEqual([]);
    expect((await emailOf(shopper.id))?.email).toBe(shopper.email);

    const changed = await change(next.toUpperCase(), code, ip, shopper.token);
    expect(changed.status).toBe(200);
    expect(changed.msg).toBe(EmailCodeMessages.emailChanged);
    expect(changed.result).toMatchObject({ email: next, email_verified: true });
    expect((await info(shopper.token)).result.email).toBe(next);
    expect((await info(other.token)).status).toBe(401);

    const [told] = await mailTo(shopper.email);
    expect(told?.to).toEqual([shopper.email]);
    expect(told?.subject).toBe(`The e-mail address of your ${SHOP_NAME} account was changed`);
    for (const part of [told?.text, told?.html]) expect(part).toContain(next);
    expect(told?.text).not.toContain(code);

    // the new address signs in; the old one no longer does
    expect((await login(next, shopper.password, ip)).status).toBe(200);
    expect((await login(shopper.email, shopper.password, ip)).status).toBe(400);
    // the code is spent
    expect((await change(next, code, ip, shopper.token)).msg).toBe(EmailCodeMessages.sameEmail);
  });

  it('refuse an address another account has, sending nothing and changing nothing', async () => {
    const ip = newIp();
    const shopper = await signedIn(ip);
    const taken = await buildUser(t.database.db, { email: newEmail() });
    const refused = await sendChange(taken.email, ip, shopper.token);
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused)).toEqual({ email: Messages.emailTaken });
    expect(await mailTo(taken.email)).toEqual([]);
    const own = await sendChange(shopper.email, ip, shopper.token);
    expect(fieldsOf(own)).toEqual({ email: EmailCodeMessages.sameEmail });
  });

  it('refuse a wrong, expired or another shopper’s code, and change nothing', async () => {
    const ip = newIp();
    const shopper = await signedIn(ip);
    const next = newEmail();
    const code = await codeSentTo(next, ip, shopper.token);
    const wrong = code === '000000' ? '111111' : '000000';

    const refused = await change(next, wrong, ip, shopper.token);
    expect(refused.status).toBe(400);
    expect(refused.msg).toBe(EmailCodeMessages.invalid);
    // the code works for the shopper it was sent for only
    const stranger = await signedIn(ip);
    expect((await change(next, code, ip, stranger.token)).msg).toBe(EmailCodeMessages.expired);
    expect((await emailOf(stranger.id))?.email).toBe(stranger.email);

    time.now += 10 * 60_000;
    const expired = await change(next, code, ip, shopper.token);
    expect(expired.status).toBe(400);
    expect(expired.msg).toBe(EmailCodeMessages.expired);
    expect(await emailOf(shopper.id)).toMatchObject({ email: shopper.email });
    expect(await mailTo(shopper.email)).toEqual([]);
  });

  it('refuse bad input and a signed-out caller', async () => {
    const ip = newIp();
    const shopper = await signedIn(ip);
    expect((await from(ip).post('/shop/user/email/change/send', { email: newEmail() })).status).toBe(401);
    expect(fieldsOf(await sendChange('not-an-address', ip, shopper.token))).toEqual({
      email: Messages.emailInvalid,
    });
    expect((await change(newEmail(), '12ab', ip, shopper.token)).status).toBe(400);
    expect(await emailOf(shopper.id)).toMatchObject({ email: shopper.email });
  });

  it('refuse the change when the address was taken after the code was sent', async () => {
    const ip = newIp();
    const shopper = await signedIn(ip);
    const next = newEmail();
    const code = await codeSentTo(next, ip, shopper.token);
    await buildUser(t.database.db, { email: next });
    const refused = await change(next, code, ip, shopper.token);
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused)).toEqual({ email: Messages.emailTaken });
    expect(await emailOf(shopper.id)).toMatchObject({ email: shopper.email });
  });

  it('give the address to one of two shoppers changing to it at once', async () => {
    const ip = newIp();
    const first = await signedIn(ip);
    const second = await signedIn(ip);
    const next = newEmail();
    const firstCode = await codeSentTo(next, ip, first.token);
    // a second shopper asks for the same address once the first code may be replaced
    time.now += 60_000;
    expect((await sendChange(next, ip, second.token)).status).toBe(200);
    const secondCode = codeIn((await mailTo(next, 1))[0]);

    const answers = await Promise.all([change(next, firstCode, ip, first.token), change(next, secondCode, ip, second.token)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const owners = await t.database.db.selectFrom('users').select('id').where('email', '=', next).execute();
    expect(owners).toHaveLength(1);
  });

  it('give the address to one of a change and a registration racing for it', async () => {
    const ip = newIp();
    const shopper = await signedIn(ip);
    const next = newEmail();
    const code = await codeSentTo(next, ip, shopper.token);
    const answers = await Promise.all([
      change(next, code, ip, shopper.token),
      from(newIp()).post('/shop/login/register', registration({ email: next })),
    ]);
    const winners = answers.filter((answer) => answer.status === 200);
    expect(winners).toHaveLength(1);
    const loser = answers.find((answer) => answer.status !== 200);
    expect(loser?.status).toBe(400);
    expect(fieldsOf(loser as NonNullable<typeof loser>)).toEqual({ email: Messages.emailTaken });
    const owners = await t.database.db.selectFrom('users').select('id').where('email', '=', next).execute();
    expect(owners).toHaveLength(1);
  });
});
