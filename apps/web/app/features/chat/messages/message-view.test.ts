import type { TChatMessage } from '@shop/contracts/chat-protocol';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { chatMessage } from '../test-fixtures';
import { MessageList, type MessageListProps } from './message-list';
import { MessageView, type MessageViewProps, messagePreview } from './message-view';
import { messageTexts } from './texts';

const view = (message: Partial<TChatMessage>, props: Partial<Omit<MessageViewProps, 'message'>> = {}) =>
  renderToStaticMarkup(createElement(MessageView, { message: chatMessage(message), mine: false, language: 'en-us', ...props }));

const inRouter = (element: ReturnType<typeof createElement>) => renderToStaticMarkup(createElement(MemoryRouter, null, element));

describe('MessageView: text', () => {
  it('renders Markdown with GitHub tables', () => {
    const html = view({ content: '**Sizes**\n\n| Size | Bust |\n| --- | --- |\n| S | 84 |' });
    expect(html).toContain('<strong>Sizes</strong>');
    expect(html).toContain('<table');
    expect(html).toMatch(/<td[^>]*>84<\/td>/);
  });

  it('gives code blocks their language and a copy button', () => {
    const html = view({ content: '```ts\nconst a = 1;\n```' });
    expect(html).toMatch(/<span class="[^"]*font-mono[^"]*">ts<\/span>/);
    expect(html).toMatch(/<button type="button"[^>]*><span aria-live="polite">Copy<\/span><\/button>/);
    expect(html).toContain('<code>const a = 1;</code>');
    expect(view({ content: '```\nx\n```' }, { language: 'zh-cn' })).toContain('>复制<');
  });

  it('folds a block of 30 lines, shows a shorter one whole, and folds nothing when folding is off', () => {
    const code = (count: number) => `\`\`\`\n${Array.from({ length: count }, (_, index) => `line ${index}`).join('\n')}\n\`\`\``;
    const long = view({ content: code(30) });
    expect(long).toContain('aria-expanded="false"');
    expect(long).toContain('Show all 30 lines');
    expect(long).toMatch(/<pre[^>]*max-h-50/);
    const short = view({ content: code(29) });
    expect(short).not.toContain('aria-expanded');
    expect(short).not.toContain('max-h-50');
    expect(view({ content: code(40) }, { foldLongCode: false })).not.toContain('aria-expanded');
  });

  it('shows a ```mermaid block as a diagram being drawn, not as code', () => {
    const html = view({ content: '```mermaid\ngraph TD; A-->B\n```' });
    expect(html).toContain('role="status"');
    expect(html).toContain('Drawing the diagram…');
    expect(html).not.toContain('<pre');
  });

  it('marks my read messages with a check mark, and pending ones as sending', () => {
    expect(view({ status: 'read' }, { mine: true })).toContain('data-read="true"');
    expect(view({ status: 'unread' }, { mine: true, read: true })).toContain('<span class="sr-only">Read</span>');
    expect(view({ status: 'unread' }, { mine: true })).not.toContain('data-read');
    expect(view({ status: 'read' }, { mine: false })).not.toContain('data-read');
    expect(view({ id: -1 }, { mine: true, read: true })).toContain('Sending…');
  });

  it('says who wrote it for screen readers, and marks automatic replies', () => {
    expect(view({}, { mine: true })).toContain('<span class="sr-only">You: </span>');
    expect(view({ sender_identity: 'csr' })).toContain('<span class="sr-only">Agent: </span>');
    expect(view({ sender_identity: 'tourist' })).toContain('<span class="sr-only">Visitor: </span>');
    expect(view({ auto_reply: true, sender_identity: 'system' })).toContain('Automatic reply');
  });
});

