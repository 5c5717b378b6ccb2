import { afterAll, beforeAll } from 'vitest';
import { JOB } from '../jobs';
import { createTestApp, type TestApp } from './harness';
import { type ReceivedMail, smtpServer, type TestSmtpServer } from './smtp';

/** The shop's public address in the tests' mail: its links start with it. */
export const MAIL_PUBLIC_URL = 'https://shop.example.com';

/** A test app that mails through a local SMTP server of its own; close both after the file. */
export async function createMailingApp(
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<{ t: TestApp; smtp: TestSmtpServer }> {
  const smtp = await smtpServer();
  const env = { SMTP_URL: smtp.url, PUBLIC_URL: MAIL_PUBLIC_URL, ...options.env };
  return { t: await createTestApp({ ...options, env }), smtp };
}

/**
 * One mailing app for a test file: made before its tests, closed with its SMTP server after them,
 * on a clock the tests move (`time.now += …`, from 2026-11-27 12:00 UTC). `made` hands the app and
 * the server to the file's own variables.
 */
export function mailingAppPerFile(
  made: (app: { t: TestApp; smtp: TestSmtpServer }) => void,
  options: Parameters<typeof createTestApp>[0] = {},
) {
  const time = { now: Date.UTC(2026, 10, 27, 12) };
  let app: { t: TestApp; smtp: TestSmtpServer } | undefined;
  beforeAll(async () => {
    app = await createMailingApp({ clock: () => time.now, ...options });
    made(app);
  });
  afterAll(async () => {
    await app?.t.close();
    await app?.smtp.close();
  });
  return time;
}

/**
 * Runs the event dispatch and the mail job, as their timers would, then answers what reached `email`
 * after the first `before` messages to it. Both jobs have ended when it answers, so a message that is
 * not there was not sent.
 */
export async function mailDeliveredTo(t: TestApp, smtp: TestSmtpServer, email: string, before = 0): Promise<ReceivedMail[]> {
  await t.app.services.jobs.run(JOB.eventDispatch);
  await t.app.services.jobs.run(JOB.mailDelivery);
  return smtp.to(email).slice(before);
}

/** The 6-digit code a code mail gives in its subject ('' when it gives none). */
export const codeIn = (mail: ReceivedMail | undefined) => /\b(\d{6})\b/.exec(mail?.subject ?? '')?.[1] ?? '';
