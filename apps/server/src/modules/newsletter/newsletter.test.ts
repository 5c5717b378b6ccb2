import type { TTokenPair } from '@shop/contracts/auth';
import { EmailCodeMessages, type TEmailCodeSent } from '@shop/contracts/email-codes';
import { NEWSLETTER_CONSENT_TEXT, NewsletterMessages, type TNewsletterSubscription } from '@shop/contracts/newsletter';
import type { TNotificationPreference } from '@shop/contracts/notifications';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_ATTEMPTS_PER_WINDOW, EMAIL_CODE_LIMITS } from '../../http/rate-limits';
import { emit } from '../../infra/events';
import { JOB } from '../../jobs';
import { buildUser } from '../../seed/accounts';
import { injectAs, type TestApp } from '../../testing/harness';
import { codeIn, mailDeliveredTo, mailingAppPerFile } from '../../testing/mailing';
import type { TestSmtpServer } from '../../testing/smtp';

let t: TestApp;
let smtp: TestSmtpServer;
const time = mailingAppPerFile((made) => {
  ({ t, smtp } = made);
});

let n = 0;
/** Each test speaks from an address of its own, so the per-address limits of one never reach another. */
const newIp = () => `203.0.113.${++n}`;
const newEmail = () => `news-${Date.now().toString(36)}-${++n}@example.com`;

type Fields = { fields?: Record<string, string> };
/** Requests from `ip` with the test's user agent (the consent records keep both), as `token`'s holder when given. */
const from = (ip: string, token?: string) => injectAs(t, token, { ip, headers: { 'user-agent': 'NewsletterTest/1.0' } });
const subscribe = (email: string, ip: string, source = 'footer', token?: string) =>
  from(ip, token).post<TEmailCodeSent & Fields>('/api/newsletter/subscribe', { email, source });
const confirm = (email: string, code: string, ip: string) =>
  from(ip).post<TNewsletterSubscription & Fields>('/api/newsletter/confirm', { email, code });

const mailTo = (email: string) => mailDeliveredTo(t, smtp, email);
/** The code of the latest newsletter-code message to `email`, as the shopper reads it. */
async function mailedCode(email: string): Promise<string> {
  return codeIn((await mailTo(email)).filter((m) => m.subject.includes('newsletter code')).at(-1));
}
/** Signs `email` up from `ip` and confirms it with the code mailed to it. */
async function subscribeAndConfirm(email: string, ip: string, source = 'footer') {
  await subscribe(email, ip, source);
  await confirm(email, await mailedCode(email), ip);
}
const subscription = (email: string) =>
  t.database.db.selectFrom('newsletter_subscriptions').selectAll().where('email', '=', email).executeTakeFirst();
const consents = (email: string) =>
  t.database.db.selectFrom('newsletter_consents').selectAll().where('email', '=', email).orderBy('id').execute();
async function subscribedEvents(email: string) {
  const rows = await t.database.db
    .selectFrom('event_outbox')
    .select('payload')
    .where('type', '=', 'newsletter.subscribed')
    .execute();
  return rows.map((row) => JSON.parse(row.payload) as { email: string; user_id: number | null }).filter((p) => p.email === email);
}
async function signedIn(ip: string, marketingConsent = true) {
  const user = await buildUser(t.database.db, { email: newEmail(), password: 'Password123' });
  if (!marketingConsent)
    await t.database.db.updateTable('users').set({ marketing_consent: 0 }).where('id', '=', user.id).execute();
  const login = await from(ip).post<TTokenPair>('/shop/login/password', { username: user.email, password: user.password });
  return { ...user, token: login.result.token };
}