describe('MessageView: media and cards', () => {
  it('shows an image as a thumbnail that opens the full-size view', () => {
    const html = view({ type: 'image', content: '/worker/kefu.HttpIndex/file/ab.png', extend: { name: 'dress.png' } });
    expect(html).toMatch(/<button[^>]*aria-label="View the image full size: dress.png"/);
    expect(html).toContain('src="/worker/kefu.HttpIndex/file/ab.png" alt="dress.png" loading="lazy"');
  });

  it("shows 'Image failed to load' for an image address it may not use", () => {
    const html = view({ type: 'image', content: 'javascript:alert(1)' });
    expect(html).toContain('Image failed to load');
    expect(html).not.toContain('<img');
    expect(view({ type: 'image', content: '' }, { language: 'zh-cn' })).toContain('图片加载失败');
  });

  it('plays video and audio files, with the fallback texts', () => {
    const video = view({ type: 'file', content: '/f/a.MOV', extend: { name: 'fit.MOV', size: 1024, suffix: 'MOV' } });
    expect(video).toMatch(/<video controls="" preload="metadata" src="\/f\/a.MOV" aria-label="fit.MOV"/);
    expect(video).toContain('Your browser does not support video playback.');
    const audio = view({ type: 'file', content: '/f/a.m4a', extend: { name: 'note.m4a' } });
    expect(audio).toMatch(/<audio controls="" preload="metadata" src="\/f\/a.m4a"/);
    expect(audio).toContain('Your browser does not support audio playback.');
  });

  it('shows other files as a card: icon by suffix, name, size and download', () => {
    const html = view({ type: 'file', content: '/f/k1', extend: { name: 'Size chart.pdf', size: 1536, suffix: 'pdf' } });
    expect(html).toContain('data-file-icon="pdf"');
    expect(html).toContain('>PDF<');
    expect(html).toContain('>Size chart.pdf<');
    expect(html).toContain('>1.5 KB<');
    expect(html).toMatch(/<a href="\/f\/k1" download="Size chart.pdf"[^>]*aria-label="Download Size chart.pdf"/);
    expect(view({ type: 'file', content: '/f/k2', extend: { name: 'a.zip' } })).toContain('>未知大小<');
  });

  it('shows a link with its title, opening in a new tab', () => {
    const html = view({ type: 'link', content: 'https://help.example/size', title: 'Size guide' });
    expect(html).toMatch(/<a href="https:\/\/help.example\/size" target="_blank" rel="noopener noreferrer nofollow ugc"/);
    expect(html).toContain('Size guide');
    expect(html).toContain('help.example');
  });

  it('shows a goods card leading to the product page', () => {
    const message = chatMessage({
      type: 'good',
      content: 'Silk dress',
      extend: { id: 3, title: 'Silk dress', subtitle: 'Red, S', price: '59.90', image: '/media/p/3.jpg', url: 'silk-dress' },
    });
    const html = inRouter(createElement(MessageView, { message, mine: false, language: 'en-us' }));
    expect(html).toContain('href="/product/silk-dress.html"');
    expect(html).toContain('Silk dress');
    expect(html).toContain('Red, S');
    expect(html).toContain('$59.90');
    expect(html).toContain('src="/media/p/3.jpg?w=160"');
    const byId = inRouter(
      createElement(MessageView, { message: { ...message, extend: { id: 3, title: 'x' } }, mine: false, language: 'en-us' }),
    );
    expect(byId).toContain('href="/product/details?id=3"');
    const forAgent = renderToStaticMarkup(createElement(MessageView, { message, mine: false, language: 'en-us', viewer: 'csr' }));
    expect(forAgent).toContain('target="_blank"');
  });

  it('shows an order card: status, 3 goods, 2 names, pieces and amount, leading to the order', () => {
    const detail = ['Silk dress', 'Linen shirt', 'Sandals', 'Hat'].map((name, index) => ({
      goods_name: name,
      num: 1,
      image: `/media/${index}.jpg`,
    }));
    const message = chatMessage({
      type: 'order',
      content: 'SO-42',
      extend: {
        id: 42,
        order_no: 'SO-42',
        status: 3,
        pay_price: '120.00',
        total_num: 4,
        create_time: Date.UTC(2025, 0, 2),
        detail,
      },
    });
    const html = inRouter(createElement(MessageView, { message, mine: true, language: 'en-us' }));
    expect(html).toContain('href="/ShoppingListMain/OrderDetails?id=42"');
    expect(html).toContain('SO-42');
    expect(html).toContain('>Shipped<');
    expect(html.match(/<img /g)).toHaveLength(3);
    expect(html).toContain('Silk dress, Linen shirt and 2 more');
    expect(html).toContain('4 items');
    expect(html).toContain('$120.00');
    const forAgent = renderToStaticMarkup(createElement(MessageView, { message, mine: false, language: 'zh-cn', viewer: 'csr' }));
    expect(forAgent).not.toContain('OrderDetails');
    expect(forAgent).toContain('已发货');
  });

  it('shows a system notice in the middle, as plain text', () => {
    const html = view({ type: 'system', content: 'All our agents are busy **now**', sender_identity: 'system' });
    expect(html).toContain('justify-center');
    expect(html).toContain('All our agents are busy **now**');
    expect(html).not.toContain('<strong>');
  });

  it('describes each kind of message in one line', () => {
    const texts = messageTexts('en-us');
    expect(messagePreview(chatMessage({ content: 'Hi\n\nthere' }), texts)).toBe('Hi there');
    expect(messagePreview(chatMessage({ type: 'image' }), texts)).toBe('[Image]');
    expect(messagePreview(chatMessage({ type: 'file', extend: { name: 'a.pdf' } }), texts)).toBe('[File] a.pdf');
    expect(messagePreview(chatMessage({ type: 'good', extend: { title: 'Dress' } }), texts)).toBe('[Product] Dress');
    expect(messagePreview(chatMessage({ type: 'order', extend: { order_no: 'SO-1' } }), texts)).toBe('[Order] SO-1');
    expect(messagePreview(chatMessage({ content: 'x'.repeat(500) }), texts)).toHaveLength(140);
  });
});

