/**
 * The mail outbox as the back office reads it (decision 0046), without zod so its page carries no
 * schema code: the paths, the statuses with their words, and a message's text cut into words and
 * links. mail.ts has the request and response schemas.
 */

export const MailPaths = { list: '/admin/mail/list', detail: '/admin/mail/:id' } as const;
export const mailDetailPath = (id: number) => `/admin/mail/${id}`;

export const MAIL_STATUSES = ['pending', 'sent', 'logged', 'failed'] as const;
export type TMailStatus = (typeof MAIL_STATUSES)[number];

export const MAIL_STATUS_LABELS: Record<TMailStatus, string> = {
  pending: 'Waiting to be sent',
  sent: 'Sent',
  logged: 'Not sent: no SMTP (kept here)',
  failed: 'Failed',
};

export const MAIL_PAGE_SIZE_MAX = 100;
export const MAIL_SEARCH_MAX_LENGTH = 254;

/** A web address in a message's plain text: up to white space, a quote or an angle bracket. */
export const MAIL_LINK_PATTERN = /https?:\/\/[^\s<>"]+/g;

/** The links of a plain-text part, each once, in order. */
export const linksOf = (text: string) => [...new Set(text.match(MAIL_LINK_PATTERN) ?? [])];

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; href: string };

/** A plain-text body cut into its words and its links, in order, so a page can show the links as links. */
export function textWithLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(MAIL_LINK_PATTERN)) {
    const start = match.index ?? 0;
    if (start > at) parts.push({ kind: 'text', text: text.slice(at, start) });
    parts.push({ kind: 'link', href: match[0] });
    at = start + match[0].length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}
