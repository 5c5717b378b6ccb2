import { lazy, Suspense, useRef, useState } from 'react';
import { PRODUCT_IMAGE_SIZE } from '../../components/product/product-card';
import { ProductImage, productImageSrc } from '../../components/product/product-image';
import { cx } from '../../lib/cx';
import { GalleryThumbs, wrap } from './gallery-thumbs';
import { StepButton } from './step-button';
import { usePhotoGestures } from './use-photo-gestures';

/** The rendered width of the main photo per breakpoint (the page's grid), for choosing its size. */
export const GALLERY_MAIN_SIZES = '(min-width: 1280px) 560px, (min-width: 768px) 45vw, 100vw';
/** The width the zoomed photo is fetched at: the largest the server makes. */
export const ZOOM_WIDTH = 1200;
/** How much the photo grows under the mouse. */
const HOVER_ZOOM = 2.2;

const loadFullScreen = () => import('./full-screen-photos');
const FullScreenPhotos = lazy(loadFullScreen);
const preloadFullScreen = () => {
  loadFullScreen().catch(() => {
    // fetched again when the view is opened
  });
};

export type GalleryProps = {
  /** the product's name, for the photos' text alternatives */
  name: string;
  images: readonly string[];
  /** each photo's own text alternative, where staff wrote one */
  alts?: readonly string[];
  /** the chosen colour's photo: the gallery turns to it whenever it changes */
  followImage?: string;
  /** the chosen colour's name, said with the photo */
  colourName?: string;
  className?: string;
};

/**
 * The product's photos: the main photo (loaded at once, with high priority), thumbnails below or
 * beside it (lazy; arrow keys move among them), a magnified view under the mouse on desktop, swipes
 * on touch screens, and a full-screen view on click or tap. The photo follows the chosen colour.
 */
export function Gallery({ name, images, alts, followImage, colourName, className }: GalleryProps) {
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
  // once opened, the view stays mounted, so closing it returns focus as a dialog should
  const fullScreenLoaded = useRef(false);
  if (fullScreen) fullScreenLoaded.current = true;
  // a swipe turns the photos only when there are several
  const { zoom, handlers } = usePhotoGestures((step) => {
    if (count > 1) show(index + step);
  });

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

  const alt =
    alts?.[index] || `${name}${colourName ? `, ${colourName}` : ''}${count > 1 ? `, view ${index + 1} of ${count}` : ''}`;

  return (
    <div className={cx('flex flex-col gap-3 md:flex-row-reverse md:items-start', className)}>
      <div
        className="relative aspect-[3/4] w-full overflow-hidden rounded-md bg-gray-100 md:flex-1 [@media(hover:hover)]:cursor-zoom-in"
        {...handlers}
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
          onPointerEnter={preloadFullScreen}
          onFocus={preloadFullScreen}
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

      {count > 1 ? <GalleryThumbs images={images} index={index} onShow={show} /> : null}

      {fullScreen || fullScreenLoaded.current ? (
        // the full-screen view's code (a dialog) is fetched when it is first opened, or when the pointer comes near
        <Suspense fallback={null}>
          <FullScreenPhotos
            open={fullScreen}
            onOpenChange={setFullScreen}
            name={name}
            images={images}
            index={index}
            onShow={show}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
