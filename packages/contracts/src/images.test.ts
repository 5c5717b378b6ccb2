import { describe, expect, it } from 'vitest';
import { ZImageQuery } from './image-query';
import { IMAGE_WIDTHS, ImageQueryTexts, imageSrcSet, imageWidthFor, isImageWidth, resizedImageUrl } from './images';

describe('resized picture URLs', () => {
  it('lists the allowed widths in ascending order', () => {
    expect([...IMAGE_WIDTHS]).toEqual([...IMAGE_WIDTHS].sort((a, b) => a - b));
    expect(isImageWidth(640)).toBe(true);
    expect(isImageWidth(641)).toBe(false);
  });

  it('rounds a wanted width up to the smallest allowed one, and caps it at the largest', () => {
    expect(imageWidthFor(1)).toBe(80);
    expect(imageWidthFor(80)).toBe(80);
    expect(imageWidthFor(81)).toBe(160);
    expect(imageWidthFor(600)).toBe(640);
    expect(imageWidthFor(5000)).toBe(1200);
  });

  it('asks the server for the allowed width that covers the wanted one', () => {
    expect(resizedImageUrl('/media/goods/12-navy.svg', 300)).toBe('/media/goods/12-navy.svg?w=320');
    expect(resizedImageUrl('/media/banners/women.svg', 1600)).toBe('/media/banners/women.svg?w=1200');
  });

  it('keeps a version and a fragment, and replaces an earlier width', () => {
    expect(resizedImageUrl('/media/goods/1-red.svg?v=3', 160)).toBe('/media/goods/1-red.svg?v=3&w=160');
    expect(resizedImageUrl('/media/goods/1-red.svg?w=80&v=3', 480)).toBe('/media/goods/1-red.svg?v=3&w=480');
    expect(resizedImageUrl('/media/goods/1-red.svg#top', 240)).toBe('/media/goods/1-red.svg?w=240#top');
  });

  it('leaves pictures the server cannot resize untouched', () => {
    for (const url of ['https://cdn.example.com/a.jpg', '/assets/logo.svg', 'data:image/png;base64,AAAA', '/media/', '']) {
      expect(resizedImageUrl(url, 320)).toBe(url);
      expect(imageSrcSet(url, [160, 320])).toBeUndefined();
    }
  });

  it('builds a srcset of distinct allowed widths, smallest first', () => {
    expect(imageSrcSet('/media/goods/7-black.svg?v=2', [300, 160, 600, 610])).toBe(
      '/media/goods/7-black.svg?v=2&w=160 160w, /media/goods/7-black.svg?v=2&w=320 320w, /media/goods/7-black.svg?v=2&w=640 640w',
    );
    expect(imageSrcSet('/media/icons/tops.svg')?.split(', ')).toHaveLength(IMAGE_WIDTHS.length);
    expect(imageSrcSet('/media/icons/tops.svg', [])).toBeUndefined();
  });
});

describe('the picture query', () => {
  it('accepts an allowed width and a version tag', () => {
    expect(ZImageQuery.parse({ w: '640', v: '20260101.a-1' })).toEqual({ w: 640, v: '20260101.a-1' });
    expect(ZImageQuery.parse({})).toEqual({});
  });

  it('names the allowed widths when refusing another one', () => {
    for (const w of ['641', '0640', '640.0', '', ['640', '800']]) {
      const result = ZImageQuery.safeParse({ w });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(ImageQueryTexts.badWidth);
    }
    expect(ImageQueryTexts.badWidth).toBe('w must be one of 80, 160, 240, 320, 480, 640, 800, 1200');
  });

  it('refuses a version with characters outside a tag', () => {
    expect(ZImageQuery.safeParse({ v: 'a b' }).success).toBe(false);
    expect(ZImageQuery.safeParse({ v: 'x'.repeat(65) }).success).toBe(false);
  });
});
