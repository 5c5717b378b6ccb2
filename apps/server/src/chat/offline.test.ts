// The chat when no agent is there (decision 0060): business hours, the visitor's e-mail, the
// agents' replies mailed in batches to a visitor who left, the link back, and the support reports.
import type { TTokenPair } from '@shop/contracts/auth';
import {
  CHAT_REOPEN_LINK_VALID_MS,
  CHAT_REOPEN_PARAM,
  CHAT_REPLY_MAIL_DELAY_MS,
  ChatOfflineTexts,
  DEFAULT_CHAT_HOURS,
  type TChatAvailability,
  type TChatHours,
  type TChatReopen,
  type TChatReport,
} from '@shop/contracts/chat-offline';
import { PathInfo, type TChatMessage, type TChatUser } from '@shop/contracts/chat-protocol';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { inTransaction } from '../db/transaction';
import { JOB } from '../jobs';
import { buildUser } from '../seed/accounts';
import type { ChatClient } from '../testing/chat-client';
import { chatHarness } from '../testing/chat-harness';
import { injectAs, type TestApp } from '../testing/harness';
import { smtpServer, type TestSmtpServer } from '../testing/smtp';
import { CHAT_HOURS_SETTING } from './offline';

let t: TestApp;
let smtp: TestSmtpServer;
const harness = chatHarness();
const { connect, visitor } = harness;
// Friday 27 November 2026, 12:00 UTC = 04:00 in Los Angeles
const FRIDAY_MORNING = Date.UTC(2026, 10, 27, 12);
let now = FRIDAY_MORNING;
const clock = () => now;
let n = 0;

/** Requests as the visitor whose identity the tourist token is. */
const asVisitor = (touristToken: string) => injectAs(t, null, { headers: { 'tourist-token': touristToken } });

const staffMember = (role: 'admin' | 'csr', nickname = `${role} ${++n}`) => harness.staff(role, { nickname });

async function agentOnline() {
  const desk = await harness.agent('csr', { nickname: `Dana ${++n}` });
  desk.client.send({ pathInfo: PathInfo.changeStatus, status: 'online' });
  await desk.client.next('changeStatus');
  return desk;
}

const say = async (client: ChatClient, session_id: number, content: string) => {
  const client_msg_id = `m-${++n}`;
  client.send({ pathInfo: PathInfo.sendSessionMessage, session_id, type: 'text', content, client_msg_id });
  return client.next<TChatMessage>('newMessage', (m) => m.client_msg_id === client_msg_id);
};

/** A visitor who wrote, left an address and closed the page; the conversation waits in the queue. */
async function visitorWhoLeft(email: string) {
  const guest = await visitor();
  guest.client.send({
    pathInfo: PathInfo.sendSessionMessage,
    type: 'text',
    content: 'Is this coat lined?',
    client_msg_id: `q-${++n}`,
  });
  const { session_id } = await guest.client.next<{ session_id: number }>('distribution');
  const saved = await asVisitor(guest.user.token).post<{ email: string }>('/api/chat/email', { email });
  expect(saved.code).toBe(200);
  await guest.client.close();
  await vi.waitFor(async () => {
    const row = await t.database.db
      .selectFrom('chat_tourists')
      .select('last_seen_at')
      .where('id', '=', guest.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.last_seen_at)).toBe(0);
  });
  return { session_id, token: guest.user.token, touristId: guest.user.id };
}

/** Waits until the reply mail events number `count` (they are written just after the reply reaches both sides). */
const eventsReach = (count: number) => vi.waitFor(async () => expect(await waitingEvents()).toBe(count));

const waitingEvents = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('event_outbox')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('type', '=', 'chat.reply_waiting')
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The next mail to `email` (after the first `from` received), or a failure that says what the outbox holds. */
async function mailTo(email: string, from = 0) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(async () => {
      const events = await t.database.db
        .selectFrom('event_outbox')
        .selectAll()
        .where('type', '=', 'chat.reply_waiting')
        .execute();
      const mails = await t.database.db.selectFrom('mail_outbox').select(['to_address', 'status', 'last_error']).execute();
      const batches = await t.database.db.selectFrom('chat_reply_mail').selectAll().execute();
      reject(new Error(`no mail to ${email}: ${JSON.stringify({ now, events, mails, batches })}`));
    }, 10_000);
  });
  try {
    return await Promise.race([smtp.next(email, from), late]);
  } finally {
    clearTimeout(timer);
  }
}

