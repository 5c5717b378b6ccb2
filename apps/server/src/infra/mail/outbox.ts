import { linksOf, type TMailDetail, type TMailSummary } from '@shop/contracts/mail';
import type { Selectable } from 'kysely';
import { contains } from '../../db/contains';
import type { Db } from '../../db/database';
import type { MailOutboxTable } from '../../db/schema';
import { recordAudit } from '../../modules/audit';

type MailRow = Selectable<MailOutboxTable>;
export type MailSearch = { to?: string; status?: MailRow['status']; page: number; page_size: number };

const SUMMARY = ['id', 'to_address', 'subject', 'status', 'attempts', 'last_error', 'created_at', 'sent_at'] as const;

const summaryOf = (row: Pick<MailRow, (typeof SUMMARY)[number]>): TMailSummary => ({
  id: row.id,
  to: row.to_address,
  subject: row.subject,
  status: row.status,
  attempts: row.attempts,
  last_error: row.last_error,
  created_at: Number(row.created_at),
  sent_at: row.sent_at === null ? null : Number(row.sent_at),
});

/**
 * The mail outbox as administrators read it (`mail.view`, decision 0046): what the shop sent to
 * whom, when and how it went. Opening a message shows its links (a password reset among them), so
 * each opening is kept in the audit trail with who opened it.
 */
export function createMailOutbox({ db, clock = Date.now }: { db: Db; clock?: () => number }) {
  const filtered = ({ to, status }: MailSearch) =>
    db
      .selectFrom('mail_outbox')
      .$if(Boolean(to), (qb) => qb.where(contains('to_address', to ?? '')))
      .$if(status !== undefined, (qb) => qb.where('status', '=', status as MailRow['status']));

  return {
    /** GET /admin/mail/list: newest first; `to` finds part of the recipient's address. */
    async list(search: MailSearch): Promise<{ data: TMailSummary[]; total: number }> {
      const query = { ...search, to: search.to?.trim() || undefined };
      const [rows, count] = await Promise.all([
        filtered(query)
          .select(SUMMARY)
          .orderBy('id', 'desc')
          .limit(query.page_size)
          .offset((query.page - 1) * query.page_size)
          .execute(),
        filtered(query)
          .select((eb) => eb.fn.countAll<number | string>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { data: rows.map(summaryOf), total: Number(count.total) };
    },

    /** GET /admin/mail/:id: the message with its plain text and links, or null; the opening is audited. */
    async open(staffId: number, id: number): Promise<TMailDetail | null> {
      const row = await db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return null;
      await recordAudit(db, {
        staffId,
        action: 'mail.open',
        object: { type: 'mail', id },
        after: { to: row.to_address, subject: row.subject },
        at: clock(),
      });
      return { ...summaryOf(row), text: row.text_body, links: linksOf(row.text_body) };
    },
  };
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;
