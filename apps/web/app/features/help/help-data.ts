/** A help page in the side navigation and the help centre's list. */
export type HelpTopic = {
  key: string;
  title: string;
  /** its own route (/help/AboutUs), or /help/helpContact?key=…&title=… */
  href: string;
  /** 'centre': the help centre itself; 'service': the footer's help keys; 'company': the pages about the shop */
  group: 'centre' | 'service' | 'company';
};

/** One help page, ready to show (GET /api/help/page and GET /api/help/pages). */
export type HelpPageData = {
  /** the request's origin, for the absolute addresses of the head and the structured data */
  origin: string;
  /** the page's canonical path */
  path: string;
  key: string;
  title: string;
  /** the text, drawn from its Markdown on the server (help-html.server.tsx) */
  html: string;
  /** ISO time of the last change */
  updatedAt: string;
  /** the first paragraph as plain text, for the description */
  summary: string;
  topics: HelpTopic[];
};

/** The help centre's own key (spec 2 "Routes": /help). */
export const HELP_CENTRE_KEY = 'help';
export const HELP_CENTRE_PATH = '/help';
export const HELP_CENTRE_TITLE = 'Help center';

/** The heading of each group of help pages, in the order they are listed. */
export const HELP_GROUPS = [
  { group: 'service', title: 'Customer service' },
  { group: 'company', title: 'About us and our services' },
] as const satisfies ReadonlyArray<{ group: HelpTopic['group']; title: string }>;

/** The trail from the home page to a help page (the help centre's own trail ends at itself). */
export function helpTrail(page: Pick<HelpPageData, 'key' | 'title' | 'path'>): { name: string; path: string }[] {
  const trail = [
    { name: 'Home', path: '/' },
    { name: HELP_CENTRE_TITLE, path: HELP_CENTRE_PATH },
  ];
  if (page.key !== HELP_CENTRE_KEY) trail.push({ name: page.title, path: page.path });
  return trail;
}

/** The first paragraph (not a heading, list, quote, table or code) of a Markdown text. */
function firstParagraph(markdown: string): string {
  const blocks = markdown.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n/);
  for (const block of blocks) {
    const text = block.trim();
    if (!text) continue;
    if (/^(?:#{1,6}\s|[-*+]\s|\d+[.)]\s|>|```|~~~|\||<|!\[[^\]]*\]\([^)]*\)\s*$|(?:-{3,}|\*{3,}|_{3,})\s*$)/.test(text)) continue;
    return text;
  }
  return '';
}

/**
 * The first paragraph of a Markdown text as plain text, cut at a word to at most `max`
 * characters (with an ellipsis): a page's meta description.
 */
export function markdownSummary(markdown: string, max = 160): string {
  const text = firstParagraph(markdown)
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])\*(?!\s)(.+?)\*(?![\w*])/g, '$1$2')
    .replace(/(^|[^\w])_(?!\s)(.+?)_(?!\w)/g, '$1$2')
    .replace(/~~(.+?)~~/g, '$1')
    .replace(/\\([\\`*_{}[\]()#+\-.!>])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  const atWord = lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut;
  return `${atWord.replace(/[\s,;:.\-–—]+$/, '')}…`;
}

const updatedFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** "November 21, 2026"; empty for a time that cannot be read. Same on the server and in the browser. */
export function formatUpdated(iso: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? '' : updatedFormat.format(time);
}

/** Addresses on this site that the server answers itself, not the storefront's pages. */
const SERVER_PATHS = /^\/(?:media|api|shop|admin|worker|assets|home\/data)\/|^\/[^/]*\.(?:xml|txt|json)$/;

/**
 * Where a click on a link inside help text may stay in the app (a client-side navigation): a
 * plain left click on a link to a storefront page of this origin. Null when the browser should
 * follow the link itself.
 */
export function inAppPath(
  anchor: { href: string; target: string; hasDownload: boolean },
  click: { button: number; modified: boolean },
  origin: string,
): string | null {
  if (click.button !== 0 || click.modified || anchor.target || anchor.hasDownload) return null;
  let url: URL;
  try {
    url = new URL(anchor.href, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || SERVER_PATHS.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
