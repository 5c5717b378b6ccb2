import { z } from 'zod';
import { envelope, listResult } from './envelope';
import { coercedId, text, wholeNumber } from './fields';
import { MAIL_PAGE_SIZE_MAX, MAIL_SEARCH_MAX_LENGTH, MAIL_STATUSES } from './mail-rules';

export * from './mail-rules';

/**
 * The mail outbox read by administrators (`mail.view`, decision 0046): `GET /admin/mail/list`
 * pages through what the shop sent, newest first, searched by recipient; `GET /admin/mail/:id`
 * gives one message with its plain-text body and its links.
 */
export const ZMailListQuery = z.object({
  /** part of the recipient's address, any case */
  to: text({ error: 'to must be text' })
    .trim()
    .max(MAIL_SEARCH_MAX_LENGTH, `to can be at most ${MAIL_SEARCH_MAX_LENGTH} characters`)
    .optional(),
  status: z.enum(MAIL_STATUSES, { error: `status must be one of ${MAIL_STATUSES.join(', ')}` }).optional(),
  page: wholeNumber('page', 1, 100_000).default(1),
  page_size: wholeNumber('page_size', 1, MAIL_PAGE_SIZE_MAX).default(20),
});
export type TMailListQuery = z.input<typeof ZMailListQuery>;

export const ZMailSummary = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  /** epoch ms: when it was queued */
  created_at: z.number().int(),
  /** epoch ms: when it was sent or logged, null until then */
  sent_at: z.number().int().nullable(),
});
export type TMailSummary = z.infer<typeof ZMailSummary>;
export const ZMailListResponse = envelope(listResult(ZMailSummary));

export const ZMailDetailParams = z.object({ id: coercedId('id') });

export const ZMailDetail = ZMailSummary.extend({
  text: z.string(),
  /** the links of the plain text, each once, in order */
  links: z.array(z.string()),
});
export type TMailDetail = z.infer<typeof ZMailDetail>;
export const ZMailDetailResponse = envelope(ZMailDetail);

export const MailTexts = { notFound: 'Message not found' } as const;
