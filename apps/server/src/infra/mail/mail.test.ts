import { SHOP_NAME } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB } from '../../jobs';
import { registration } from '../../testing/fixtures';
import { createTestApp, injectAs, type TestApp } from '../../testing/harness';
import { smtpServer, type TestSmtpServer, unQuote } from '../../testing/smtp';
import { appWithSecondInstance } from '../instances-testing';
import { retryDelayMs } from '../retry';
import { renderMail } from './layout';
import { MAIL_DELIVERY, Mailer } from './mailer';
import { welcomeMail } from './templates';

const NOW = Date.UTC(2026, 10, 27, 12);
const link = (path: string) => new URL(path, 'https://shop.example.com').toString();

describe('mail templates', () => {
  it('make the HTML and the plain text of a message from one source, in the shop’s name', () => {
    const mail = renderMail(welcomeMail({ firstName: 'Ada' }, { link }), { shopUrl: link('/'), year: 2026 });
    expect(mail.subject).toBe(`Welcome to ${SHOP_NAME}`);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Welcome, Ada');
      expect(part).toContain('Your account is ready.');
      expect(part).toContain('https://shop.example.com/ShoppingListMain/MyAccount');
      expect(part).toContain(`© 2026 ${SHOP_NAME}`);
    }
    expect(mail.html).toMatch(/^<!doctype html>/);
    expect(mail.html).toContain('<a href="https://shop.example.com/" ');
    expect(mail.text).not.toMatch(/<[a-z]/i);
    expect(mail.text).toContain('Start shopping: https://shop.example.com/');
  });

  it('escape what a shopper wrote, so a name never becomes markup', () => {
    const mail = renderMail(welcomeMail({ firstName: '<img src=x onerror=alert(1)>' }, { link }), {
      shopUrl: link('/'),
      year: 2026,
    });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('Welcome, &lt;img src=x onerror=alert(1)&gt;');
    expect(mail.text).toContain('Welcome, <img src=x onerror=alert(1)>');
  });

  it('refuse a link that is not http(s)', () => {
    expect(() =>
      renderMail(
        { subject: 's', preview: 'p', reason: 'r', blocks: [{ kind: 'button', label: 'x', href: 'javascript:alert(1)' }] },
        { shopUrl: link('/'), year: 2026 },
      ),
    ).toThrow();
  });
});

describe('the welcome mail, from registration to the SMTP server', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await smtpServer();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example.com' } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('is written by the mail subscriber and sent by the mail job, with a text and an HTML part', async () => {
    const email = `welcome-${Date.now().toString(36)}@example.com`;
    const registered = await injectAs(t, null).post(
      '/shop/login/register',
      registration({ email, first_name: 'Grace', last_name: 'Hopper' }),
    );
    expect(registered.code).toBe(200);
    const jobs = t.app.services.jobs;
    // nothing is mailed before the event is dispatched
    expect(await jobs.run(JOB.mailDelivery)).toEqual({ sent: 0, logged: 0, retried: 0, failed: 0 });
    // the welcome message, and the code that verifies the address
    expect(await jobs.run(JOB.eventDispatch)).toEqual({ delivered: 2, retried: 0, dead: 0 });
    expect(await jobs.run(JOB.mailDelivery)).toEqual({ sent: 2, logged: 0, retried: 0, failed: 0 });
    // the welcome coupon granted on registration is an event of its own: an inbox notice and its
    // e-mail copy; after it, dispatching again delivers nothing and nothing more is sent
    expect(await jobs.run(JOB.eventDispatch)).toEqual({ delivered: 1, retried: 0, dead: 0 });
    expect(await jobs.run(JOB.eventDispatch)).toEqual({ delivered: 0, retried: 0, dead: 0 });
    expect(await jobs.run(JOB.mailDelivery)).toEqual({ sent: 1, logged: 0, retried: 0, failed: 0 });
    expect(await jobs.run(JOB.mailDelivery)).toEqual({ sent: 0, logged: 0, retried: 0, failed: 0 });

    expect(smtp.received).toHaveLength(3);
    expect(smtp.received.some((mail) => mail.subject.startsWith('You received a coupon:'))).toBe(true);
    const message = smtp.received.find((mail) => mail.subject === `Welcome to ${SHOP_NAME}`);
    expect(message?.to).toEqual([email]);
    const raw = unQuote(message?.raw ?? '');
    expect(raw).toContain(`Subject: Welcome to ${SHOP_NAME}`);
    expect(raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
    expect(raw).toContain('Welcome, Grace');
    expect(raw).toContain('https://shop.example.com/ShoppingListMain/MyAccount');
    const row = await t.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', email)
      .where('subject', '=', `Welcome to ${SHOP_NAME}`)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
  });
});

