import { describe, expect, it } from 'vitest';
import { formatUpdated, helpTrail, inAppPath, markdownSummary } from './help-data';

describe('markdownSummary', () => {
  it('takes the first paragraph as plain text', () => {
    const markdown = '## Shipping\n\n- a list\n\nWe ship **worldwide** with [tracked](/help/x) delivery,\nin `2` days.\n\nMore.';
    expect(markdownSummary(markdown)).toBe('We ship worldwide with tracked delivery, in 2 days.');
  });

  it('keeps underscores inside words and drops emphasis around them', () => {
    expect(markdownSummary('Use the key how_to_place_an_order, *quickly* and _kindly_.')).toBe(
      'Use the key how_to_place_an_order, quickly and kindly.',
    );
  });

  it('cuts a long paragraph at a word, with an ellipsis', () => {
    const summary = markdownSummary(`${'word '.repeat(60)}end`, 40);
    expect(summary.length).toBeLessThanOrEqual(40);
    expect(summary).toMatch(/word…$/);
  });

  it('is empty for text without a paragraph', () => {
    expect(markdownSummary('# Title\n\n- one\n- two')).toBe('');
  });
});

describe('helpTrail', () => {
  it('leads from the home page through the help centre to the page', () => {
    expect(helpTrail({ key: 'about_us', title: 'About us', path: '/help/AboutUs' })).toEqual([
      { name: 'Home', path: '/' },
      { name: 'Help center', path: '/help' },
      { name: 'About us', path: '/help/AboutUs' },
    ]);
    expect(helpTrail({ key: 'help', title: 'Help center', path: '/help' })).toHaveLength(2);
  });
});

describe('formatUpdated', () => {
  it('writes the date the same way everywhere, and nothing for a bad time', () => {
    expect(formatUpdated('2026-11-21T06:54:34.905Z')).toBe('November 21, 2026');
    expect(formatUpdated('not a date')).toBe('');
  });
});

describe('inAppPath', () => {
  const origin = 'https://shop.example';
  const plain = { button: 0, modified: false };
  const link = (href: string, extra: Partial<{ target: string; hasDownload: boolean }> = {}) => ({
    href,
    target: '',
    hasDownload: false,
    ...extra,
  });

  it('keeps a plain click on a storefront page of this site in the app', () => {
    expect(inAppPath(link(`${origin}/help/helpContact?key=about_payment#cards`), plain, origin)).toBe(
      '/help/helpContact?key=about_payment#cards',
    );
  });

  it('leaves other sites, server files, new tabs, downloads and modified clicks to the browser', () => {
    expect(inAppPath(link('https://other.example/x'), plain, origin)).toBeNull();
    expect(inAppPath(link('mailto:support@aurelle.shop'), plain, origin)).toBeNull();
    expect(inAppPath(link(`${origin}/media/size-guide.pdf`), plain, origin)).toBeNull();
    expect(inAppPath(link(`${origin}/sitemap.xml`), plain, origin)).toBeNull();
    expect(inAppPath(link(`${origin}/help`, { target: '_blank' }), plain, origin)).toBeNull();
    expect(inAppPath(link(`${origin}/help`, { hasDownload: true }), plain, origin)).toBeNull();
    expect(inAppPath(link(`${origin}/help`), { button: 0, modified: true }, origin)).toBeNull();
    expect(inAppPath(link(`${origin}/help`), { button: 1, modified: false }, origin)).toBeNull();
  });
});
