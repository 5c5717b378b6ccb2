import { describe, expect, it } from 'vitest';
import { buildRobots, escapeXml, type SitemapEntry, sitemapFile, w3cDate } from './seo-files';
import { parseXml, textOf } from './xml.testing';

const origin = 'https://shop.example.com';
const entries: SitemapEntry[] = [
  { path: '/', lastmod: Date.UTC(2026, 0, 3) },
  { path: '/help/helpContact?key=returns_exchanges&title=Returns%20%26%20exchanges' },
  { path: '/product/a.html', lastmod: Date.UTC(2026, 0, 1) },
  { path: '/product/b.html', lastmod: Date.UTC(2026, 0, 5, 10, 30, 15, 250) },
  { path: '/product/c.html', lastmod: Date.UTC(2026, 0, 2) },
];
const locs = (xml: string) => textOf(parseXml(xml), 'loc');

describe('sitemap files', () => {
  it('lists every address in one urlset while they fit, escaped and with W3C dates', () => {
    const xml = sitemapFile(origin, entries, null) ?? '';
    const root = parseXml(xml);
    expect(root.name).toBe('urlset');
    expect(root.attributes.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(locs(xml)).toEqual(entries.map((entry) => origin + entry.path));
    expect(xml).toContain('key=returns_exchanges&amp;title=Returns%20%26%20exchanges');
    expect(textOf(root, 'lastmod')).toEqual([
      '2026-01-03T00:00:00Z',
      '2026-01-01T00:00:00Z',
      '2026-01-05T10:30:15Z',
      '2026-01-02T00:00:00Z',
    ]);
    expect(sitemapFile(origin, entries, 1)).toBeNull();
  });

  it('becomes an index of numbered files past the per-file limit', () => {
    const index = parseXml(sitemapFile(origin, entries, null, 2) ?? '');
    expect(index.name).toBe('sitemapindex');
    expect(textOf(index, 'loc')).toEqual([1, 2, 3].map((n) => `${origin}/sitemap-${n}.xml`));
    expect(textOf(index, 'lastmod')).toEqual(['2026-01-05T10:30:15Z', '2026-01-05T10:30:15Z', '2026-01-05T10:30:15Z']);

    expect(locs(sitemapFile(origin, entries, 1, 2) ?? '')).toEqual([`${origin}/`, `${origin}${entries[1]?.path}`]);
    expect(locs(sitemapFile(origin, entries, 3, 2) ?? '')).toEqual([`${origin}/product/c.html`]);
    expect(sitemapFile(origin, entries, 4, 2)).toBeNull();
    expect(sitemapFile(origin, entries, 0, 2)).toBeNull();
  });

  it('is a valid empty urlset without entries', () => {
    expect(parseXml(sitemapFile(origin, [], null) ?? '').children).toEqual([]);
  });

  it('escapes the five XML specials and writes times in UTC', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
    expect(w3cDate(0)).toBe('1970-01-01T00:00:00Z');
  });
});

describe('robots.txt', () => {
  it('allows everything but the private paths and points to the sitemap', () => {
    expect(buildRobots(origin)).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /ShoppingListMain/',
        'Disallow: /order',
        'Disallow: /login',
        'Disallow: /api-docs',
        '',
        'Sitemap: https://shop.example.com/sitemap.xml',
        '',
      ].join('\n'),
    );
  });
});

describe('the test XML reader', () => {
  it('refuses what is not well-formed', () => {
    expect(() => parseXml('<a><b></a></b>')).toThrow();
    expect(() => parseXml('<a>x & y</a>')).toThrow();
    expect(() => parseXml('<a>x</a><b/>')).toThrow();
    expect(() => parseXml('<a>x &bogus; y</a>')).toThrow();
    expect(parseXml('<?xml version="1.0"?><a k="v">x &amp; y<b/></a>')).toMatchObject({
      name: 'a',
      attributes: { k: 'v' },
      text: 'x & y',
    });
  });
});
