// The back office's mail outbox (decision 0046): administrators page through it and open a message.
import { MailTexts, type TMailDetail, type TMailSummary, textWithLinks } from '@shop/contracts/mail';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStaff } from '../../testing/fixtures';
import { createTestApp, injectAs, type TestApp } from '../../testing/harness';
import { Mailer } from './mailer';

let t: TestApp;
const NOW = Date.UTC(2026, 10, 27, 12);
const tokens: Record<string, string> = {};
let adminId = 0;

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  for (const role of ['admin', 'operator', 'csr'] as const) {
    const { id, token } = await makeStaff(t, role);
    if (role === 'admin') adminId = id;
    tokens[role] = token;
  }
  const mailer = new Mailer(t.database.db, { from: 'shop@example.com' });
  const message = (to: string, subject: string, text: string) => ({ to, subject, text, html: `<p>${text}</p>` });
  await mailer.enqueue(
    message('ada@example.com', 'Welcome', 'Your account is ready: https://shop.example.com/account.'),
    undefined,
    NOW - 3000,
  );
  await mailer.enqueue(
    message(
      'Ada.Lovelace@Example.com',
      '123456 is your password reset code',
      'Choose a new password: https://shop.example.com/forgotpassword?email=ada&code=123456\nNot you? Ignore it.',
    ),
    undefined,
    NOW - 2000,
  );
  await mailer.enqueue(message('grace_h@example.com', 'Your order shipped', 'Track it'), undefined, NOW - 1000);
  await mailer.deliverPending(NOW - 1500);
});
afterAll(async () => {
  await t?.close();
});

const get = <T = unknown>(url: string, role = 'admin') => injectAs(t, tokens[role]).get<T>(url);
type List = { data: TMailSummary[]; total: number };

describe('GET /admin/mail/list', () => {
  it('lists every message newest first with its recipient, subject, status and times', async () => {
    const list = (await get<List>('/admin/mail/list')).result;
    expect(list.total).toBe(3);
    expect(list.data.map((mail) => mail.subject)).toEqual([
      'Your order shipped',
      '123456 is your password reset code',
      'Welcome',
    ]);
    expect(list.data[0]).toMatchObject({ to: 'grace_h@example.com', status: 'pending', sent_at: null, created_at: NOW - 1000 });
    // without SMTP a message is logged, not sent: the outbox is where it can be read
    expect(list.data[1]).toMatchObject({ status: 'logged', attempts: 1, sent_at: NOW - 1500 });
    expect(list.data[0]).not.toHaveProperty('text');
  });

  it('searches by part of the recipient, any case, _ and % taken literally, and filters by status', async () => {
    const ada = (await get<List>('/admin/mail/list?to=ADA')).result;
    expect(ada.data.map((mail) => mail.to)).toEqual(['Ada.Lovelace@Example.com', 'ada@example.com']);
    expect((await get<List>('/admin/mail/list?to=e_h%40')).result.data.map((mail) => mail.to)).toEqual(['grace_h@example.com']);
    expect((await get<List>('/admin/mail/list?to=e_%25')).result.total).toBe(0);
    expect((await get<List>('/admin/mail/list?to=a%25')).result.total).toBe(0);
    expect((await get<List>('/admin/mail/list?status=pending')).result.total).toBe(1);
  });

  it('pages: page_size and page', async () => {
    const second = (await get<List>('/admin/mail/list?page_size=2&page=2')).result;
    expect(second.total).toBe(3);
    expect(second.data.map((mail) => mail.subject)).toEqual(['Welcome']);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['page_size=101', 'page_size'],
      ['status=lost', 'status'],
      [`to=${'a'.repeat(255)}`, 'to'],
    ] as const) {
      const response = await get<{ fields?: Record<string, string> }>(`/admin/mail/list?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.result.fields?.[field], query).toBeTruthy();
    }
  });

  it('is for administrators only: support agents and operators are refused', async () => {
    expect((await get('/admin/mail/list', 'csr')).status).toBe(403);
    expect((await get('/admin/mail/list', 'operator')).status).toBe(403);
  });
});

describe('GET /admin/mail/:id', () => {
  it('gives the text and its links, and keeps the opening in the audit trail', async () => {
    const [, reset] = (await get<List>('/admin/mail/list')).result.data;
    const response = await get<TMailDetail>(`/admin/mail/${reset?.id}`);
    expect(response.status).toBe(200);
    const mail = response.result;
    expect(mail.to).toBe('Ada.Lovelace@Example.com');
    expect(mail.text).toContain('Not you? Ignore it.');
    expect(mail.links).toEqual(['https://shop.example.com/forgotpassword?email=ada&code=123456']);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'mail.open')
      .where('object_id', '=', String(reset?.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.staff_id).toBe(adminId);
  });

  it('answers 404 for no such message, 400 for an id that cannot be one, 403 for a support agent', async () => {
    const missing = await get('/admin/mail/999999');
    expect(missing.status).toBe(404);
    expect(missing.msg).toBe(MailTexts.notFound);
    expect((await get('/admin/mail/abc')).status).toBe(400);
    expect((await get('/admin/mail/0')).status).toBe(400);
    expect((await get('/admin/mail/1', 'csr')).status).toBe(403);
  });
});

describe('textWithLinks', () => {
  it('cuts a text into words and links, in order', () => {
    expect(textWithLinks('Open https://a.example/x?y=1 now.\nOr http://b.example')).toEqual([
      { kind: 'text', text: 'Open ' },
      { kind: 'link', href: 'https://a.example/x?y=1' },
      { kind: 'text', text: ' now.\nOr ' },
      { kind: 'link', href: 'http://b.example' },
    ]);
    expect(textWithLinks('No links')).toEqual([{ kind: 'text', text: 'No links' }]);
    expect(textWithLinks('')).toEqual([]);
  });
});
