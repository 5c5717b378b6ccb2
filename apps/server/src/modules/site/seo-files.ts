/** sitemap.xml and robots.txt: pure text builders (the service gathers what they list). */

/** The sitemaps protocol's limit of addresses per file. */
export const SITEMAP_MAX_URLS = 50_000;

/** Paths search engines are asked to leave alone: the account area, the cart, sign-in, the API docs. */
export const ROBOTS_DISALLOWED = ['/ShoppingListMain/', '/order', '/login', '/api-docs'] as const;

export type SitemapEntry = { path: string; lastmod?: number };

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);

/** W3C datetime to the second, in UTC: 2026-01-01T00:00:00Z. */
export const w3cDate = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** How many sitemap files the entries need; more than one means /sitemap.xml is an index. */
export const sitemapFileCount = (entries: number, perFile = SITEMAP_MAX_URLS) => Math.max(1, Math.ceil(entries / perFile));

/** One `<urlset>` of absolute addresses under `origin`. */
export function buildUrlset(origin: string, entries: SitemapEntry[]): string {
  const lines = [XML_DECLARATION, `<urlset xmlns="${SITEMAP_NS}">`];
  for (const entry of entries) {
    const lastmod = entry.lastmod === undefined ? '' : `<lastmod>${w3cDate(entry.lastmod)}</lastmod>`;
    lines.push(`<url><loc>${escapeXml(origin + entry.path)}</loc>${lastmod}</url>`);
  }
  lines.push('</urlset>', '');
  return lines.join('\n');
}

/** The sitemap index listing /sitemap-1.xml … /sitemap-{files}.xml. */
export function buildSitemapIndex(origin: string, files: number, lastmod?: number): string {
  const stamp = lastmod === undefined ? '' : `<lastmod>${w3cDate(lastmod)}</lastmod>`;
  const lines = [XML_DECLARATION, `<sitemapindex xmlns="${SITEMAP_NS}">`];
  for (let page = 1; page <= files; page++) {
    lines.push(`<sitemap><loc>${escapeXml(`${origin}/sitemap-${page}.xml`)}</loc>${stamp}</sitemap>`);
  }
  lines.push('</sitemapindex>', '');
  return lines.join('\n');
}

/**
 * One file of the sitemap: `page` null is /sitemap.xml — every address while they fit in one file,
 * otherwise the index of /sitemap-1.xml, /sitemap-2.xml, …; a number is that numbered file.
 * Null: no such file.
 */
export function sitemapFile(
  origin: string,
  entries: SitemapEntry[],
  page: number | null,
  perFile = SITEMAP_MAX_URLS,
): string | null {
  const files = sitemapFileCount(entries.length, perFile);
  if (page === null) {
    if (files === 1) return buildUrlset(origin, entries);
    const latest = entries.reduce<number | undefined>(
      (max, entry) => (entry.lastmod === undefined || (max !== undefined && max >= entry.lastmod) ? max : entry.lastmod),
      undefined,
    );
    return buildSitemapIndex(origin, files, latest);
  }
  if (files === 1 || !Number.isInteger(page) || page < 1 || page > files) return null;
  return buildUrlset(origin, entries.slice((page - 1) * perFile, page * perFile));
}

export function buildRobots(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
