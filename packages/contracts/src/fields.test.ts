import { describe, expect, it } from 'vitest';
import { cleanText, coercedId, hasUnsafeText, INT4_MAX, id, key, text } from './fields';

describe('ids', () => {
  it('accepts 1 up to the largest integer column value', () => {
    expect(id().parse(1)).toBe(1);
    expect(id().parse(INT4_MAX)).toBe(INT4_MAX);
    expect(coercedId().parse(String(INT4_MAX))).toBe(INT4_MAX);
  });

  it.each([2147483648, 2 ** 53 + 2, 0, -1, 1.5, Number.NaN])('refuses %s', (value) => {
    expect(id('goods_id').safeParse(value).success).toBe(false);
    expect(coercedId('goods_id').safeParse(String(value)).success).toBe(false);
  });

  it('names the field in its message, or gives the one message it was told', () => {
    expect(id('goods_id').safeParse(2147483648).error?.issues[0]?.message).toBe('goods_id is not a known id');
    expect(coercedId('id').safeParse('abc').error?.issues[0]?.message).toBe('id must be a number');
    expect(id('id', 'Please choose a valid id').safeParse(-1).error?.issues[0]?.message).toBe('Please choose a valid id');
  });
});

describe('free text', () => {
  it('drops control characters but keeps tab, newline and carriage return', () => {
    expect(cleanText('a\u0000b\u0007c\u001fd')).toBe('abcd');
    expect(cleanText('line one\r\n\tline two')).toBe('line one\r\n\tline two');
  });

  it('replaces a lone surrogate and keeps a pair', () => {
    expect(cleanText('x\ud800y')).toBe('x\ufffdy');
    expect(cleanText('x\udc00')).toBe('x\ufffd');
    expect(cleanText('\ud83d\ude00')).toBe('\ud83d\ude00');
    expect(cleanText('\ud83d\ude00\ud83d')).toBe('\ud83d\ude00\ufffd');
  });

  it('cleans before the checks that follow, so an only-NUL text is empty', () => {
    const schema = text().trim().min(1, 'Please enter text').max(3);
    expect(schema.parse(' a\u0000b ')).toBe('ab');
    expect(schema.safeParse('\u0000\u0000').error?.issues[0]?.message).toBe('Please enter text');
    expect(schema.parse('ab\u0000\u0000c')).toBe('abc');
  });
});

describe('keys', () => {
  it('refuses a key holding a control character or a lone surrogate', () => {
    expect(key('url').safeParse('a\u0000b').error?.issues[0]?.message).toBe('url holds characters that are not allowed');
    expect(key('url').safeParse('a\udc00').success).toBe(false);
    expect(key('url').parse('summer-dress')).toBe('summer-dress');
  });

  it('tells unsafe text apart', () => {
    expect(hasUnsafeText('plain\ttext\n')).toBe(false);
    expect(hasUnsafeText('\u0000')).toBe(true);
    expect(hasUnsafeText('\ud800')).toBe(true);
  });
});
