import { type KeyboardEvent, type PointerEvent, useCallback, useRef, useState } from 'react';

/** A press that moves less than this is a click, not a drag. */
const DRAG_THRESHOLD_PX = 5;
/** Arrow keys move by this much, Shift + arrow by four times as much. */
const KEY_STEP_PX = 20;

export type Offset = { x: number; y: number };

/** Keeps a box moved by `offset` (from where it sits at rest, `rest`) inside the window. */
export function clampOffset(
  offset: Offset,
  rest: DOMRect | { left: number; top: number; width: number; height: number },
  viewport: { width: number; height: number },
): Offset {
  const minX = -rest.left;
  const maxX = viewport.width - rest.left - rest.width;
  const minY = -rest.top;
  const maxY = viewport.height - rest.top - rest.height;
  return {
    x: Math.round(Math.min(Math.max(offset.x, minX), Math.max(minX, maxX))),
    y: Math.round(Math.min(Math.max(offset.y, minY), Math.max(minY, maxY))),
  };
}

/**
 * Lets an element fixed on the page be moved with the pointer (by a handle) and with the arrow keys
 * (when the handle has the focus). The element is shifted with a transform from where it rests, and
 * never leaves the window.
 */
export function useDraggable<E extends HTMLElement>() {
  const element = useRef<E>(null);
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 });
  const drag = useRef<{ id: number; startX: number; startY: number; from: Offset; rest: DOMRect; moved: boolean } | null>(null);
  const justDragged = useRef(false);

  /** Where the element would sit without the offset. */
  const restRect = useCallback((current: Offset) => {
    const rect = element.current?.getBoundingClientRect();
    if (!rect) return null;
    return new DOMRect(rect.left - current.x, rect.top - current.y, rect.width, rect.height);
  }, []);

  const viewport = () => ({ width: window.innerWidth, height: window.innerHeight });

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0 || (event.target as HTMLElement).closest('[data-no-drag]')) return;
    const rest = restRect(offset);
    if (!rest) return;
    drag.current = { id: event.pointerId, startX: event.clientX, startY: event.clientY, from: offset, rest, moved: false };
    justDragged.current = false;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || current.id !== event.pointerId) return;
    const dx = event.clientX - current.startX;
    const dy = event.clientY - current.startY;
    if (!current.moved) {
      if (Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
      current.moved = true;
    }
    setOffset(clampOffset({ x: current.from.x + dx, y: current.from.y + dy }, current.rest, viewport()));
  };

  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || current.id !== event.pointerId) return;
    drag.current = null;
    justDragged.current = current.moved;
    if (event.currentTarget.hasPointerCapture?.(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const step = event.shiftKey ? KEY_STEP_PX * 4 : KEY_STEP_PX;
    const moves: Record<string, Offset> = {
      ArrowLeft: { x: -step, y: 0 },
      ArrowRight: { x: step, y: 0 },
      ArrowUp: { x: 0, y: -step },
      ArrowDown: { x: 0, y: step },
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const rest = restRect(offset);
    if (!rest) return;
    setOffset(clampOffset({ x: offset.x + move.x, y: offset.y + move.y }, rest, viewport()));
  };

  /** True once after a drag ended: the click that follows is not a press of the control. */
  const consumeDrag = () => {
    const dragged = justDragged.current;
    justDragged.current = false;
    return dragged;
  };

  const style = offset.x || offset.y ? { transform: `translate(${offset.x}px, ${offset.y}px)` } : undefined;
  const handle = { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp, onKeyDown };
  return { element, style, handle, consumeDrag, offset };
}
