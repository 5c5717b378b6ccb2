/**
 * Resized pictures: the server answers `/media/<path>?w=<width>` with a WebP of that width, for
 * the widths below only (so that every size is encoded once and cached). A `v` in the query marks
 * the URL as versioned: the answer may then be cached for a year.
 */

/** The path under which the server serves the shop's pictures (product photos, banners, icons). */
export const MEDIA_PREFIX = '/media/';

/** The pixel widths that `/media/…?w=` accepts, ascending: enough steps for srcset, few enough to cache. */
export const IMAGE_WIDTHS = [80, 160, 240, 320, 480, 640, 800, 1200] as const;

export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

const LARGEST_WIDTH: ImageWidth = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] ?? 1200;

export const isImageWidth = (width: number): width is ImageWidth => (IMAGE_WIDTHS as readonly number[]).includes(width);

/** The smallest allowed width that is at least `wanted` (the largest one when none is). */
export function imageWidthFor(wanted: number): ImageWidth {
  return IMAGE_WIDTHS.find((width) => width >= wanted) ?? LARGEST_WIDTH;
}

export const ImageQueryTexts = {
  badWidth: `w must be one of ${IMAGE_WIDTHS.join(', ')}`,
  badVersion: 'v must be a version tag of letters, digits, dots, dashes or underscores (at most 64)',
} as const;

const isMediaUrl = (url: string) => url.startsWith(MEDIA_PREFIX) && url.length > MEDIA_PREFIX.length;

/**
 * The URL of `url` resized to at least `width` pixels wide. Only the shop's own pictures
 * (`/media/…`) can be resized; any other URL comes back unchanged. An existing `w` is replaced,
 * the rest of the query (a version `v`, say) and a fragment are kept.
 */
export function resizedImageUrl(url: string, width: number): string {
  if (!isMediaUrl(url)) return url;
  const hashAt = url.indexOf('#');
  const fragment = hashAt === -1 ? '' : url.slice(hashAt);
  const withoutFragment = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = withoutFragment.indexOf('?');
  const path = queryAt === -1 ? withoutFragment : withoutFragment.slice(0, queryAt);
  const query = queryAt === -1 ? '' : withoutFragment.slice(queryAt + 1);
  const kept = query.split('&').filter((pair) => pair !== '' && pair !== 'w' && !pair.startsWith('w='));
  return `${path}?${[...kept, `w=${imageWidthFor(width)}`].join('&')}${fragment}`;
}

/**
 * The `srcset` of an <img> offering `url` at the given widths (each rounded up to an allowed one,
 * duplicates dropped), or undefined for a URL the server cannot resize, so the attribute is left out.
 */
export function imageSrcSet(url: string, widths: readonly number[] = IMAGE_WIDTHS): string | undefined {
  if (!isMediaUrl(url)) return undefined;
  const allowed = [...new Set(widths.map(imageWidthFor))].sort((a, b) => a - b);
  if (allowed.length === 0) return undefined;
  return allowed.map((width) => `${resizedImageUrl(url, width)} ${width}w`).join(', ');
}
