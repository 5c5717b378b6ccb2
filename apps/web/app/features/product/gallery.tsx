import { Dialog } from 'radix-ui';
import { type KeyboardEvent, type MouseEvent, type PointerEvent, type TouchEvent, useRef, useState } from 'react';
import { PRODUCT_IMAGE_SIZE } from '../../components/product/product-card';
import { ProductImage, productImageSrc } from '../../components/product/product-image';
import { cx } from '../../lib/cx';
import { useReturnFocus } from './return-focus';

/** The rendered width of the main photo per breakpoint (the page's grid), for choosing its size. */
export const GALLERY_MAIN_SIZES = '(min-width: 1280px) 560px, (min-width: 768px) 45vw, 100vw';
/** The width the zoomed photo is fetched at: the largest the server makes. */
const ZOOM_WIDTH = 1200;
/** How much the photo grows under the mouse. */
const HOVER_ZOOM = 2.2;
/** A horizontal swipe shorter than this is a tap or a scroll. */
const SWIPE_MIN_PX = 48;

const THUMB = { width: 160, height: 213 } as const;

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900';

export type GalleryProps = {
  /** the product's name, for the photos' text alternatives */
  name: string;
  images: readonly string[];
  /** the chosen colour's photo: the gallery turns to it whenever it changes */
  followImage?: string;
  /** the chosen colour's name, said with the photo */
  colourName?: string;
  className?: string;
};

const wrap = (index: number, count: number) => (count === 0 ? 0 : (index + count) % count);

/**
 * The product's photos: the main photo (loaded at once, with high priority), thumbnails below or
 * beside it (lazy; arrow keys move among them), a magnified view under the mouse on desktop, swipes
 * on touch screens, and a full-screen view on click or tap. The photo follows the chosen colour.
 */
export function Gallery({ name, images, followImage, colourName, className }: GalleryProps) {
  const count = images.length;
  const startAt = followImage ? Math.max(images.indexOf(followImage), 0) : 0;
  const [view, setView] = useState({ follows: followImage, index: startAt });
  // a new colour turns the gallery to its photo (state adjusted while rendering, not in an effect)
  if (view.follows !== followImage) {
    const at = followImage ? images.indexOf(followImage) : -1;
    setView({ follows: followImage, index: at >= 0 ? at : view.index });
  }
  const index = Math.min(view.index, Math.max(count - 1, 0));
  const show = (next: number) => setView((current) => ({ ...current, index: wrap(next, count) }));

  const [fullScreen, setFullScreen] = useState(false);
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const thumbsRef = useRef<HTMLUListElement>(null);

  const current = images[index];
  if (!current) {
    return (
      <div className={cx('flex aspect-[3/4] items-center justify-center rounded-md bg-gray-100', className)}>
        <span aria-hidden="true" className="font-display text-6xl text-gray-400">
          {name.charAt(0).toUpperCase()}
        </span>
      </div>
    );
  }

  const alt = `${name}${colourName ? `, ${colourName}` : ''}${count > 1 ? `, view ${index + 1} of ${count}` : ''}`;

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType !== 'mouse' || !window.matchMedia('(hover: hover)').matches) return;
    const box = event.currentTarget.getBoundingClientRect();
    setZoom({
      x: Math.min(Math.max(((event.clientX - box.left) / box.width) * 100, 0), 100),
      y: Math.min(Math.max(((event.clientY - box.top) / box.height) * 100, 0), 100),
    });
  };

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch || count < 2) return;
    const dx = touch.clientX - start.x;
    if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(touch.clientY - start.y)) return;
    show(dx < 0 ? index + 1 : index - 1);
  };

  const onThumbKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: count - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = wrap(target, count);
    show(next);
    thumbsRef.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };

  return (
    <div className={cx('flex flex-col gap-3 md:flex-row-reverse md:items-start', className)}>
      <div
        className="relative aspect-[3/4] w-full overflow-hidden rounded-md bg-gray-100 md:flex-1 [@media(hover:hover)]:cursor-zoom-in"
        onPointerMove={onPointerMove}
        onPointerLeave={() => setZoom(null)}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
      >
        <ProductImage
          url={current}
          alt={alt}
          {...PRODUCT_IMAGE_SIZE}
          sizes={GALLERY_MAIN_SIZES}
          eager
          className="absolute inset-0 size-full"
        />
        {zoom ? (
          <img
            src={productImageSrc(current, ZOOM_WIDTH)}
            alt=""
            aria-hidden="true"
            width={PRODUCT_IMAGE_SIZE.width}
            height={PRODUCT_IMAGE_SIZE.height}
            decoding="async"
            className="pointer-events-none absolute inset-0 size-full object-cover"
            style={{ transform: `scale(${HOVER_ZOOM})`, transformOrigin: `${zoom.x}% ${zoom.y}%` }}
          />
        ) : null}
        <button
          type="button"
          onClick={() => setFullScreen(true)}
          aria-haspopup="dialog"
          className="absolute inset-0 size-full focus-visible:outline-2 focus-visible:outline-offset-[-4px] focus-visible:outline-gray-900 [@media(hover:hover)]:cursor-zoom-in"
        >
          <span className="sr-only">
            {count > 1 ? `Zoom: open photo ${index + 1} of ${count} full screen` : 'Zoom: open the photo full screen'}
          </span>
        </button>
        {count > 1 ? (
          <>
            <StepButton direction="previous" onClick={() => show(index - 1)} className="left-2" />
            <StepButton direction="next" onClick={() => show(index + 1)} className="right-2" />
            <p
              aria-hidden="true"
              className="absolute right-2 bottom-2 rounded-full bg-white/90 px-2.5 py-1 text-xs font-medium text-gray-900 tabular-nums"
            >
              {index + 1} / {count}
            </p>
          </>
        ) : null}
      </div>

      {count > 1 ? (
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
                onClick={() => show(at)}
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
      ) : null}

      <FullScreenPhotos open={fullScreen} onOpenChange={setFullScreen} name={name} images={images} index={index} onShow={show} />
    </div>
  );
}