describe('the mail job', () => {
  const { app, second } = appWithSecondInstance();
  const message = (to: string) => ({
    to,
    subject: 'Hello',
    text: 'Hello\nReset: https://shop.example.com/forgotpassword?code=1',
    html: '<p>Hello</p>',
  });

  it('tries a message the SMTP server refuses again after its backoff, and marks it failed after the last attempt', async () => {
    const smtp = await smtpServer();
    await smtp.close(); // its port, now closed
    const mailer = new Mailer(app().database.db, { smtpUrl: smtp.url, from: 'shop@example.com' });
    await mailer.enqueue(message('refused@example.com'), app().database.db, NOW);
    let at = NOW;
    for (let attempt = 1; attempt <= MAIL_DELIVERY.maxAttempts; attempt++) {
      expect(await mailer.deliverPending(at - 1)).toEqual({ sent: 0, logged: 0, retried: 0, failed: 0 });
      const last = attempt === MAIL_DELIVERY.maxAttempts;
      expect(await mailer.deliverPending(at)).toEqual({ sent: 0, logged: 0, retried: last ? 0 : 1, failed: last ? 1 : 0 });
      at += retryDelayMs(attempt, MAIL_DELIVERY.retry);
    }
    const row = await app()
      .database.db.selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'refused@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: MAIL_DELIVERY.maxAttempts });
    expect(row.last_error).toMatch(/ECONNREFUSED/);
    expect(await mailer.failed()).toBe(1);
    expect(await mailer.deliverPending(at + 86_400_000)).toEqual({ sent: 0, logged: 0, retried: 0, failed: 0 });
    mailer.close();
  });

  it('sends each message once when two passes run at once, on two instances', async () => {
    const smtp = await smtpServer();
    const one = new Mailer(app().database.db, { smtpUrl: smtp.url, from: 'shop@example.com' });
    const two = new Mailer((second() ?? app()).database.db, { smtpUrl: smtp.url, from: 'shop@example.com' });
    try {
      const addresses = Array.from({ length: 12 }, (_, i) => `twice-${i}@example.com`);
      for (const address of addresses) await one.enqueue(message(address), app().database.db, NOW);
      const reports = await Promise.all([one.deliverPending(NOW), two.deliverPending(NOW), one.deliverPending(NOW)]);
      expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(addresses.length);
      expect(smtp.received.flatMap((mail) => mail.to).sort()).toEqual([...addresses].sort());
    } finally {
      one.close();
      two.close();
      await smtp.close();
    }
  });

  it('sends a message a pass claimed and never finished (the process died) once its lease has run out', async () => {
    const smtp = await smtpServer();
    const mailer = new Mailer(app().database.db, { smtpUrl: smtp.url, from: 'shop@example.com' });
    try {
      await mailer.enqueue(message('claimed@example.com'), app().database.db, NOW);
      // what a pass killed between its claim and the SMTP answer leaves behind
      await app()
        .database.db.updateTable('mail_outbox')
        .set({ attempts: 1, available_at: NOW + MAIL_DELIVERY.leaseMs })
        .where('to_address', '=', 'claimed@example.com')
        .execute();
      expect(await mailer.deliverPending(NOW + MAIL_DELIVERY.leaseMs - 1)).toMatchObject({ sent: 0 });
      expect(await mailer.deliverPending(NOW + MAIL_DELIVERY.leaseMs)).toMatchObject({ sent: 1 });
      expect(smtp.received.map((mail) => mail.to)).toEqual([['claimed@example.com']]);
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it('without SMTP_URL writes each message’s recipient, subject and links to the log and keeps it, marked logged', async () => {
    const lines: unknown[] = [];
    const log = { info: (line: unknown) => lines.push(line) } as unknown as ConstructorParameters<typeof Mailer>[1]['log'];
    const mailer = new Mailer(app().database.db, { from: 'shop@example.com', log });
    await mailer.enqueue(
      { ...message('nosmtp@example.com'), text: 'Reset it here: https://shop.example.com/forgotpassword?code=123456\nThanks' },
      app().database.db,
      NOW,
    );
    expect(await mailer.deliverPending(NOW)).toEqual({ sent: 0, logged: 1, retried: 0, failed: 0 });
    expect(lines).toEqual([
      { to: 'nosmtp@example.com', subject: 'Hello', links: ['https://shop.example.com/forgotpassword?code=123456'] },
    ]);
    const row = await app()
      .database.db.selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'nosmtp@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'logged', subject: 'Hello' });
  });
});
