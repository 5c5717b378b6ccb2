import type { TTokenPair } from '@shop/contracts/auth';
import {
  NOTIFICATION_CATEGORIES,
  NotificationMessages,
  type TNotificationPreference,
  type TUnsubscribeResult,
} from '@shop/contracts/notifications';
import { describe, expect, it } from 'vitest';
import { emit } from '../../infra/events';
import { JOB } from '../../jobs';
import { buildUser } from '../../seed/accounts';
import { body, injectAs, type TestApp } from '../../testing/harness';
import { mailingAppPerFile } from '../../testing/mailing';
import type { ReceivedMail, TestSmtpServer } from '../../testing/smtp';

let t: TestApp;
let smtp: TestSmtpServer;
const time = mailingAppPerFile((made) => {
  ({ t, smtp } = made);
});

type Prefs = { preferences: TNotificationPreference[] };
const PATH = '/shop/user/notifications';

async function signedIn(options: { consent?: boolean } = {}) {
  const user = await buildUser(t.database.db);
  if (options.consent === false) {
    await t.database.db.updateTable('users').set({ marketing_consent: 0 }).where('id', '=', user.id).execute();
  }
  const login = await injectAs(t, null).post<TTokenPair>('/shop/login/password', {
    username: user.email,
    password: user.password,
  });
  return { ...user, token: login.result.token };
}
/** The shopper's preferences as the API answers them. */
const preferencesOf = async (who: { token: string }) => (await injectAs(t, who).get<Prefs>(PATH)).result.preferences;
const all = (on: boolean) => NOTIFICATION_CATEGORIES.map((category) => ({ category, email: on, inbox: on }));
// a form-encoded body, as a mail client's one-click POST sends it: injectAs sends JSON only
const oneClick = (url: string) =>
  t.app.inject({
    method: 'POST',
    url: url.replace('https://shop.example.com', ''),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });

/** Emits `newsletter.subscribed` for the shopper, runs the event and mail jobs, and answers what reached the address. */
async function newsletterMail(user: { id: number; email: string }): Promise<ReceivedMail[]> {
  await t.database.db
    .transaction()
    .execute((trx) => emit(trx, 'newsletter.subscribed', { email: user.email, user_id: user.id }, time.now));
  await t.app.services.jobs.run(JOB.eventDispatch);
  await t.app.services.jobs.run(JOB.mailDelivery);
  // the account's other mail (the welcome coupon's notice) is not the newsletter's
  return smtp.to(user.email).filter((mail) => mail.subject.includes('newsletter'));
}
const headerOf = (raw: string, name: string) =>
  new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw)?.[1]?.replace(/\r?\n[ \t]+/g, '') ?? null;
const unsubscribeLinkOf = (mail: ReceivedMail) => /Unsubscribe: (https:\/\/\S+)/.exec(mail.text)?.[1] ?? '';

