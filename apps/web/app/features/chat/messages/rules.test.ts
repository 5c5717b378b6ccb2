import { describe, expect, it, vi } from 'vitest';
import { goodsCard, ORDER_PREVIEW_ITEMS, orderCard, orderPreview, orderStatusLabel, orderSummary } from './cards';
import { CODE_FOLD_MIN_LINES, COPY_TIP_MS, codeLanguage, countLines, createCopyTip, foldsByDefault } from './code-rules';
import { fileDisplay, fileIconKind, fileSuffix } from './file-kind';
import { formatFileSize } from './format-size';
import { nearTop, needsTimeLabel, throttle, timeLabel } from './list-rules';
import { safeUrl } from './safe-url';
import { messageTexts } from './texts';

const en = messageTexts('en-us');
const zh = messageTexts('zh-cn');

describe('file size (spec 5: 1024 steps through B, KB, MB, GB, one decimal)', () => {
  it('divides by 1024 per unit with one decimal', () => {
    expect(formatFileSize(0)).toBe('0.0 B');
    expect(formatFileSize(512)).toBe('512.0 B');
    expect(formatFileSize(1023)).toBe('1023.0 B');
    expect(formatFileSize(1024)).toBe('1.0 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(52_428_800)).toBe('50.0 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3.0 GB');
  });

  it('stays in GB for the largest sizes', () => {
    expect(formatFileSize(2048 * 1024 ** 3)).toBe('2048.0 GB');
  });

  it('reads a numeric string as the number it is', () => {
    expect(formatFileSize('2048')).toBe('2.0 KB');
  });

  it("shows '未知大小' when there is no size", () => {
    for (const size of [undefined, null, '', 'big', Number.NaN, -1, {}]) expect(formatFileSize(size)).toBe('未知大小');
  });
});

describe('file suffix → display (spec 4)', () => {
  it('plays the video suffixes in a video player, case-insensitively', () => {
    for (const suffix of ['mp4', 'avi', 'mov', 'wmv', 'flv', 'webm', 'mkv', 'MP4', 'Mov'])
      expect(fileDisplay(suffix)).toBe('video');
  });

  it('plays the audio suffixes in an audio player', () => {
    for (const suffix of ['mp3', 'wav', 'ogg', 'aac', 'flac', 'm4a', 'MP3']) expect(fileDisplay(suffix)).toBe('audio');
  });

  it('shows anything else as a file card', () => {
    for (const suffix of ['pdf', 'zip', 'docx', 'png', '', 'exe']) expect(fileDisplay(suffix)).toBe('card');
  });

  it('takes the suffix from the message, else the name, else the address', () => {
    expect(fileSuffix('.PDF', 'x.zip')).toBe('pdf');
    expect(fileSuffix(undefined, 'Size chart.XLSX')).toBe('xlsx');
    expect(fileSuffix('', '', '/worker/file/ab12.mp3?x=1#t')).toBe('mp3');
    expect(fileSuffix(undefined, 'README', '/worker/file/abc')).toBe('');
  });

  it('picks a card icon by suffix', () => {
    expect(fileIconKind('pdf')).toBe('pdf');
    expect(fileIconKind('DOCX')).toBe('document');
    expect(fileIconKind('csv')).toBe('spreadsheet');
    expect(fileIconKind('pptx')).toBe('presentation');
    expect(fileIconKind('7z')).toBe('archive');
    expect(fileIconKind('webp')).toBe('image');
    expect(fileIconKind('txt')).toBe('text');
    expect(fileIconKind('json')).toBe('code');
    expect(fileIconKind('xyz')).toBe('file');
  });
});

describe('code blocks (spec 8, 9)', () => {
  const lines = (count: number) => Array.from({ length: count }, (_, index) => `line ${index + 1}`).join('\n');

  it('folds blocks of 30 lines or more, only when folding is on', () => {
    expect(CODE_FOLD_MIN_LINES).toBe(30);
    expect(foldsByDefault(lines(29), true)).toBe(false);
    expect(foldsByDefault(lines(30), true)).toBe(true);
    expect(foldsByDefault(`${lines(30)}\n`, true)).toBe(true);
    expect(foldsByDefault(lines(300), false)).toBe(false);
  });

  it('counts lines without the final line break', () => {
    expect(countLines('')).toBe(0);
    expect(countLines('a')).toBe(1);
    expect(countLines('a\nb\n')).toBe(2);
  });

  it("reads the fence's language from the code's class names", () => {
    expect(codeLanguage(['language-Mermaid'])).toBe('mermaid');
    expect(codeLanguage('hljs language-ts')).toBe('ts');
    expect(codeLanguage(undefined)).toBe('');
  });

  it('shows the copy tip and restores the text after 1500 ms', async () => {
    const tips: string[] = [];
    const timers: Array<{ run: () => void; wait: number }> = [];
    const copier = createCopyTip((tip) => tips.push(tip), {
      copy: async () => true,
      schedule: (run, wait) => timers.push({ run, wait }),
      cancel: () => undefined,
    });
    await expect(copier.copy('npm test')).resolves.toBe(true);
    expect(tips).toEqual(['copied']);
    expect(timers[0]?.wait).toBe(COPY_TIP_MS);
    expect(COPY_TIP_MS).toBe(1500);
    timers[0]?.run();
    expect(tips).toEqual(['copied', 'idle']);
  });

  it('shows the failure tip when the clipboard refuses', async () => {
    vi.useFakeTimers();
    try {
      const tips: string[] = [];
      const copier = createCopyTip((tip) => tips.push(tip), { copy: () => Promise.reject(new Error('denied')) });
      await expect(copier.copy('x')).resolves.toBe(false);
      expect(tips).toEqual(['failed']);
      vi.advanceTimersByTime(1499);
      expect(tips).toEqual(['failed']);
      vi.advanceTimersByTime(1);
      expect(tips).toEqual(['failed', 'idle']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits 1500 ms again from a second click, and not at all once disposed', async () => {
    vi.useFakeTimers();
    try {
      const tips: string[] = [];
      const copier = createCopyTip((tip) => tips.push(tip), { copy: async () => true });
      await copier.copy('a');
      vi.advanceTimersByTime(1000);
      await copier.copy('a');
      vi.advanceTimersByTime(1000);
      expect(tips).toEqual(['copied', 'copied']);
      vi.advanceTimersByTime(500);
      expect(tips).toEqual(['copied', 'copied', 'idle']);
      await copier.copy('a');
      copier.dispose();
      vi.advanceTimersByTime(5000);
      expect(tips).toEqual(['copied', 'copied', 'idle', 'copied']);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('goods card', () => {
  it('links to the catalogue URL when it is known', () => {
    const card = goodsCard({
      id: 7,
      title: 'Silk dress',
      subtitle: 'Red',
      price: '59.90',
      image: '/media/a.jpg',
      url: 'silk-dress',
    });
    expect(card).toEqual({
      title: 'Silk dress',
      subtitle: 'Red',
      price: '59.90',
      image: '/media/a.jpg',
      href: '/product/silk-dress.html',
    });
  });

  it('links by id otherwise, and takes the logo when there is no image', () => {
    const card = goodsCard({ id: 7, title: 'Silk dress', price: 12, logo: '/media/logo.png' });
    expect(card.href).toBe('/product/details?id=7');
    expect(card.image).toBe('/media/logo.png');
    expect(card.price).toBe('12');
  });

  it('has no link without a URL or id, and drops unsafe addresses', () => {
    const card = goodsCard({ title: 'x', url: 'javascript:alert(1)', image: 'javascript:alert(2)', id: '1 or 1=1' });
    expect(card.href).toBeNull();
    expect(card.image).toBeNull();
  });
});

describe('order card (spec 4 statuses, spec 9: 3 previewed, 2 named)', () => {
  const detail = [
    { goods_name: 'Silk dress', num: 1, image: '/media/1.jpg' },
    { goods_name: 'Linen shirt', num: 2, image: '/media/2.jpg' },
    { goods_name: 'Sandals', num: 1, image: '/media/3.jpg' },
    { goods_name: 'Hat', num: 1, image: '/media/4.jpg' },
    { goods_name: 'Belt', num: 1, image: '/media/5.jpg' },
  ];

  it('previews the first 3 goods', () => {
    const order = orderCard({
      id: 12,
      order_no: 'SO-1',
      status: 2,
      pay_price: '80.00',
      total_num: 6,
      create_time: 1_700_000_000_000,
      detail,
    });
    expect(ORDER_PREVIEW_ITEMS).toBe(3);
    expect(orderPreview(order.lines).map((line) => line.name)).toEqual(['Silk dress', 'Linen shirt', 'Sandals']);
    expect(order.href).toBe('/ShoppingListMain/OrderDetails?id=12');
    expect(order.totalNum).toBe(6);
    expect(order.createdAt).toBe(1_700_000_000_000);
  });

  it('names 2 goods in the summary and counts the rest', () => {
    const order = orderCard({ id: 12, detail });
    expect(orderSummary(order.lines, en)).toBe('Silk dress, Linen shirt and 3 more');
    expect(orderSummary(order.lines, zh)).toBe('Silk dress、Linen shirt 等 5 件商品');
    expect(orderSummary(order.lines.slice(0, 2), en)).toBe('Silk dress, Linen shirt');
    expect(orderSummary(order.lines.slice(0, 1), en)).toBe('Silk dress');
    expect(orderSummary([], en)).toBe('');
  });

  it('labels the status codes and text statuses of spec 4', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((code) => orderStatusLabel(code, en))).toEqual([
      'Pending Payment',
      'Pending Shipment',
      'Shipped',
      'Completed',
      'Completed',
      'Cancelled',
      'Refunded',
    ]);
    expect(orderStatusLabel('3', en)).toBe('Shipped');
    expect(orderStatusLabel('Delivered', en)).toBe('Delivered');
    expect(orderStatusLabel(6, zh)).toBe('已取消');
    expect(orderStatusLabel('constructor', en)).toBe('constructor');
    expect(orderStatusLabel(null, en)).toBe('');
  });

  it('sums the lines when total_num is missing and reads times in seconds', () => {
    const order = orderCard({ id: 'a1', create_time: 1_700_000_000, detail: [{ goods_name: 'x', num: 2 }, { goods_name: 'y' }] });
    expect(order.totalNum).toBe(3);
    expect(order.createdAt).toBe(1_700_000_000_000);
    expect(orderCard({ detail: 'nope' }).lines).toEqual([]);
    expect(orderCard({}).href).toBeNull();
  });
});

describe('addresses from messages', () => {
  it('keeps web addresses and paths', () => {
    expect(safeUrl('/worker/file/a.png', 'media')).toBe('/worker/file/a.png');
    expect(safeUrl('https://cdn.example/a.png', 'media')).toBe('https://cdn.example/a.png');
    expect(safeUrl('//cdn.example/a.png', 'media')).toBe('//cdn.example/a.png');
    expect(safeUrl('blob:https://shop.example/1', 'media')).toBe('blob:https://shop.example/1');
    expect(safeUrl('mailto:care@shop.example', 'link')).toBe('mailto:care@shop.example');
  });

  it('refuses script and data addresses however they are written', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      '\u0001javascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
      'data:image/svg+xml,<svg onload=alert(1)>',
      '/\\evil.example',
      'mailto:x@y.z',
      '',
      42,
    ]) {
      expect(safeUrl(url, 'media')).toBeNull();
    }
    expect(safeUrl('blob:https://shop.example/1', 'link')).toBeNull();
  });
});

describe('the list', () => {
  it('asks for older history within 10 px of the top', () => {
    expect(nearTop(0)).toBe(true);
    expect(nearTop(10)).toBe(true);
    expect(nearTop(11)).toBe(false);
  });

  it('looks at the scroll position at most every 300 ms, and once more at the end', () => {
    let now = 0;
    const timers: Array<{ run: () => void; at: number }> = [];
    const calls: number[] = [];
    const throttled = throttle(() => calls.push(now), 300, {
      now: () => now,
      schedule: (run, wait) => timers.push({ run, at: now + wait }),
    });
    throttled();
    now = 100;
    throttled();
    now = 200;
    throttled();
    expect(calls).toEqual([0]);
    expect(timers).toHaveLength(1);
    expect(timers[0]?.at).toBe(300);
    now = 300;
    timers[0]?.run();
    expect(calls).toEqual([0, 300]);
    now = 700;
    throttled();
    expect(calls).toEqual([0, 300, 700]);
  });

  it('labels a message that starts a new stretch of the conversation', () => {
    expect(needsTimeLabel(1000, null)).toBe(true);
    expect(needsTimeLabel(1000 + 4 * 60_000, 1000)).toBe(false);
    expect(needsTimeLabel(1000 + 5 * 60_000, 1000)).toBe(true);
  });

  it('says how long ago a message was sent', () => {
    const now = new Date(2025, 5, 15, 14, 30).getTime();
    expect(timeLabel(now - 20_000, now, 'en-us', en)).toBe('Just now');
    expect(timeLabel(now - 60_000, now, 'en-us', en)).toBe('1 minute ago');
    expect(timeLabel(now - 59 * 60_000, now, 'en-us', en)).toBe('59 minutes ago');
    expect(timeLabel(now - 5 * 60_000, now, 'zh-cn', zh)).toBe('5 分钟前');
    expect(timeLabel(new Date(2025, 5, 15, 9, 5).getTime(), now, 'en-us', en)).toBe('09:05');
    expect(timeLabel(new Date(2025, 5, 14, 22, 10).getTime(), now, 'en-us', en)).toBe('Yesterday 22:10');
    expect(timeLabel(new Date(2025, 5, 14, 22, 10).getTime(), now, 'zh-cn', zh)).toBe('昨天 22:10');
    expect(timeLabel(new Date(2025, 2, 3, 8, 0).getTime(), now, 'en-us', en)).toMatch(/^Mar 3, 08:00$/);
    expect(timeLabel(new Date(2024, 2, 3, 8, 0).getTime(), now, 'en-us', en)).toMatch(/2024/);
  });
});