function StepButton({
  direction,
  onClick,
  className,
}: {
  direction: 'previous' | 'next';
  onClick: () => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      aria-label={direction === 'previous' ? 'Previous photo' : 'Next photo'}
      onClick={onClick}
      className={cx(
        'absolute top-1/2 inline-flex size-11 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-white/90 text-gray-950 shadow-sm hover:bg-white',
        focusRing,
        className,
      )}
    >
      <Chevron direction={direction} />
    </button>
  );
}

function Chevron({ direction }: { direction: 'previous' | 'next' }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={18}
      height={18}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={direction === 'previous' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
    </svg>
  );
}

/**
 * The photos full screen: the largest size, arrow keys and buttons to move, a click on the photo
 * to magnify it where it was clicked (the mouse then moves around it), Escape or Close to leave.
 */
function FullScreenPhotos({
  open,
  onOpenChange,
  name,
  images,
  index,
  onShow,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  name: string;
  images: readonly string[];
  index: number;
  onShow: (index: number) => void;
}) {
  const [magnified, setMagnified] = useState<{ x: number; y: number } | null>(null);
  const focus = useReturnFocus();
  const count = images.length;
  const current = images[index];
  if (!current) return null;

  const originOf = (event: MouseEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return {
      x: Math.min(Math.max(((event.clientX - box.left) / box.width) * 100, 0), 100),
      y: Math.min(Math.max(((event.clientY - box.top) / box.height) * 100, 0), 100),
    };
  };
  const move = (step: number) => {
    setMagnified(null);
    onShow(index + step);
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setMagnified(null);
        onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-gray-950/90 animate-fade-in" />
        <Dialog.Content
          className="fixed inset-0 z-50 flex flex-col bg-white outline-none animate-fade-in"
          {...focus}
          onKeyDown={(event) => {
            if (count < 2) return;
            if (event.key === 'ArrowRight') move(1);
            else if (event.key === 'ArrowLeft') move(-1);
          }}
        >
          <div className="flex items-center justify-between gap-4 border-b border-gray-200 px-4 py-2">
            <Dialog.Title className="min-w-0 truncate text-sm font-semibold text-gray-950">
              {name}
              {count > 1 ? (
                <span className="ml-2 font-normal text-gray-700 tabular-nums">
                  {index + 1} / {count}
                </span>
              ) : null}
            </Dialog.Title>
            <Dialog.Description className="sr-only">
              {count > 1 ? 'Use the arrow keys to see the other photos. ' : ''}Click the photo to magnify it.
            </Dialog.Description>
            <Dialog.Close
              className={cx(
                'inline-flex min-h-11 items-center gap-2 rounded-full px-4 text-sm font-semibold text-gray-950 hover:bg-gray-100',
                focusRing,
              )}
            >
              Close
              <svg viewBox="0 0 24 24" width={18} height={18} aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          <div className="relative min-h-0 flex-1 overflow-hidden bg-gray-50">
            <button
              type="button"
              aria-label={magnified ? 'Show the whole photo' : 'Magnify the photo'}
              aria-pressed={magnified !== null}
              onClick={(event) => {
                const origin = originOf(event);
                setMagnified((now) => (now ? null : origin));
              }}
              onPointerMove={(event) => {
                if (magnified && event.pointerType === 'mouse') setMagnified(originOf(event));
              }}
              className={cx('block size-full', magnified ? 'cursor-zoom-out' : 'cursor-zoom-in')}
            >
              <img
                key={current}
                src={productImageSrc(current, ZOOM_WIDTH)}
                alt={`${name}${count > 1 ? `, view ${index + 1} of ${count}` : ''}`}
                width={PRODUCT_IMAGE_SIZE.width}
                height={PRODUCT_IMAGE_SIZE.height}
                decoding="async"
                className="size-full object-contain transition-transform duration-200 motion-reduce:transition-none"
                style={magnified ? { transform: 'scale(2.5)', transformOrigin: `${magnified.x}% ${magnified.y}%` } : undefined}
              />
            </button>
            {count > 1 ? (
              <>
                <StepButton direction="previous" onClick={() => move(-1)} className="left-3" />
                <StepButton direction="next" onClick={() => move(1)} className="right-3" />
              </>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
