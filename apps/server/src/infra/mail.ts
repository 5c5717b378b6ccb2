import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/database';
import type { Metrics } from './metrics';

export type MailMessage = { to: string; subject: string; text: string; html: string };

/**
 * E-mail goes through the outbox table: a message is written in the same transaction as the change
 * that caused it, then delivered by SMTP when SMTP_URL is set. Without SMTP the outbox is the record
 * a developer inspects.
 */
export class Mailer {
  private readonly transport: Transporter | null;

  constructor(
    private readonly db: Db,
    options: { smtpUrl?: string; from: string; metrics?: Metrics },
  ) {
    this.from = options.from;
    this.metrics = options.metrics;
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  }

  private readonly from: string;
  private readonly metrics?: Metrics;

  get delivers() {
    return this.transport !== null;
  }

  /** Queues a message; pass the transaction when the message belongs to a change. */
  async enqueue(message: MailMessage, db: Db = this.db) {
    await db
      .insertInto('outbox')
      .values({
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html,
        status: 'pending',
        attempts: 0,
        created_at: Date.now(),
      })
      .execute();
  }

  /** Sends what is pending, oldest first. Returns how many were sent. */
  async deliverPending(limit = 20): Promise<number> {
    if (!this.transport) return 0;
    const pending = await this.db
      .selectFrom('outbox')
      .selectAll()
      .where('status', '=', 'pending')
      .orderBy('id')
      .limit(limit)
      .execute();
    let sent = 0;
    for (const message of pending) {
      // Claim the row first so two instances never send the same message.
      const claimed = await this.db
        .updateTable('outbox')
        .set({ attempts: message.attempts + 1 })
        .where('id', '=', message.id)
        .where('attempts', '=', message.attempts)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      try {
        await this.transport.sendMail({
          from: this.from,
          to: message.to_address,
          subject: message.subject,
          text: message.text_body,
          html: message.html_body,
        });
        await this.db
          .updateTable('outbox')
          .set({ status: 'sent', sent_at: Date.now(), last_error: null })
          .where('id', '=', message.id)
          .execute();
        sent += 1;
        this.metrics?.mailSent.inc();
      } catch (error) {
        this.metrics?.mailFailed.inc();
        const failed = message.attempts + 1 >= 5;
        await this.db
          .updateTable('outbox')
          .set({ status: failed ? 'failed' : 'pending', last_error: String((error as Error).message).slice(0, 500) })
          .where('id', '=', message.id)
          .execute();
      }
    }
    return sent;
  }

  close() {
    this.transport?.close();
  }
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