async function deliverMail() {
  await t.app.services.jobs.run(JOB.eventDispatch, now);
  await t.app.services.jobs.run(JOB.mailDelivery, now);
}

beforeAll(async () => {
  smtp = await smtpServer();
  t = await harness.start({ clock, env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example.com' } });
});
afterAll(async () => {
  await harness.close();
  await smtp?.close();
});
// each test starts on the Friday morning, with no agent online and the default hours (not applied),
// whatever an earlier one moved the clock to or saved
beforeEach(async () => {
  now = FRIDAY_MORNING;
  await t.database.db.updateTable('staff').set({ status: 'offline' }).execute();
  await t.database.db.deleteFrom('settings').where('key', '=', CHAT_HOURS_SETTING).execute();
});

describe('business hours', () => {
  const week = (patch: Partial<TChatHours> = {}): TChatHours => ({
    enabled: true,
    time_zone: 'America/Los_Angeles',
    days: DEFAULT_CHAT_HOURS.days.map((day) => ({ ...day })),
    ...patch,
  });

  it('refuses bad hours with a clear message and keeps the ones in force', async () => {
    const admin = await staffMember('admin');
    const before = await injectAs(t, admin).get<TChatHours>('/admin/kefu/hours');
    const reversed = week();
    reversed.days[0] = { open: true, from: '18:00', to: '09:00' };
    for (const [payload, message] of [
      [week({ time_zone: 'Mars/Olympus' }), ChatOfflineTexts.timeZoneInvalid],
      [reversed, ChatOfflineTexts.closeAfterOpen],
      [{ ...week(), days: week().days.slice(0, 6) }, ChatOfflineTexts.sevenDays],
      [{ ...week(), days: week().days.map((day) => ({ ...day, from: '9am' })) }, ChatOfflineTexts.timeInvalid],
    ] as const) {
      const refused = await injectAs(t, admin).post('/admin/kefu/hours', payload);
      expect(refused.code).toBe(400);
      expect(JSON.stringify(refused)).toContain(message);
    }
    expect((await injectAs(t, admin).get<TChatHours>('/admin/kefu/hours')).result).toEqual(before.result);
  });

  it('saves the hours for chat.configure only, audited', async () => {
    const admin = await staffMember('admin');
    const agent = await staffMember('csr');
    expect((await injectAs(t, agent).post('/admin/kefu/hours', week())).code).toBe(403);
    const saved = await injectAs(t, admin).post<TChatHours>('/admin/kefu/hours', week());
    expect(saved.code).toBe(200);
    expect(saved.result.enabled).toBe(true);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'staff_id'])
      .where('action', '=', 'chat_hours.save')
      .execute();
    expect(audit.at(-1)).toEqual({ action: 'chat_hours.save', staff_id: admin.id });
  });

  it('tells a visitor the desk is closed outside the hours and away with no agent online', async () => {
    const admin = await staffMember('admin');
    await injectAs(t, admin).post('/admin/kefu/hours', week());
    // 04:00 on a Friday in Los Angeles: closed
    expect((await injectAs(t, null).get<TChatAvailability>('/api/chat/availability')).result).toMatchObject({
      staffed: false,
      reason: 'closed',
    });
    now = Date.UTC(2026, 10, 27, 20); // 12:00 in Los Angeles
    expect((await injectAs(t, null).get<TChatAvailability>('/api/chat/availability')).result).toMatchObject({
      staffed: false,
      reason: 'away',
    });
    const desk = await agentOnline();
    expect((await injectAs(t, null).get<TChatAvailability>('/api/chat/availability')).result).toMatchObject({
      staffed: true,
      reason: 'open',
    });
    await desk.client.close();
  });
});

