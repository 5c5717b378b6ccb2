import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { ReceivedMail } from '../apps/server/src/testing/smtp';

/**
 * The next message to `to` whose subject matches, as the suite's SMTP server received it
 * (global-setup.ts writes each one to mailDir). The shop sends mail from its jobs (events every
 * 2 s, mail every 5 s), so this looks again every 200 ms until one arrives, for 30 s at most.
 */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 30_000): Promise<ReceivedMail> {
  const dir = inject('mailDir');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const name of readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .sort()) {
      const mail = JSON.parse(readFileSync(join(dir, name), 'utf8')) as ReceivedMail;
      if (mail.to.includes(to) && subject.test(mail.subject)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`);
}