describe('GET and POST /shop/user/notifications', () => {
  it('answer every category on for a shopper who gave the marketing consent, and off (but order updates) without it', async () => {
    const consenting = await signedIn();
    expect(await preferencesOf(consenting)).toEqual(all(true));
    const declining = await signedIn({ consent: false });
    expect(await preferencesOf(declining)).toEqual([{ category: 'account', email: true, inbox: true }, ...all(false).slice(1)]);
  });

  it('keep what the shopper saves, per category and channel, and leave other shoppers alone', async () => {
    const shopper = await signedIn();
    const other = await signedIn();
    const saved = await injectAs(t, shopper).post<Prefs>(PATH, {
      preferences: [
        { category: 'promotions', email: false, inbox: true },
        { category: 'alerts', email: true, inbox: false },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.msg).toBe(NotificationMessages.saved);
    const expected = [
      { category: 'account', email: true, inbox: true },
      { category: 'promotions', email: false, inbox: true },
      { category: 'newsletter', email: true, inbox: true },
      { category: 'alerts', email: true, inbox: false },
    ];
    expect(saved.result.preferences).toEqual(expected);
    expect(await preferencesOf(shopper)).toEqual(expected);
    expect(await preferencesOf(other)).toEqual(all(true));
    // saving the same again changes nothing
    expect((await injectAs(t, shopper).post<Prefs>(PATH, { preferences: expected })).result.preferences).toEqual(expected);
  });

  it('refuse to switch off order and account updates, and bad input, with a 400 that changes nothing', async () => {
    const shopper = await signedIn();
    for (const payload of [
      {
        preferences: [
          { category: 'account', email: false, inbox: true },
          { category: 'promotions', email: false, inbox: false },
        ],
      },
      { preferences: [{ category: 'account', email: true, inbox: false }] },
      { preferences: [{ category: 'promotions', email: 'no', inbox: false }] },
      { preferences: [{ category: 'sms', email: false, inbox: false }] },
      { preferences: [{ category: 'promotions', email: false, inbox: false, extra: 1 }] },
      {
        preferences: [
          { category: 'promotions', email: false, inbox: false },
          { category: 'promotions', email: true, inbox: true },
        ],
      },
      { preferences: [] },
    ]) {
      const refused = await injectAs(t, shopper).post(PATH, payload);
      expect(refused.status).toBe(400);
    }
    const accountOff = await injectAs(t, shopper).post(PATH, {
      preferences: [{ category: 'account', email: false, inbox: true }],
    });
    expect(accountOff.msg).toBe(NotificationMessages.accountAlwaysOn);
    expect(await preferencesOf(shopper)).toEqual(all(true));
  });

  it('are for signed-in shoppers only', async () => {
    expect((await injectAs(t, null).get(PATH)).status).toBe(401);
    expect((await injectAs(t, null).post(PATH, { preferences: all(false) })).status).toBe(401);
  });
});

describe('marketing e-mail and the one-click unsubscribe link', () => {
  it('carries List-Unsubscribe, List-Unsubscribe-Post and the footer link, which unsubscribes signed out, once and again', async () => {
    const shopper = await signedIn();
    const [mail] = await newsletterMail(shopper);
    if (!mail) throw new Error('no newsletter mail arrived');
    const link = unsubscribeLinkOf(mail);
    expect(link).toMatch(/^https:\/\/shop\.example\.com\/unsubscribe\?token=/);
    expect(headerOf(mail.raw, 'List-Unsubscribe')).toBe(`<${link}>`);
    expect(headerOf(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);

    const first = await oneClick(link);
    expect(first.statusCode).toBe(200);
    expect(body<TUnsubscribeResult>(first).result.category).toBe('newsletter');
    const again = await oneClick(link);
    expect(again.statusCode).toBe(200);
    const after = await preferencesOf(shopper);
    expect(after.find((p) => p.category === 'newsletter')).toEqual({ category: 'newsletter', email: false, inbox: true });
    expect(after.find((p) => p.category === 'promotions')).toEqual({ category: 'promotions', email: true, inbox: true });

    // no more newsletter mail by e-mail once unsubscribed
    expect(await newsletterMail(shopper)).toHaveLength(1);
  });

  it('answers every one of several one-clicks at once with one row, off', async () => {
    const shopper = await signedIn();
    const link = t.app.services.notifications.unsubscribeUrl(shopper.id, 'promotions');
    const answers = await Promise.all(Array.from({ length: 6 }, () => oneClick(link)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    const rows = await t.database.db
      .selectFrom('notification_preferences')
      .select(['category', 'channel', 'enabled'])
      .where('user_id', '=', shopper.id)
      .execute();
    expect(rows).toEqual([{ category: 'promotions', channel: 'email', enabled: 0 }]);
  });

  it('is not sent to a shopper who switched the category off, and account mail carries no unsubscribe link', async () => {
    const shopper = await signedIn({ consent: false });
    expect(await newsletterMail(shopper)).toEqual([]);
    const rows = await t.database.db.selectFrom('mail_outbox').select(['subject', 'headers']).execute();
    expect(rows.filter((row) => !row.subject.includes('newsletter')).every((row) => row.headers === null)).toBe(true);
  });

  it('refuses a forged or altered token with a 400 that changes nothing', async () => {
    const shopper = await signedIn();
    const victim = await signedIn();
    const [mail] = await newsletterMail(shopper);
    const token = new URL(unsubscribeLinkOf(mail as ReceivedMail)).searchParams.get('token') ?? '';
    const [, category, signature] = token.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const forged of [
      `${victim.id}.${category}.${signature}`, // another shopper
      `${shopper.id}.promotions.${signature}`, // another category
      `${shopper.id}.${category}.${flipped}`, // an altered signature
      `${shopper.id}.${category}`,
      'nonsense',
    ]) {
      const refused = await oneClick(`/unsubscribe?token=${encodeURIComponent(forged)}`);
      expect(refused.statusCode).toBe(400);
      expect(body(refused).msg).toBe(NotificationMessages.tokenInvalid);
    }
    expect((await oneClick('/unsubscribe')).statusCode).toBe(400);
    expect(await preferencesOf(victim)).toEqual(all(true));
    expect(await preferencesOf(shopper)).toEqual(all(true));
  });
});