describe("the visitor's e-mail", () => {
  it('is validated, stored on the visitor and shown back to them', async () => {
    const guest = await visitor();
    const bad = await asVisitor(guest.user.token).post('/api/chat/email', { email: 'not-an-address' });
    expect(bad.code).toBe(400);
    expect((await asVisitor(guest.user.token).get<TChatAvailability>('/api/chat/availability')).result.email).toBeNull();
    const saved = await asVisitor(guest.user.token).post<{ email: string }>('/api/chat/email', { email: 'Ann@Example.com' });
    expect(saved).toMatchObject({ code: 200, msg: ChatOfflineTexts.emailSaved, result: { email: 'ann@example.com' } });
    expect((await asVisitor(guest.user.token).get<TChatAvailability>('/api/chat/availability')).result.email).toBe(
      'ann@example.com',
    );
  });

  it('is refused without a visitor identity, and from staff', async () => {
    expect((await injectAs(t, null).post('/api/chat/email', { email: 'a@example.com' })).code).toBe(401);
    expect((await asVisitor('tt1.forged.mac').post('/api/chat/email', { email: 'a@example.com' })).code).toBe(401);
    const agent = await staffMember('csr');
    expect((await injectAs(t, agent).post('/api/chat/email', { email: 'a@example.com' })).code).toBe(403);
  });

  it("offers a signed-in shopper's address to prefill", async () => {
    const shopper = await buildUser(t.database.db);
    const login = await injectAs(t, null).post<TTokenPair>('/shop/login/password', {
      username: shopper.email,
      password: shopper.password,
    });
    const answer = await injectAs(t, login.result.token).get<TChatAvailability>('/api/chat/availability');
    expect(answer.result).toMatchObject({ email: null, suggested_email: shopper.email });
  });
});

describe('replies mailed to a visitor who left', () => {
  it('mails the replies of a short while in one message whose link reopens the conversation', async () => {
    const email = `away-${++n}@example.com`;
    const left = await visitorWhoLeft(email);
    const desk = await agentOnline();
    await desk.client.next('sessionInfo', (s: { id: number }) => s.id === left.session_id);
    const before = await waitingEvents();
    await say(desk.client, left.session_id, 'Yes, it is lined with wool.');
    await eventsReach(before + 1);
    await say(desk.client, left.session_id, 'It also comes in navy.');
    // the second reply goes in the same mail
    await vi.waitFor(async () => {
      const batch = await t.database.db
        .selectFrom('chat_messages')
        .select('seq')
        .where('session_id', '=', left.session_id)
        .where('content', '=', 'It also comes in navy.')
        .executeTakeFirst();
      expect(batch).toBeDefined();
    });
    expect(await waitingEvents()).toBe(before + 1);

    // not yet: the replies of the next minutes go in the same mail
    await deliverMail();
    expect(smtp.to(email)).toHaveLength(0);
    now += CHAT_REPLY_MAIL_DELAY_MS;
    await deliverMail();
    const mail = await mailTo(email);
    expect(smtp.to(email)).toHaveLength(1);
    expect(mail.subject).toContain('replied to your chat');
    expect(mail.text).toContain('Yes, it is lined with wool.');
    expect(mail.text).toContain('It also comes in navy.');
    const link = /https:\/\/shop\.example\.com\/\?chat_link=([A-Za-z0-9._%-]+)/.exec(mail.text);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link?.[1] ?? '');

    const reopened = await injectAs(t, null).post<TChatReopen>('/api/chat/reopen', { token });
    expect(reopened.code).toBe(200);
    expect(reopened.result.session_id).toBe(left.session_id);
    // the identity it gives opens the same conversation, with the replies
    const back = await connect();
    back.send({ pathInfo: PathInfo.initialize, language: 'en-us', baTouristToken: reopened.result.tourist_token });
    const init = await back.next<{ user: TChatUser }>('init');
    expect(init.user.id).toBe(left.touristId);
    back.send({ pathInfo: PathInfo.loadRecords, id: left.session_id, page: 1 });
    const records = await back.next<{ data: TChatMessage[] }>('sessionRecords');
    expect(records.data.map((m) => m.content)).toContain('It also comes in navy.');
    await back.close();
    await vi.waitFor(async () => {
      const row = await t.database.db
        .selectFrom('chat_tourists')
        .select('last_seen_at')
        .where('id', '=', left.touristId)
        .executeTakeFirstOrThrow();
      expect(Number(row.last_seen_at)).toBe(0);
    });

    // a later reply starts a new batch and a new mail
    await say(desk.client, left.session_id, 'Anything else?');
    await eventsReach(before + 2);
    now += CHAT_REPLY_MAIL_DELAY_MS;
    await deliverMail();
    const second = await mailTo(email, smtp.received.indexOf(mail) + 1);
    expect(second.text).toContain('Anything else?');
    expect(second.text).not.toContain('It also comes in navy.');
    await desk.client.close();
  });

  it('refuses a forged or an expired link with a clear message', async () => {
    const email = `expired-${++n}@example.com`;
    const left = await visitorWhoLeft(email);
    const desk = await agentOnline();
    await desk.client.next('sessionInfo', (s: { id: number }) => s.id === left.session_id);
    const before = await waitingEvents();
    await say(desk.client, left.session_id, 'We have it in stock.');
    await eventsReach(before + 1);
    now += CHAT_REPLY_MAIL_DELAY_MS;
    await deliverMail();
    const mail = await mailTo(email);
    const token = decodeURIComponent(new RegExp(`${CHAT_REOPEN_PARAM}=([A-Za-z0-9._%-]+)`).exec(mail.text)?.[1] ?? '');
    const [version, claims, mac] = token.split('.');
    const other = Buffer.from(JSON.stringify({ s: left.session_id + 1, t: left.touristId, e: 9_999_999_999 })).toString(
      'base64url',
    );
    for (const forged of [`${version}.${other}.${mac}`, `${token.slice(0, -2)}xx`, 'nonsense', '']) {
      const refused = await injectAs(t, null).post('/api/chat/reopen', { token: forged });
      expect(refused.code).toBe(400);
      expect(refused.msg).toBe(ChatOfflineTexts.linkInvalid);
    }
    expect(claims).toBeTruthy();
    now += CHAT_REOPEN_LINK_VALID_MS;
    const expired = await injectAs(t, null).post('/api/chat/reopen', { token });
    expect(expired).toMatchObject({ code: 400, msg: ChatOfflineTexts.linkExpired });
    await desk.client.close();
  });

  it('mails nothing to a visitor still connected, nor to one who left no address', async () => {
    const desk = await agentOnline();
    const guest = await visitor();
    guest.client.send({ pathInfo: PathInfo.sendSessionMessage, type: 'text', content: 'Hi', client_msg_id: `h-${++n}` });
    const { session_id } = await guest.client.next<{ session_id: number }>('distribution');
    await asVisitor(guest.user.token).post('/api/chat/email', { email: `here-${n}@example.com` });
    const before = await waitingEvents();
    await say(desk.client, session_id, 'Hello! How can I help?');
    expect(await waitingEvents()).toBe(before);
    await guest.client.close();
    await desk.client.close();
  });

  it('plans one mail however many replies arrive at once', async () => {
    const left = await visitorWhoLeft(`many-${++n}@example.com`);
    const before = await waitingEvents();
    // twenty writer transactions, each storing a reply to the same conversation at once
    const planned = await Promise.all(
      Array.from({ length: 20 }, () =>
        inTransaction(t.database.db, (trx) => t.app.services.chatOffline.repliesStored(trx, [left.session_id], Date.now())),
      ),
    );
    expect(planned.filter(Boolean)).toHaveLength(1);
    expect(await waitingEvents()).toBe(before + 1);
  });
});

