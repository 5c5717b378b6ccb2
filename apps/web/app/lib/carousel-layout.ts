/**
 * spec 9 "Carousel": how many products a carousel shows per row, the space between them and its
 * height, from the width of the viewport. Pure functions: the carousel's paging uses them, and the
 * CSS below states the same table so the server's HTML is laid out before any script runs.
 */

export type WidthClass = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

type WidthRule = { widthClass: WidthClass; minWidth: number; perRow: number; gutter: number };

/** spec 9: below 768 xs, below 992 sm, below 1200 md, below 1400 lg, else xl. */
export const WIDTH_RULES: readonly WidthRule[] = [
  { widthClass: 'xs', minWidth: 0, perRow: 2, gutter: 8 },
  { widthClass: 'sm', minWidth: 768, perRow: 3, gutter: 12 },
  { widthClass: 'md', minWidth: 992, perRow: 4, gutter: 16 },
  { widthClass: 'lg', minWidth: 1200, perRow: 6, gutter: 20 },
  { widthClass: 'xl', minWidth: 1400, perRow: 6, gutter: 24 },
];

/** spec 9: the carousel is 500 px high under 992 px wide, otherwise 480 px with up to 4 per row, else 400 px. */
export const NARROW_HEIGHT_BELOW_PX = 992;
export const CAROUSEL_HEIGHTS = { narrow: 500, fewPerRow: 480, manyPerRow: 400 } as const;
const FEW_PER_ROW = 4;

/** What the server renders before the viewport is known: phones first, like the CSS. */
export const DEFAULT_WIDTH_CLASS: WidthClass = 'xs';

const ruleOf = (widthClass: WidthClass): WidthRule =>
  WIDTH_RULES.find((rule) => rule.widthClass === widthClass) ?? (WIDTH_RULES[0] as WidthRule);

export function widthClassOf(viewportWidth: number): WidthClass {
  let found: WidthClass = 'xs';
  for (const rule of WIDTH_RULES) {
    if (viewportWidth >= rule.minWidth) found = rule.widthClass;
  }
  return found;
}

export const itemsPerRow = (widthClass: WidthClass) => ruleOf(widthClass).perRow;

export const gutterOf = (widthClass: WidthClass) => ruleOf(widthClass).gutter;

export function carouselHeight(viewportWidth: number): number {
  if (viewportWidth < NARROW_HEIGHT_BELOW_PX) return CAROUSEL_HEIGHTS.narrow;
  return itemsPerRow(widthClassOf(viewportWidth)) <= FEW_PER_ROW ? CAROUSEL_HEIGHTS.fewPerRow : CAROUSEL_HEIGHTS.manyPerRow;
}

/** Pages needed for `itemCount` products at `perRow` a page; an empty carousel has none. */
export function pageCount(itemCount: number, perRow: number): number {
  if (itemCount <= 0 || perRow <= 0) return 0;
  return Math.ceil(itemCount / perRow);
}

/** spec 2 "Product carousel": the page index stays within [0, pages - 1]; no looping. */
export function clampPage(page: number, pages: number): number {
  if (pages <= 0 || !Number.isFinite(page)) return 0;
  return Math.min(Math.max(Math.trunc(page), 0), pages - 1);
}

/**
 * The table above as CSS custom properties on the carousel's frame, per breakpoint (viewport
 * media queries, like the spec's window width). Written out in full so Tailwind sees every class.
 */
export const CAROUSEL_FRAME_CLASS = [
  '[--carousel-per-row:2] [--carousel-gap:8px] [--carousel-height:500px]',
  'min-[768px]:[--carousel-per-row:3] min-[768px]:[--carousel-gap:12px]',
  'min-[992px]:[--carousel-per-row:4] min-[992px]:[--carousel-gap:16px] min-[992px]:[--carousel-height:480px]',
  'min-[1200px]:[--carousel-per-row:6] min-[1200px]:[--carousel-gap:20px] min-[1200px]:[--carousel-height:400px]',
  'min-[1400px]:[--carousel-per-row:6] min-[1400px]:[--carousel-gap:24px]',
].join(' ');

/** A slide's width: the row's width less its gaps, shared by the products on one page. */
export const CAROUSEL_SLIDE_STYLE = {
  flex: '0 0 calc((100% - (var(--carousel-per-row) - 1) * var(--carousel-gap)) / var(--carousel-per-row))',
} as const;

/** The track's offset for `page`: a page is the frame's width plus one gap. */
export const carouselTrackOffset = (page: number) =>
  page === 0 ? undefined : `translateX(calc(${-page} * (100% + var(--carousel-gap))))`;
