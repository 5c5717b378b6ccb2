import {
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import type { OnDemand } from './load-on-intent';

/**
 * spec 2 "Header" and spec 4: the bag and wishlist popovers open when the mouse rests on their
 * button and close a moment after it leaves (the bag about 1 s), open on a press for keyboards and
 * touch screens, and the bag opens by itself for a few seconds after an add.
 */

/** How a popover came to be open: a press moves the focus into it; hovering and opening by itself do not. */
export type OpenedBy = 'hover' | 'press' | 'auto';

/**
 * The header's plain button until the popover's code has arrived (imported on the first sign of
 * interest: the mouse over it, the focus on it, a press, or `openWhenLoaded`), then the module and
 * how the popover starts: open already when the shopper pressed, still hovers, or it was asked to.
 */
export function usePopoverCode<M>(code: OnDemand<M>) {
  const [arrived, setArrived] = useState<{ module: M; start: OpenedBy | null; focusTrigger: boolean } | null>(() => {
    const module = code.loaded();
    return module ? { module, start: null, focusTrigger: false } : null;
  });
  const wanted = useRef<OpenedBy | null>(null);
  const hovering = useRef(false);
  const button = useRef<HTMLButtonElement>(null);

  const load = useCallback(
    (want?: OpenedBy) => {
      if (want && wanted.current !== 'press') wanted.current = want;
      code.load().then(
        (module) => {
          const start = wanted.current === 'hover' && !hovering.current ? null : wanted.current;
          const focusTrigger = button.current !== null && button.current === document.activeElement;
          setArrived((now) => now ?? { module, start, focusTrigger });
        },
        () => {
          // offline: the button stays as it is, and the next sign of interest tries again
          wanted.current = null;
        },
      );
    },
    [code],
  );

  const trigger = {
    ref: button,
    type: 'button' as const,
    'aria-expanded': false,
    'aria-haspopup': 'dialog' as const,
    onPointerEnter: (event: PointerEvent<HTMLButtonElement>) => {
      if (event.pointerType !== 'mouse') return;
      hovering.current = true;
      load('hover');
    },
    onPointerLeave: () => {
      hovering.current = false;
    },
    onFocus: () => load(),
    // A press starts at the button going down: the code may arrive before the button comes up, and the
    // popover that replaces this button then opens as pressed (the click lands on neither button).
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
      if (event.button === 0) load('press');
    },
    onClick: () => load('press'),
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        load('press');
      }
    },
  };
  return { arrived, trigger, openWhenLoaded: load };
}

/**
 * The open state of a header popover: opened by hover (closing `closeDelayMs` after the mouse
 * leaves the button and the popover), by a press (closing on a press outside, Escape or the button),
 * or by itself for a while (`openFor`). `pinned` keeps it open (a confirmation dialog above it).
 */
export function useHoverPopover({
  start,
  closeDelayMs,
  pinned = false,
  trigger,
}: {
  start: OpenedBy | null;
  closeDelayMs: number;
  pinned?: boolean;
  /** the button the focus goes back to when a pressed-open popover closes */
  trigger: RefObject<HTMLElement | null>;
}) {
  const [open, setOpen] = useState(start !== null);
  const openedBy = useRef<OpenedBy>(start ?? 'press');
  const timer = useRef<number | undefined>(undefined);
  const pinnedRef = useRef(pinned);
  pinnedRef.current = pinned;

  const cancelClose = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
  }, []);
  const closeAfter = useCallback(
    (ms: number) => {
      cancelClose();
      timer.current = window.setTimeout(() => {
        if (!pinnedRef.current) setOpen(false);
      }, ms);
    },
    [cancelClose],
  );
  useEffect(() => cancelClose, [cancelClose]);

  /** Opens without taking the focus, and closes again after `ms` unless the mouse comes in. */
  const openFor = useCallback(
    (ms: number) => {
      if (open && openedBy.current === 'press') return;
      openedBy.current = 'auto';
      setOpen(true);
      closeAfter(ms);
    },
    [open, closeAfter],
  );

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    cancelClose();
    if (!open) {
      openedBy.current = 'hover';
      setOpen(true);
    }
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse' || !open || openedBy.current === 'press') return;
    closeAfter(closeDelayMs);
  };

  return {
    open,
    openedBy,
    openFor,
    /** for Popover.Root: a press outside, Escape or the button closes; the button opens as a press */
    onOpenChange: (next: boolean) => {
      cancelClose();
      if (next) openedBy.current = 'press';
      if (!next && pinnedRef.current) return;
      setOpen(next);
    },
    /** for the trigger: while open by hover, a click keeps it open (pressed) rather than closing it */
    onTriggerClick: (event: MouseEvent) => {
      if (open && openedBy.current !== 'press') {
        event.preventDefault();
        cancelClose();
        openedBy.current = 'press';
      }
    },
    /** on the trigger and on the popover */
    hover: { onPointerEnter, onPointerLeave },
    /** the focus moves into the popover only when it was pressed open (and back to the button when closed) */
    onOpenAutoFocus: (event: Event) => {
      if (openedBy.current !== 'press') event.preventDefault();
    },
    onCloseAutoFocus: (event: Event) => {
      // The button itself, not whatever had the focus when the popover's code arrived: a popover
      // loaded on the first press replaced the button that was pressed.
      event.preventDefault();
      if (openedBy.current === 'press') trigger.current?.focus();
    },
  };
}
