import { type PointerEvent, type TouchEvent, useRef, useState } from 'react';

/** A horizontal swipe shorter than this is a tap or a scroll. */
const SWIPE_MIN_PX = 48;

/** Where in the photo a point is, in percent of its width and height, kept inside it. */
export function pointIn(box: Pick<DOMRect, 'left' | 'top' | 'width' | 'height'>, x: number, y: number) {
  return {
    x: Math.min(Math.max(((x - box.left) / box.width) * 100, 0), 100),
    y: Math.min(Math.max(((y - box.top) / box.height) * 100, 0), 100),
  };
}

/**
 * The main photo's gestures: the point under a hovering mouse, for the magnified view, and a
 * horizontal swipe on a touch screen, which turns to the next or the previous photo.
 */
export function usePhotoGestures(onSwipe: (step: 1 | -1) => void) {
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  const touchStart = useRef<{ x: number; y: number } | null>(null);

  const handlers = {
    onPointerMove: (event: PointerEvent<HTMLDivElement>) => {
      if (event.pointerType !== 'mouse' || !window.matchMedia('(hover: hover)').matches) return;
      setZoom(pointIn(event.currentTarget.getBoundingClientRect(), event.clientX, event.clientY));
    },
    onPointerLeave: () => setZoom(null),
    onTouchStart: (event: TouchEvent) => {
      const touch = event.touches[0];
      touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd: (event: TouchEvent) => {
      const start = touchStart.current;
      const touch = event.changedTouches[0];
      touchStart.current = null;
      if (!start || !touch) return;
      const dx = touch.clientX - start.x;
      if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(touch.clientY - start.y)) return;
      onSwipe(dx < 0 ? 1 : -1);
    },
  };
  return { zoom, handlers };
}
