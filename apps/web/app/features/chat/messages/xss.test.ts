import type { TChatMessage } from '@shop/contracts/chat-protocol';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { chatMessage } from '../test-fixtures';
import { MessageList } from './message-list';
import { MessageView } from './message-view';

/**
 * Script payloads sent as messages, file names, links and card fields (quality bar: "Markdown,
 * names, reviews and file names carrying script payloads: nothing executes"). Every message is
 * rendered as the browser would get it and the markup is read element by element.
 */
const CORPUS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" onerror="alert(1)"/>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">raw link</a>',
  '<a href="#" onclick="alert(1)">click</a>',
  '<body onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:text/html,<script>alert(1)</script>">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<details open ontoggle=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click](java&#09;script:alert(1))',
  '[click](&#106;avascript:alert(1))',
  '[click](  javascript:alert(1))',
  '[click](vbscript:msgbox(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[ref][evil]\n\n[evil]: javascript:alert(1)',
  '<javascript:alert(1)>',
  '![pic](javascript:alert(1))',
  '![svg](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '[x](https://shop.example "\\" onmouseover=alert(1) x=\\"")',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&#60;script&#62;alert(1)&#60;/script&#62;',
  '\u003cscript\u003ealert(1)\u003c/script\u003e',
  '```html\n<script>alert(1)</script>\n```',
  '```mermaid\ngraph TD; A["<img src=x onerror=alert(1)>"] --> B[<script>alert(2)</script>]\n```',
  '| a | b |\n| --- | --- |\n| <img src=x onerror=alert(1)> | [x](javascript:alert(1)) |',
  '- [ ] <script>alert(1)</script>',
  'Footnote[^1]\n\n[^1]: <img src=x onerror=alert(1)>',
  '"><script>alert(1)</script>',
  "'><svg onload=alert(1)>",
];

const URL_PAYLOADS = [
  'javascript:alert(1)',
  ' javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  'java\nscript:alert(1)',
  '\u0000javascript:alert(1)',
  'vbscript:msgbox(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml,<svg onload=alert(1)>',
  '"><script>alert(1)</script>',
];

