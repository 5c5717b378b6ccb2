import { TOAST_DURATION_MS } from '@shop/contracts';
import { type ComponentType, createElement, useEffect } from 'react';

/**
 * The spec's toasts (spec 8). The toast library is not part of a page's first load: it is imported
 * on the first toast, and root.tsx mounts its Toaster (`loadToaster`) right after hydration. A
 * toast fired before the Toaster is on screen waits for it, so none is lost.
 */

type ToastLibrary = typeof import('sonner');
type Kind = 'success' | 'error' | 'info';

let library: Promise<ToastLibrary> | null = null;
let resolveToasterReady: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => {
  resolveToasterReady = resolve;
});

/** The toast library, imported once; a failed import is tried again next time. */
function loadLibrary(): Promise<ToastLibrary> {
  library ??= import('sonner').catch((error: unknown) => {
    library = null;
    throw error;
  });
  return library;
}

/**
 * Called once the Toaster is mounted (or cannot be: its code did not arrive): the toasts waiting
 * for it are handed over now.
 */
export function releaseToasts() {
  resolveToasterReady();
}

/** The Toaster: top centre, TOAST_DURATION_MS, coloured by kind, with a close button. */
function ShopToaster({ library: { Toaster } }: { library: ToastLibrary }) {
  // the Toaster (a child) has subscribed to new toasts by the time this effect runs
  useEffect(releaseToasts, []);
  return createElement(Toaster, { position: 'top-center', duration: TOAST_DURATION_MS, richColors: true, closeButton: true });
}

/** The Toaster for React.lazy, with the toast library loaded. Once it is mounted, the toasts waiting for it are shown. */
export async function loadToaster(): Promise<{ default: ComponentType }> {
  const library = await loadLibrary();
  return { default: () => createElement(ShopToaster, { library }) };
}

/** Two frames: React has rendered the Toaster's new toast and the browser has painted it. */
const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

/** Resolves once the toast is on screen, or once it is clear that it cannot be shown. */
function show(kind: Kind, message: string): Promise<void> {
  // nothing to show while rendering on the server
  if (typeof window === 'undefined') return Promise.resolve();
  return Promise.all([loadLibrary(), toasterReady]).then(
    ([{ toast }]) => {
      toast[kind](message);
      return painted();
    },
    () => {
      // the toast library could not be fetched (offline): the message cannot be shown
    },
  );
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};
