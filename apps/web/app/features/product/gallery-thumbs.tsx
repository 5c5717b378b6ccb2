import { type KeyboardEvent, useRef } from 'react';
import { ProductImage } from '../../components/product/product-image';
import { cx, focusRing } from '../../lib/cx';

const THUMB = { width: 160, height: 213 } as const;

/** A photo index brought back among `count` photos: past the last is the first, before the first the last. */
export const wrap = (index: number, count: number) => (count === 0 ? 0 : (index + count) % count);

/** The photo a key moves the thumbnails to (arrows, Home, End), round at the ends; undefined for other keys. */
export function thumbTarget(key: string, index: number, count: number): number | undefined {
  const moves: Record<string, number> = {
    ArrowRight: index + 1,
    ArrowDown: index + 1,
    ArrowLeft: index - 1,
    ArrowUp: index - 1,
    Home: 0,
    End: count - 1,
  };
  const target = moves[key];
  return target === undefined ? undefined : wrap(target, count);
}

/** The gallery's thumbnails: one tab stop, arrow keys move among them and show the photo. */
export function GalleryThumbs({
  images,
  index,
  onShow,
}: {
  images: readonly string[];
  index: number;
  onShow: (index: number) => void;
}) {
  const count = images.length;
  const thumbsRef = useRef<HTMLUListElement>(null);
  const onThumbKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const next = thumbTarget(event.key, index, count);
    if (next === undefined) return;
    event.preventDefault();
    onShow(next);
    thumbsRef.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };
  return (
    <ul
      ref={thumbsRef}
      aria-label="Product photos"
      onKeyDown={onThumbKey}
      className="flex gap-2 overflow-x-auto p-1 md:max-h-[min(80vh,760px)] md:w-20 md:shrink-0 md:flex-col md:overflow-x-visible md:overflow-y-auto"
    >
      {images.map((image, at) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the product's photos in their fixed order; one may be listed twice
        <li key={`${at}:${image}`} className="shrink-0">
          <button
            type="button"
            aria-label={`Show photo ${at + 1} of ${count}`}
            aria-current={at === index ? 'true' : undefined}
            tabIndex={at === index ? 0 : -1}
            onClick={() => onShow(at)}
            className={cx(
              'block overflow-hidden rounded border-2 transition-colors',
              at === index ? 'border-gray-950' : 'border-transparent hover:border-gray-400',
              focusRing,
            )}
          >
            <ProductImage url={image} alt="" {...THUMB} className="h-[85px] w-16 bg-gray-100" />
          </button>
        </li>
      ))}
    </ul>
  );
}
