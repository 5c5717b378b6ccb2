import { jsx } from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { isExternalHref, Markdown } from './markdown';

const render = (source: string, origin?: string) => renderToStaticMarkup(jsx(Markdown, { origin, children: source }));

describe('Markdown', () => {
  it('never renders a script payload or a javascript: address', () => {
    const html = render(
      [
        '<script>alert(1)</script>',
        '',
        '<img src=x onerror="alert(2)">',
        '',
        '[click](javascript:alert(3)) [data](data:text/html;base64,PHNjcmlwdD4=)',
        '',
        '![pic](javascript:alert(4))',
        '',
        '<a href="javascript:alert(5)">raw link</a>',
      ].join('\n'),
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(html).not.toMatch(/href="\s*javascript:/i);
    expect(html).not.toMatch(/src="\s*javascript:/i);
    expect(html).not.toMatch(/href="\s*data:/i);
    // the raw HTML is shown as text
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('opens links to other sites in a new tab without access to this one', () => {
    const html = render('[elsewhere](https://other.example/page) and [help](/help/AboutUs)');
    expect(html).toContain('href="https://other.example/page" target="_blank" rel="noopener noreferrer"');
    expect(html).toMatch(/<a href="\/help\/AboutUs" class="[^"]*">help<\/a>/);
  });

  it('keeps absolute links back to this shop in the same tab', () => {
    expect(isExternalHref('https://shop.example/help', 'https://shop.example')).toBe(false);
    expect(isExternalHref('//other.example/x', 'https://shop.example')).toBe(true);
    expect(isExternalHref('mailto:care@shop.example')).toBe(false);
    expect(render('[home](https://shop.example/)', 'https://shop.example')).not.toContain('target="_blank"');
  });

  it('loads images lazily', () => {
    expect(render('![A red dress](/media/red.jpg)')).toMatch(
      /<img src="\/media\/red.jpg" alt="A red dress" loading="lazy" decoding="async"/,
    );
  });

  it('renders GitHub tables, lists and code', () => {
    const html = render(
      ['| Size | Bust |', '| --- | --- |', '| S | 84 |', '', '- one', '- two', '', '```', 'const a = 1;', '```'].join('\n'),
    );
    expect(html).toContain('<table');
    expect(html).toContain('<th');
    expect(html).toContain('<td class="border border-gray-200 px-3 py-2 align-top">84</td>');
    expect(html).toContain('<ul');
    expect(html).toMatch(/<pre[^>]*><code[^>]*>const a = 1;\n<\/code><\/pre>/);
  });
});
