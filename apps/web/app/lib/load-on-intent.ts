import { type KeyboardEvent, type PointerEvent, useLayoutEffect, useRef, useState } from 'react';

/**
 * The header's menus are not part of a page's first load. The server renders each trigger as a
 * plain button; the menu's code is imported when the shopper shows an intent to use it (pointer
 * over the trigger, focus on it, a press), then the real menu takes the trigger's place. A press
 * that came before the code is honoured: the menu opens as soon as it arrives.
 */

/** Code imported on first use and kept for the rest of the visit. */
export type OnDemand<M> = { readonly loaded: () => M | null; readonly load: () => Promise<M> };

export function onDemand<M>(importer: () => Promise<M>): OnDemand<M> {
  let module: M | null = null;
  let pending: Promise<M> | null = null;
  return {
    loaded: () => module,
    load: () => {
      pending ??= importer().then(
        (value) => {
          module = value;
          return value;
        },
        (error: unknown) => {
          // tried again on the next intent
          pending = null;
          throw error;
        },
      );
      return pending;
    },
  };
}

/** How the real menu starts: opened when the shopper already pressed the trigger, focused when it had the focus. */
export type Takeover = { initialOpen: boolean; focusTrigger: boolean };

/**
 * The plain trigger's props until `code` has arrived, then the module and how the real menu starts.
 * The trigger starts the import on pointer enter and focus, and asks for the menu to open on a
 * press (primary pointer down, click, Enter, Space or Arrow Down).
 */
export function useLoadOnIntent<M>(code: OnDemand<M>) {
  const [arrived, setArrived] = useState<(Takeover & { module: M }) | null>(() => {
    const module = code.loaded();
    return module ? { module, initialOpen: false, focusTrigger: false } : null;
  });
  const button = useRef<HTMLButtonElement>(null);
  const wantsOpen = useRef(false);

  const start = () => {
    code.load().then(
      (module) => {
        const initialOpen = wantsOpen.current;
        const focusTrigger = button.current !== null && button.current === document.activeElement;
        setArrived((now) => now ?? { module, initialOpen, focusTrigger });
      },
      () => {
        // offline: the trigger stays as it is, and the next intent tries again
        wantsOpen.current = false;
      },
    );
  };
  const requestOpen = () => {
    wantsOpen.current = true;
    start();
  };

  const trigger = {
    ref: button,
    type: 'button' as const,
    'aria-expanded': false,
    onPointerEnter: start,
    onFocus: start,
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
      if (event.button === 0 && !event.ctrlKey) requestOpen();
    },
    onClick: requestOpen,
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        requestOpen();
      }
    },
  };
  return { arrived, trigger };
}

/** Gives the real trigger the focus its plain stand-in had, before anything the menu focuses on opening. */
export function useTakeOverFocus(focusTrigger: boolean) {
  const ref = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (focusTrigger) ref.current?.focus();
  }, [focusTrigger]);
  return ref;
}
