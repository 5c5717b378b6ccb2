import { describe, expect, it } from 'vitest';
import {
  CAROUSEL_FRAME_CLASS,
  carouselHeight,
  carouselTrackOffset,
  clampPage,
  gutterOf,
  itemsPerRow,
  pageCount,
  WIDTH_RULES,
  widthClassOf,
} from './carousel-layout';

describe('carousel width classes (spec 9)', () => {
  it.each([
    [0, 'xs'],
    [767, 'xs'],
    [768, 'sm'],
    [991, 'sm'],
    [992, 'md'],
    [1199, 'md'],
    [1200, 'lg'],
    [1399, 'lg'],
    [1400, 'xl'],
    [2560, 'xl'],
  ] as const)('a %i px viewport is %s', (width, widthClass) => {
    expect(widthClassOf(width)).toBe(widthClass);
  });

  it('shows 2, 3, 4, 6 and 6 products per row', () => {
    expect([767, 768, 992, 1200, 1400].map((width) => itemsPerRow(widthClassOf(width)))).toEqual([2, 3, 4, 6, 6]);
  });

  it('spaces them 8, 12, 16, 20 and 24 px apart', () => {
    expect([767, 768, 992, 1200, 1400].map((width) => gutterOf(widthClassOf(width)))).toEqual([8, 12, 16, 20, 24]);
  });
});

describe('carousel height (spec 9)', () => {
  it('is 500 px under 992 px wide', () => {
    expect(carouselHeight(320)).toBe(500);
    expect(carouselHeight(767)).toBe(500);
    expect(carouselHeight(768)).toBe(500);
    expect(carouselHeight(991)).toBe(500);
  });

  it('is 480 px from 992 px while 4 or fewer fit a row', () => {
    expect(carouselHeight(992)).toBe(480);
    expect(carouselHeight(1199)).toBe(480);
  });

  it('is 400 px once 6 fit a row', () => {
    expect(carouselHeight(1200)).toBe(400);
    expect(carouselHeight(1399)).toBe(400);
    expect(carouselHeight(1400)).toBe(400);
  });
});

describe('carousel pages (spec 2: clamped, no looping)', () => {
  it('has no page for an empty list', () => {
    expect(pageCount(0, 4)).toBe(0);
    expect(clampPage(0, 0)).toBe(0);
    expect(clampPage(3, 0)).toBe(0);
  });

  it('counts a partly filled last page', () => {
    expect(pageCount(1, 6)).toBe(1);
    expect(pageCount(6, 6)).toBe(1);
    expect(pageCount(7, 6)).toBe(2);
    expect(pageCount(12, 2)).toBe(6);
  });

  it('keeps the page index within [0, pages - 1]', () => {
    expect(clampPage(-1, 3)).toBe(0);
    expect(clampPage(0, 3)).toBe(0);
    expect(clampPage(2, 3)).toBe(2);
    expect(clampPage(3, 3)).toBe(2);
    expect(clampPage(Number.NaN, 3)).toBe(0);
  });

  it('moves back to the last page when a wider viewport needs fewer pages', () => {
    const items = 12;
    const onPhone = clampPage(5, pageCount(items, itemsPerRow(widthClassOf(375))));
    expect(onPhone).toBe(5);
    expect(clampPage(onPhone, pageCount(items, itemsPerRow(widthClassOf(1440))))).toBe(1);
  });

  it('offsets the track by whole pages, gap included', () => {
    expect(carouselTrackOffset(0)).toBeUndefined();
    expect(carouselTrackOffset(2)).toBe('translateX(calc(-2 * (100% + var(--carousel-gap))))');
  });
});

describe('the carousel CSS', () => {
  /** The custom properties the class list sets at each breakpoint, carried upwards like media queries. */
  function cssTable() {
    const byWidth = new Map<number, Record<string, string>>();
    for (const token of CAROUSEL_FRAME_CLASS.split(/\s+/)) {
      const match = /^(?:min-\[(\d+)px\]:)?\[--carousel-([a-z-]+):([^\]]+)\]$/.exec(token);
      if (!match) throw new Error(`unexpected class ${token}`);
      const width = Number(match[1] ?? 0);
      byWidth.set(width, { ...byWidth.get(width), [match[2] as string]: match[3] as string });
    }
    let carried: Record<string, string> = {};
    return WIDTH_RULES.map((rule) => {
      carried = { ...carried, ...byWidth.get(rule.minWidth) };
      return { minWidth: rule.minWidth, ...carried };
    });
  }

  it('states the same products per row, gaps and heights as the layout functions', () => {
    expect(cssTable()).toEqual(
      WIDTH_RULES.map((rule) => ({
        minWidth: rule.minWidth,
        'per-row': String(itemsPerRow(widthClassOf(rule.minWidth))),
        gap: `${gutterOf(widthClassOf(rule.minWidth))}px`,
        height: `${carouselHeight(rule.minWidth)}px`,
      })),
    );
  });
});
