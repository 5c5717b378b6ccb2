import { describe, expect, it } from 'vitest';
import { helpHtml } from './help-html.server';

const ORIGIN = 'https://shop.example';

describe('helpHtml', () => {
  it('draws the Markdown as the help page shows it: headings, lists, tables, links', () => {
    const html = helpHtml('## Returns\n\n- within **30** days\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[Track](/help/x)', ORIGIN);
    expect(html).toContain('<h2 class="mt-8 mb-3 font-display text-2xl text-gray-950 first:mt-0">Returns</h2>');
    expect(html).toContain('<strong>30</strong>');
    expect(html).toContain('<table');
    expect(html).toMatch(/<a href="\/help\/x" class="[^"]+">Track<\/a>/);
  });

  it('opens other sites in a new tab, and keeps the shop’s own absolute links in this one', () => {
    const html = helpHtml('[out](https://elsewhere.example/a) [home](https://shop.example/help)', ORIGIN);
    expect(html).toMatch(/<a href="https:\/\/elsewhere.example\/a" target="_blank" rel="noopener noreferrer"/);
    expect(html).toMatch(/<a href="https:\/\/shop.example\/help" class=/);
  });

  it('shows raw HTML as text and drops script addresses', () => {
    const html = helpHtml('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1))', ORIGIN);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('javascript:');
  });
});