describe('support reports', () => {
  const day = (d: number, h = 0, m = 0, s = 0) => Date.UTC(2026, 0, d, h, m, s);

  it('computes the figures from the stored conversations and ratings', async () => {
    const db = t.database.db;
    const a = await staffMember('csr', 'Report Ann');
    const b = await staffMember('csr', 'Report Ben');
    const admin = await staffMember('admin');
    const tourist = await db
      .insertInto('chat_tourists')
      .values({ nickname: 'R', avatar: '', language: 'en-us', last_seen_at: 0, created_at: day(1) })
      .returning('id')
      .executeTakeFirstOrThrow();
    let seq = 0;
    async function conversation(csr: number | null, created: number, messages: Array<[string, number, string?]>) {
      const session = await db
        .insertInto('chat_sessions')
        .values({ tourist_id: tourist.id, csr_id: csr, status: 'closed', sort_time: created, created_at: created })
        .returning('id')
        .executeTakeFirstOrThrow();
      let i = 0;
      for (const [sender, at, key] of messages) {
        await db
          .insertInto('chat_messages')
          .values({
            session_id: session.id,
            seq: ++i,
            sender_type: sender as 'tourist' | 'csr' | 'system',
            sender_id: sender === 'csr' ? (csr ?? 0) : sender === 'tourist' ? tourist.id : 0,
            type: sender === 'system' ? 'system' : 'text',
            content: 'x',
            title: '',
            extend: '{}',
            status: 'read',
            auto_reply: 0,
            client_msg_id: key ?? `r-${++seq}`,
            created_at: at,
          })
          .execute();
      }
      return session.id;
    }
    // 5 January: Ann answers after 60 s and resolves after 10 min; Ben answers after 120 s
    const s1 = await conversation(a.id, day(5, 9), [
      ['tourist', day(5, 9, 0, 10)],
      ['csr', day(5, 9, 1, 10)],
      ['system', day(5, 9, 10, 10), 'resolved-1-1'],
    ]);
    await conversation(b.id, day(5, 10), [
      ['tourist', day(5, 10)],
      ['csr', day(5, 10, 2)],
    ]);
    // 6 January: Ann answers after 30 s, resolves after 30 min; one conversation never answered
    const s3 = await conversation(a.id, day(6, 8), [
      ['tourist', day(6, 8)],
      ['csr', day(6, 8, 0, 30)],
      ['system', day(6, 8, 30), 'resolved-3-1'],
    ]);
    await conversation(null, day(6, 12), [['tourist', day(6, 12)]]);
    // outside the range
    await conversation(a.id, day(9, 8), [
      ['tourist', day(9, 8)],
      ['csr', day(9, 8, 0, 1)],
    ]);
    for (const [session, csr, stars, at] of [
      [s1, a.id, 5, day(5, 9, 11)],
      [s3, a.id, 2, day(6, 8, 31)],
    ] as const) {
      await db
        .insertInto('chat_ratings')
        .values({ session_id: session, resolution: 1, tourist_id: tourist.id, csr_id: csr, stars, created_at: at })
        .execute();
    }

    expect((await injectAs(t, a).get('/admin/chat/reports?from=2026-01-05&to=2026-01-07')).code).toBe(403);
    const report = await injectAs(t, admin).get<TChatReport>('/admin/chat/reports?from=2026-01-05&to=2026-01-07');
    expect(report.code).toBe(200);
    expect(report.result.totals).toEqual({
      conversations: 4,
      answered: 3,
      resolved: 2,
      first_response_avg_ms: 70_000,
      first_response_median_ms: 60_000,
      resolution_avg_ms: (600_000 + 1_800_000) / 2,
      resolution_median_ms: (600_000 + 1_800_000) / 2,
      csat_count: 2,
      csat_average: 3.5,
      csat_satisfied_pct: 50,
    });
    expect(report.result.days).toEqual([
      { day: '2026-01-05', conversations: 2, first_response_avg_ms: 90_000, resolved: 1, csat_average: 5 },
      { day: '2026-01-06', conversations: 2, first_response_avg_ms: 30_000, resolved: 1, csat_average: 2 },
      { day: '2026-01-07', conversations: 0, first_response_avg_ms: null, resolved: 0, csat_average: null },
    ]);
    expect(report.result.agents).toEqual([
      {
        csr_id: a.id,
        nickname: 'Report Ann',
        conversations: 2,
        first_response_avg_ms: 45_000,
        resolution_avg_ms: 1_200_000,
        resolved: 2,
        csat_count: 2,
        csat_average: 3.5,
      },
      {
        csr_id: b.id,
        nickname: 'Report Ben',
        conversations: 1,
        first_response_avg_ms: 120_000,
        resolution_avg_ms: null,
        resolved: 0,
        csat_count: 0,
        csat_average: null,
      },
      {
        csr_id: null,
        nickname: 'Unassigned',
        conversations: 1,
        first_response_avg_ms: null,
        resolution_avg_ms: null,
        resolved: 0,
        csat_count: 0,
        csat_average: null,
      },
    ]);
    expect(report.result.csat_stars).toEqual([0, 1, 0, 0, 1]);

    const empty = await injectAs(t, admin).get<TChatReport>('/admin/chat/reports?from=2025-01-01&to=2025-01-02');
    expect(empty.result.totals.conversations).toBe(0);
    expect(empty.result.totals.first_response_avg_ms).toBeNull();
  });

  it('refuses a bad, reversed or too long range', async () => {
    const admin = await staffMember('admin');
    for (const [query, message] of [
      ['from=2026-02-31&to=2026-03-01', ChatOfflineTexts.reportRangeInvalid],
      ['from=yesterday&to=2026-03-01', ChatOfflineTexts.reportRangeInvalid],
      ['from=2026-03-02&to=2026-03-01', ChatOfflineTexts.reportRangeOrder],
      ['from=2024-01-01&to=2026-01-01', ChatOfflineTexts.reportRangeTooLong],
    ] as const) {
      const refused = await injectAs(t, admin).get(`/admin/chat/reports?${query}`);
      expect(refused.code).toBe(400);
      expect(JSON.stringify(refused)).toContain(message);
    }
  });
});
