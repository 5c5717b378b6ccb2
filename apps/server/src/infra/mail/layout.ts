import { SHOP_NAME } from '@shop/contracts';
import type { MarketingCategory } from '@shop/contracts/notifications';

/**
 * A message is written once, as blocks; `renderMail` makes its HTML part (the shop's wordmark,
 * colours and type, inline styles and a single-column table, which mail clients keep) and its
 * plain-text part from the same blocks. Every text is escaped here, so a template never writes
 * HTML and a shopper's name can never become markup.
 */
export type MailBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'button'; label: string; href: string }
  | { kind: 'code'; text: string }
  | { kind: 'note'; text: string };

export type MailContent = {
  subject: string;
  /** the line inboxes show after the subject */
  preview: string;
  blocks: MailBlock[];
  /** why this address receives it, in the footer */
  reason: string;
  /**
   * A marketing message's category: the subscriber sends it only to a shopper who allows it, and
   * the footer carries the one-click unsubscribe link (decision 0027). Order and account mail has none.
   */
  marketing?: MarketingCategory;
};

/** What `renderMail` adds to a marketing message: its unsubscribe link, drawn in the footer. */
export type RenderOptions = { shopUrl: string; year: number; unsubscribeUrl?: string };

export const UNSUBSCRIBE_LABEL = 'Unsubscribe';

export type RenderedMail = { subject: string; text: string; html: string };

// The storefront's look (apps/web/app/app.css): ink #111827, the display serif, the system sans.
const INK = '#111827';
const MUTED = '#6b7280';
const LINE = '#e5e7eb';
const PAPER = '#f3f4f6';
const SANS = '-apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const DISPLAY = 'Didot, "Bodoni 72", "Bodoni MT", "Playfair Display", Georgia, "Times New Roman", serif';
/** the company contact of the storefront's footer */
const ADDRESS = 'Sacramento, California, US';

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** Only http(s) links leave in a message. */
function safeHref(href: string): string {
  const url = new URL(href);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`a mail link must be http(s): ${href}`);
  return url.toString();
}

const attr = (style: string) => `style="${escapeHtml(style)}"`;

function blockHtml(block: MailBlock): string {
  switch (block.kind) {
    case 'heading':
      return `<h1 ${attr(`margin:0 0 20px;font-family:${DISPLAY};font-size:26px;font-weight:normal;line-height:1.3;color:${INK}`)}>${escapeHtml(block.text)}</h1>`;
    case 'paragraph':
      return `<p ${attr('margin:0 0 16px')}>${escapeHtml(block.text)}</p>`;
    case 'button':
      return `<table role="presentation" cellpadding="0" cellspacing="0" ${attr('margin:8px 0 24px')}><tr><td ${attr(`background:${INK}`)}><a href="${escapeHtml(safeHref(block.href))}" ${attr('display:inline-block;padding:13px 30px;color:#ffffff;text-decoration:none;font-weight:600;letter-spacing:0.06em;text-transform:uppercase;font-size:14px')}>${escapeHtml(block.label)}</a></td></tr></table>`;
    case 'code':
      return `<p ${attr(`margin:0 0 20px;font-family:Menlo,Consolas,monospace;font-size:30px;font-weight:600;letter-spacing:0.3em;color:${INK}`)}>${escapeHtml(block.text)}</p>`;
    case 'note':
      return `<p ${attr(`margin:0 0 12px;font-size:13px;color:${MUTED}`)}>${escapeHtml(block.text)}</p>`;
  }
}

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case 'heading':
      return `${block.text}\n${'-'.repeat(Math.min(block.text.length, 60))}`;
    case 'paragraph':
    case 'note':
      return block.text;
    case 'button':
      return `${block.label}: ${safeHref(block.href)}`;
    case 'code':
      return `    ${block.text}`;
  }
}

/** The HTML and plain-text parts of one message; `shopUrl` is the wordmark's link, `year` the copyright's. */
export function renderMail(content: MailContent, options: RenderOptions): RenderedMail {
  const shopUrl = safeHref(options.shopUrl);
  if (content.marketing && !options.unsubscribeUrl) throw new Error('a marketing mail needs its unsubscribe link');
  const unsubscribe = options.unsubscribeUrl ? safeHref(options.unsubscribeUrl) : null;
  const footer = [`© ${options.year} ${SHOP_NAME} · ${ADDRESS}`, content.reason];
  const text = [
    SHOP_NAME.toUpperCase(),
    '',
    ...content.blocks.flatMap((block) => [blockText(block), '']),
    '-- ',
    ...footer,
    ...(unsubscribe ? [`${UNSUBSCRIBE_LABEL}: ${unsubscribe}`] : []),
    shopUrl,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(content.subject)}</title>
</head>
<body ${attr(`margin:0;padding:0;background:${PAPER}`)}>
<div ${attr('display:none;max-height:0;overflow:hidden;opacity:0')}>${escapeHtml(content.preview)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" ${attr(`background:${PAPER}`)}>
<tr><td align="center" ${attr('padding:32px 12px')}>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" ${attr(`max-width:560px;background:#ffffff;border:1px solid ${LINE}`)}>
<tr><td align="center" ${attr(`padding:28px 32px;border-bottom:1px solid ${LINE}`)}><a href="${escapeHtml(shopUrl)}" ${attr(`font-family:${DISPLAY};font-size:30px;letter-spacing:0.12em;color:${INK};text-decoration:none`)}>${escapeHtml(SHOP_NAME)}</a></td></tr>
<tr><td ${attr(`padding:32px;font-family:${SANS};font-size:16px;line-height:1.6;color:${INK}`)}>
${content.blocks.map(blockHtml).join('\n')}
</td></tr>
<tr><td ${attr(`padding:20px 32px;background:#f9fafb;border-top:1px solid ${LINE};font-family:${SANS};font-size:12px;line-height:1.5;color:${MUTED}`)}>
${footer.map((line) => `<p ${attr('margin:0 0 4px')}>${escapeHtml(line)}</p>`).join('\n')}
${unsubscribe ? `<p ${attr('margin:8px 0 0')}><a href="${escapeHtml(unsubscribe)}" ${attr(`color:${MUTED};text-decoration:underline`)}>${UNSUBSCRIBE_LABEL}</a></p>` : ''}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { subject: content.subject, text, html };
}