describe('MessageList', () => {
  const list = (props: Partial<MessageListProps>) =>
    renderToStaticMarkup(
      createElement(MessageList, {
        messages: [],
        myId: 1,
        myIdentity: 'tourist',
        language: 'en-us',
        hasMore: false,
        loadingOlder: false,
        onLoadOlder: () => undefined,
        ...props,
      }),
    );

  it('is a labelled, focusable region that announces new messages politely', () => {
    const html = list({});
    expect(html).toMatch(/^<section tabindex="0" aria-label="Messages"/);
    expect(html).toContain('aria-live="polite"');
    expect(html).toContain('No messages yet');
  });

  it('offers older history from the keyboard, and says when it is loading', () => {
    expect(list({ hasMore: true })).toContain('>Load earlier messages</button>');
    const loading = list({ hasMore: true, loadingOlder: true });
    expect(loading).toContain('aria-busy="true"');
    expect(loading).toContain('Loading earlier messages…');
    expect(list({ messages: [chatMessage()] })).toContain('This is the beginning of the conversation');
  });

  it('puts my messages on the right with read marks up to readUpTo, and labels the time of each stretch', () => {
    const start = new Date(2025, 0, 1, 10, 0).getTime();
    const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
    const messages = [
      chatMessage({ id: 101, seq: 1, sender_id: 1, sender_identity: 'tourist', content: 'first', created_at: at(0) }),
      // an agent with the same id as the visitor is not the visitor
      chatMessage({ id: 102, seq: 2, sender_id: 1, sender_identity: 'csr', content: 'reply', created_at: at(1) }),
      chatMessage({ id: 103, seq: 3, sender_id: 1, sender_identity: 'tourist', content: 'later', created_at: at(30) }),
    ];
    const html = list({ messages, readUpTo: 1 });
    expect(html.match(/<time /g)).toHaveLength(2);
    expect(html.match(/justify-end/g)).toHaveLength(2);
    expect(html.match(/data-read="true"/g)).toHaveLength(1);
    expect(html.indexOf('first')).toBeLessThan(html.indexOf('later'));
  });
});