describe('POST /api/newsletter/subscribe and /confirm (double opt-in)', () => {
  it('keeps a guest pending with a consent request, mails a code, and subscribes on the code with a second consent record', async () => {
    const email = newEmail();
    const ip = newIp();
    const sent = await subscribe(email, ip);
    expect(sent.status).toBe(200);
    expect(sent).toMatchObject({ msg: NewsletterMessages.codeSent, result: { resend_in: 60 } });
    expect(await subscription(email)).toMatchObject({ status: 'pending', source: 'footer', user_id: null, confirmed_at: null });
    expect(await subscribedEvents(email)).toEqual([]);

    const code = await mailedCode(email);
    expect(code).toMatch(/^\d{6}$/);
    time.now += 1000;
    const confirmed = await confirm(email, code, ip);
    expect(confirmed.status).toBe(200);
    expect(confirmed).toMatchObject({
      msg: NewsletterMessages.subscribed,
      result: { email, status: 'subscribed', account: false, confirmed_at: time.now },
    });
    expect(await subscription(email)).toMatchObject({ status: 'subscribed', user_id: null, confirmed_at: time.now });
    const record = await consents(email);
    expect(record.map((r) => [r.action, r.source, r.consent_text, r.ip, r.user_agent])).toEqual([
      ['requested', 'footer', NEWSLETTER_CONSENT_TEXT.footer, ip, 'NewsletterTest/1.0'],
      ['confirmed', 'footer', NEWSLETTER_CONSENT_TEXT.footer, ip, 'NewsletterTest/1.0'],
    ]);
    expect(Number(record[1]?.at)).toBe(time.now);
    expect(await subscribedEvents(email)).toEqual([{ email, user_id: null }]);
  });

  it('links an account holder, switches their newsletter e-mail on, sends the welcome, and the one-click link withdraws the consent', async () => {
    const ip = newIp();
    const shopper = await signedIn(ip, false);
    expect((await subscribe(shopper.email, ip, 'floating')).status).toBe(200);
    const confirmed = await confirm(shopper.email, await mailedCode(shopper.email), ip);
    expect(confirmed.result).toMatchObject({ status: 'subscribed', account: true });
    expect(await subscription(shopper.email)).toMatchObject({ status: 'subscribed', source: 'floating', user_id: shopper.id });
    expect(await subscribedEvents(shopper.email)).toEqual([{ email: shopper.email, user_id: shopper.id }]);

    const prefs = await injectAs(t, shopper.token).get<{ preferences: TNotificationPreference[] }>('/shop/user/notifications');
    const newsletter = prefs.result.preferences.find((p) => p.category === 'newsletter');
    expect(newsletter?.email).toBe(true);

    const welcome = (await mailTo(shopper.email)).find((m) => m.subject.includes('newsletter') && !m.subject.includes('code'));
    const link = /Unsubscribe: (https:\/\/\S+)/.exec(welcome?.text ?? '')?.[1] ?? '';
    expect(link).toContain('/unsubscribe?token=');
    const oneClick = await t.app.inject({
      method: 'POST',
      url: link.replace('https://shop.example.com', ''),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(await subscription(shopper.email)).toMatchObject({ status: 'unsubscribed', unsubscribed_at: time.now });
    expect((await consents(shopper.email)).map((r) => [r.action, r.source])).toEqual([
      ['requested', 'floating'],
      ['confirmed', 'floating'],
      ['withdrawn', 'unsubscribe'],
    ]);
  });

  it('switching the newsletter off on the preferences page withdraws the subscription too', async () => {
    const ip = newIp();
    const shopper = await signedIn(ip);
    await subscribeAndConfirm(shopper.email, ip);
    const saved = await injectAs(t, shopper.token).post('/shop/user/notifications', {
      preferences: [{ category: 'newsletter', email: false, inbox: true }],
    });
    expect(saved.status).toBe(200);
    expect(await subscription(shopper.email)).toMatchObject({ status: 'unsubscribed' });
    expect((await consents(shopper.email)).at(-1)).toMatchObject({ action: 'withdrawn', source: 'account' });
  });

  it('a guest who confirmed, then has an account, is linked on confirming again: one more event, now naming the account', async () => {
    const ip = newIp();
    const email = newEmail();
    await subscribeAndConfirm(email, ip);
    const user = await buildUser(t.database.db, { email, password: 'Password123' });
    time.now += 61_000;
    await subscribeAndConfirm(email, ip, 'floating');
    expect(await subscription(email)).toMatchObject({ status: 'subscribed', user_id: user.id });
    expect(await subscribedEvents(email)).toEqual([
      { email, user_id: null },
      { email, user_id: user.id },
    ]);
    // confirming once more changes nothing a subscriber cares about
    time.now += 61_000;
    await subscribeAndConfirm(email, ip);
    expect(await subscribedEvents(email)).toHaveLength(2);
  });

  it("a guest's confirmed subscription becomes the account's once an account verifies that address", async () => {
    const ip = newIp();
    const email = newEmail();
    await subscribeAndConfirm(email, ip);
    const user = await buildUser(t.database.db, { email, password: 'Password123' });
    await t.database.db.transaction().execute((trx) => emit(trx, 'user.email_verified', { user_id: user.id, email }, time.now));
    await t.app.services.jobs.run(JOB.eventDispatch);
    expect(await subscription(email)).toMatchObject({ status: 'subscribed', user_id: user.id });
    expect(await subscribedEvents(email)).toEqual([
      { email, user_id: null },
      { email, user_id: user.id },
    ]);
    // delivered again (at least once), it changes nothing more
    await t.database.db.transaction().execute((trx) => emit(trx, 'user.email_verified', { user_id: user.id, email }, time.now));
    await t.app.services.jobs.run(JOB.eventDispatch);
    expect(await subscribedEvents(email)).toHaveLength(2);
  });

  it('refuses a wrong code with the field named, counts it, and keeps the sign-up pending', async () => {
    const ip = newIp();
    const email = newEmail();
    await subscribe(email, ip);
    const code = await mailedCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await confirm(email, wrong, ip);
    expect(refused.status).toBe(400);
    expect(refused.result.fields).toEqual({ code: EmailCodeMessages.invalid });
    const row = await t.database.db.selectFrom('email_codes').select('attempts').where('email', '=', email).executeTakeFirst();
    expect(row?.attempts).toBe(1);
    expect(await subscription(email)).toMatchObject({ status: 'pending' });
    expect(await subscribedEvents(email)).toEqual([]);
    // a code for the address that no sign-up asked for confirms nothing
    const other = newEmail();
    await from(ip).post('/api/email/sendEmailCode', { email: other, type: 'newsletter' });
    const orphan = await confirm(other, await mailedCode(other), ip);
    expect(orphan.result.fields).toEqual({ code: EmailCodeMessages.expired });
    expect(await subscription(other)).toBeUndefined();
  });

  it('answers bad input with a 400 naming the field and stores nothing', async () => {
    const ip = newIp();
    const email = newEmail();
    const cases: [unknown, string][] = [
      [{ email: '', source: 'footer' }, 'email'],
      [{ email: 'not-an-address', source: 'footer' }, 'email'],
      [{ email, source: 'popup' }, 'source'],
      [{ email }, 'source'],
    ];
    for (const [payload, field] of cases) {
      const response = await from(ip).post<Fields>('/api/newsletter/subscribe', payload);
      expect(response.status).toBe(400);
      expect(Object.keys(response.result.fields ?? {})).toContain(field);
    }
    const noCode = await from(ip).post<Fields>('/api/newsletter/confirm', { email, code: '' });
    expect(noCode.result.fields?.code).toBe('Please fill all fields.');
    expect(await subscription(email)).toBeUndefined();
  });

  it('a second code within 60 s is a 429 with the seconds left, and keeps no second consent request', async () => {
    const ip = newIp();
    const email = newEmail();
    expect((await subscribe(email, ip)).status).toBe(200);
    time.now += 10_000;
    const early = await subscribe(email, ip, 'floating');
    expect(early.status).toBe(429);
    expect(early.result.resend_in).toBe(50);
    expect(await consents(email)).toHaveLength(1);
    expect(await subscription(email)).toMatchObject({ source: 'footer' });
  });

  it('is rate limited: codes per address and per client, and wrong codes per address', async () => {
    const email = newEmail();
    for (let i = 0; i < EMAIL_CODE_LIMITS.perAddress; i++) {
      time.now += 61_000;
      expect((await subscribe(email, newIp())).status).toBe(200);
    }
    time.now += 61_000;
    expect((await subscribe(email, newIp())).status).toBe(429);

    const ip = newIp();
    const target = newEmail();
    for (let i = 0; i < ACCOUNT_ATTEMPTS_PER_WINDOW; i++) await confirm(target, '123456', ip);
    expect((await confirm(target, '123456', ip)).status).toBe(429);
    time.now += 60 * 60_000;
  });

  it('of 50 concurrent confirmations with the right code, one subscribes, one event is written and one $10 coupon granted', async () => {
    const ip = newIp();
    const shopper = await buildUser(t.database.db, { email: newEmail(), password: 'Password123' });
    const email = shopper.email;
    await subscribe(email, ip);
    const code = await mailedCode(email);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => confirm(email, code, `198.19.${n}.${i + 1}`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // the others: the code is spent (400), or the address's attempts from anywhere are used up (429)
    expect(statuses.filter((s) => s !== 200 && s !== 400 && s !== 429)).toEqual([]);
    expect(await subscribedEvents(email)).toHaveLength(1);
    expect((await consents(email)).filter((r) => r.action === 'confirmed')).toHaveLength(1);
    // the coupons' welcome offers hand out the newsletter's $10 once
    await t.app.services.jobs.run(JOB.eventDispatch);
    const coupons = await t.database.db
      .selectFrom('user_coupons')
      .select('id')
      .where('user_id', '=', shopper.id)
      .where('source', '=', 'newsletter')
      .execute();
    expect(coupons).toHaveLength(1);
  });

  it('of 50 concurrent sign-ups of one address, one row is kept and one code is mailed', async () => {
    const email = newEmail();
    time.now += 61_000;
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => subscribe(email, `198.18.${n}.${i + 1}`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    const rows = await t.database.db.selectFrom('newsletter_subscriptions').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
    expect(await consents(email)).toHaveLength(1);
  });
});
