import { Dialog } from 'radix-ui';
import { type MouseEvent, useState } from 'react';
import { PRODUCT_IMAGE_SIZE } from '../../components/product/product-card';
import { productImageSrc } from '../../components/product/product-image';
import { cx, focusRing } from '../../lib/cx';
import { ZOOM_WIDTH } from './gallery';
import { useReturnFocus } from './return-focus';
import { StepButton } from './step-button';

/**
 * The photos full screen: the largest size, arrow keys and buttons to move, a click on the photo
 * to magnify it where it was clicked (the mouse then moves around it), Escape or Close to leave.
 */
export default function FullScreenPhotos({
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