const ALLOWED_TAGS = new Set([
  'a',
  'audio',
  'blockquote',
  'br',
  'button',
  'circle',
  'code',
  'del',
  'div',
  'em',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'img',
  'input',
  'li',
  'ol',
  'p',
  'path',
  'pre',
  'rect',
  'section',
  'span',
  'strong',
  'sup',
  'svg',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'time',
  'tr',
  'ul',
  'video',
]);
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'data', 'poster', 'xlink:href', 'srcset', 'background']);

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Every way the markup could run script: a tag outside the list, a handler, a script address. */
function executableParts(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.matchAll(/<([a-zA-Z][\w:-]*)((?:\s+[^\s=/>]+(?:="[^"]*")?)*)\s*\/?>/g)) {
    const name = (tag[1] ?? '').toLowerCase();
    if (!ALLOWED_TAGS.has(name)) found.push(`<${name}>`);
    for (const attribute of (tag[2] ?? '').matchAll(/\s+([^\s=/>]+)(?:="([^"]*)")?/g)) {
      const attributeName = (attribute[1] ?? '').toLowerCase();
      const value = decode(attribute[2] ?? '');
      if (attributeName.startsWith('on')) found.push(`${name} ${attributeName}`);
      if (attributeName === 'srcdoc' || attributeName === 'http-equiv') found.push(`${name} ${attributeName}`);
      // browsers drop whitespace and control characters from inside a scheme
      // biome-ignore lint/suspicious/noControlCharactersInRegex: exactly what a browser ignores
      const bare = value.replace(/[\s\u0000-\u001f]/g, '');
      if (URL_ATTRIBUTES.has(attributeName) && /^(?:javascript|vbscript|data):/i.test(bare)) {
        found.push(`${name} ${attributeName}=${value}`);
      }
      if (attributeName === 'style' && /javascript:|expression\(|url\(/i.test(value)) found.push(`${name} style`);
    }
  }
  // anything that looks like a tag but is not one the loop above understood
  for (const raw of html.matchAll(/<(?!\/)(?![a-zA-Z][\w:-]*(?:\s+[^\s=/>]+(?:="[^"]*")?)*\s*\/?>)/g))
    found.push(`unparsed ${raw.index}`);
  return found;
}

const render = (message: TChatMessage, viewer: 'tourist' | 'csr' = 'tourist') =>
  renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      createElement(MessageView, { message, mine: viewer === 'tourist', read: true, language: 'en-us', viewer }),
    ),
  );

function messagesCarrying(payload: string): TChatMessage[] {
  return [
    chatMessage({ type: 'text', content: payload }),
    chatMessage({ type: 'system', sender_identity: 'system', content: payload }),
    chatMessage({ type: 'image', content: payload, extend: { name: payload } }),
    chatMessage({ type: 'image', content: '/worker/f/a.svg', extend: { name: `${payload}.svg`, suffix: 'svg' } }),
    chatMessage({ type: 'file', content: payload, extend: { name: payload, size: payload, suffix: payload } }),
    chatMessage({ type: 'file', content: '/worker/f/x', extend: { name: `${payload}.pdf`, size: 10 } }),
    chatMessage({
      type: 'file',
      content: '/worker/f/x.svg',
      extend: { name: `<svg onload=alert(1)>${payload}.svg`, suffix: 'svg' },
    }),
    chatMessage({ type: 'file', content: '/worker/f/x.mp4', extend: { name: payload, suffix: 'mp4' } }),
    chatMessage({ type: 'link', content: payload, title: payload }),
    chatMessage({
      type: 'good',
      content: payload,
      extend: { id: payload, title: payload, subtitle: payload, price: payload, image: payload, logo: payload, url: payload },
    }),
    chatMessage({
      type: 'order',
      content: payload,
      extend: {
        id: payload,
        order_no: payload,
        status: payload,
        pay_price: payload,
        total_num: payload,
        create_time: payload,
        detail: [{ goods_name: payload, num: payload, image: payload }],
      },
    }),
  ];
}

describe('an XSS corpus sent through the chat executes nothing', () => {
  it.each(CORPUS)('as every kind of message: %s', (payload) => {
    for (const message of messagesCarrying(payload)) {
      for (const viewer of ['tourist', 'csr'] as const) {
        const html = render(message, viewer);
        expect(executableParts(html), `${message.type} for ${viewer}: ${html}`).toEqual([]);
      }
    }
  });

  it.each(URL_PAYLOADS)('as the address of media, links and cards: %j', (payload) => {
    for (const message of messagesCarrying(payload)) {
      const html = render(message);
      expect(executableParts(html), `${message.type}: ${html}`).toEqual([]);
    }
  });

  it('shows raw HTML as the text it is', () => {
    const html = render(chatMessage({ content: 'Look: <script>alert(1)</script> and <b>bold</b>' }));
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt;');
    expect(html).not.toContain('<b>');
  });

  it('shows a link whose address was refused as its text, never as a link back to this page', () => {
    const html = render(chatMessage({ content: '[click me](javascript:alert(1)) and [fine](https://shop.example/)' }));
    expect(html).toContain('click me');
    expect(html).not.toMatch(/<a[^>]*href=""/);
    expect(html).not.toMatch(/<a[^>]*>click me/);
    expect(html).toMatch(/<a[^>]*href="https:\/\/shop.example\/"/);
  });

  it('keeps entities as text, never as markup', () => {
    const html = render(chatMessage({ content: '&lt;img src=x onerror=alert(1)&gt; &#60;svg onload=alert(1)&#62;' }));
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;svg onload=alert(1)&gt;');
  });

  it('shows a file name with markup as its text', () => {
    const html = render(
      chatMessage({ type: 'file', content: '/f/1', extend: { name: '<img src=x onerror=alert(1)>.pdf', size: 5 } }),
    );
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;.pdf');
    expect(html).toContain('data-file-icon="pdf"');
  });

  it('survives the whole corpus in one conversation', () => {
    const messages = CORPUS.flatMap((payload) => messagesCarrying(payload)).map((message, index) => ({
      ...message,
      id: index + 1,
      seq: index + 1,
      client_msg_id: `x-${index}`,
    }));
    const html = renderToStaticMarkup(
      createElement(
        MemoryRouter,
        null,
        createElement(MessageList, {
          messages,
          myId: 9,
          myIdentity: 'csr',
          language: 'zh-cn',
          hasMore: true,
          loadingOlder: false,
          onLoadOlder: () => undefined,
          readUpTo: 10,
        }),
      ),
    );
    expect(executableParts(html)).toEqual([]);
  });

  it('notices what it is looking for', () => {
    expect(executableParts('<img src="x" onerror="alert(1)">')).toEqual(['img onerror']);
    expect(executableParts('<script>alert(1)</script>')).toEqual(['<script>']);
    expect(executableParts('<a href="java&#x27;script:x">')).toEqual([]);
    expect(executableParts('<a href=" javascript:alert(1)">')).toEqual(['a href= javascript:alert(1)']);
    expect(executableParts('<img src="data:text/html,x">')).toEqual(['img src=data:text/html,x']);
    expect(executableParts('<iframe srcdoc="x">')).toEqual(['<iframe>', 'iframe srcdoc']);
  });
});
