import { linksOf } from '@shop/contracts/mail-rules';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/database';
import type { Metrics } from '../metrics';
import { errorText, retryDelayMs } from '../retry';

/** `headers`: extra headers of the message (the List-Unsubscribe pair of marketing mail, RFC 8058). */
export type MailMessage = { to: string; subject: string; text: string; html: string; headers?: Record<string, string> };
export type MailReport = { sent: number; logged: number; retried: number; failed: number };

export { linksOf };

export const MAIL_DELIVERY = {
  /** after this many attempts a message is failed: kept with its last error, tried no more */
  maxAttempts: 8,
  /** a claimed message is not tried by another pass for this long */
  leaseMs: 120_000,
  retry: { baseMs: 30_000, maxMs: 3_600_000 },
  batch: 50,
};

/**
 * E-mail goes through the `mail_outbox` table: the mail subscriber writes a message in the
 * transaction that records its event as handled, and the mail job sends it by SMTP when SMTP_URL
 * is set. Without SMTP the job writes each message's recipient, subject and links to the log (so
 * whoever tries the shop can follow a reset link) and marks it logged: the table stays the record a
 * developer inspects.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private readonly from: string;
  private readonly metrics?: Metrics;
  private readonly log?: FastifyBaseLogger;

  constructor(
    private readonly db: Db,
    options: { smtpUrl?: string; from: string; metrics?: Metrics; log?: FastifyBaseLogger },
  ) {
    this.from = options.from;
    this.metrics = options.metrics;
    this.log = options.log;
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  }

  get delivers() {
    return this.transport !== null;
  }

  /** Queues a message in `db` (the caller's transaction when the message belongs to a change), due at `at`. */
  async enqueue(message: MailMessage, db: Db = this.db, at = Date.now()) {
    await db
      .insertInto('mail_outbox')
      .values({
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html,
        headers: message.headers && Object.keys(message.headers).length > 0 ? JSON.stringify(message.headers) : null,
        status: 'pending',
        attempts: 0,
        created_at: at,
        available_at: at,
      })
      .execute();
  }

  /**
   * One pass: each due message is claimed (a conditional update that also holds it for a lease,
   * so neither a second pass nor a second instance sends it meanwhile), sent, and marked sent; a
   * refused one is due again after its backoff, and failed after the last attempt.
   */
  async deliverPending(now: number): Promise<MailReport> {
    const report: MailReport = { sent: 0, logged: 0, retried: 0, failed: 0 };
    const due = await this.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('status', '=', 'pending')
      .where('available_at', '<=', now)
      .orderBy('id')
      .limit(MAIL_DELIVERY.batch)
      .execute();
    for (const message of due) {
      const attempts = message.attempts + 1;
      const claimed = await this.db
        .updateTable('mail_outbox')
        .set({ attempts, available_at: now + MAIL_DELIVERY.leaseMs })
        .where('id', '=', message.id)
        .where('status', '=', 'pending')
        .where('attempts', '=', message.attempts)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      try {
        if (this.transport) {
          await this.transport.sendMail({
            from: this.from,
            to: message.to_address,
            subject: message.subject,
            text: message.text_body,
            html: message.html_body,
            headers: message.headers ? (JSON.parse(message.headers) as Record<string, string>) : undefined,
          });
          this.metrics?.mailSent.inc();
          report.sent += 1;
        } else {
          this.log?.info(
            { to: message.to_address, subject: message.subject, links: linksOf(message.text_body) },
            'mail not sent (SMTP_URL is unset)',
          );
          report.logged += 1;
        }
        await this.db
          .updateTable('mail_outbox')
          .set({ status: this.transport ? 'sent' : 'logged', sent_at: now, last_error: null })
          .where('id', '=', message.id)
          .execute();
      } catch (error) {
        this.metrics?.mailFailed.inc();
        const failed = attempts >= MAIL_DELIVERY.maxAttempts;
        if (failed) report.failed += 1;
        else report.retried += 1;
        await this.db
          .updateTable('mail_outbox')
          .set({
            status: failed ? 'failed' : 'pending',
            available_at: now + retryDelayMs(attempts, MAIL_DELIVERY.retry),
            last_error: errorText(error),
          })
          .where('id', '=', message.id)
          .execute();
      }
    }
    return report;
  }

  /** Messages waiting to be sent (including those waiting to be tried again). */
  pending = () => this.count('pending');
  /** Messages given up on after the last attempt. */
  failed = () => this.count('failed');

  private async count(status: 'pending' | 'failed') {
    const row = await this.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('status', '=', status)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  close() {
    this.transport?.close();
  }
}
