import { SCROLL_BUTTONS_DEBOUNCE_MS, SCROLL_BUTTONS_THRESHOLD_PX } from '@shop/contracts';
import { Popover } from 'radix-ui';
import { useEffect, useState } from 'react';
import { CloseIcon } from '../../components/ui/icons';
import { cx, focusRing } from '../../lib/cx';
import { AppQrCode, AppStoreLinks } from './app-links';
import type { SiteLinks } from './site-links';

const roundButton = `inline-flex size-12 items-center justify-center rounded-full border border-gray-300 bg-white text-gray-900 shadow-lg hover:border-gray-900 ${focusRing}`;

/** spec 9: shown once the page is scrolled more than 300 px, measured 100 ms after the scrolling stops. */
export function useScrolledPast(threshold = SCROLL_BUTTONS_THRESHOLD_PX, debounceMs = SCROLL_BUTTONS_DEBOUNCE_MS): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    let timer = 0;
    const measure = () => setPast(window.scrollY > threshold);
    const onScroll = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(measure, debounceMs);
    };
    measure();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.clearTimeout(timer);
    };
  }, [threshold, debounceMs]);
  return past;
}

/**
 * spec 2 "Footer and floating widgets", spec 9: the back-to-top and app-QR buttons, above the chat's
 * launcher, shown only after more than 300 px of scrolling. Back to top also moves the focus to the
 * page's start, so a keyboard user continues from there.
 */
export default function ScrollButtons({ apps }: { apps: SiteLinks['apps'] }) {
  const shown = useScrolledPast();
  const [qrOpen, setQrOpen] = useState(false);
  if (!shown) return null;
  const toTop = () => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
    document.getElementById('main')?.focus({ preventScroll: true });
  };
  return (
    <div className="fixed right-4 bottom-44 z-30 flex flex-col gap-3 md:right-6 md:bottom-28 print:hidden">
      {apps.qr_code ? (
        <Popover.Root open={qrOpen} onOpenChange={setQrOpen}>
          <Popover.Trigger asChild>
            <button type="button" className={roundButton} aria-label="Get our app: show its QR code">
              <svg
                viewBox="0 0 24 24"
                width={22}
                height={22}
                aria-hidden="true"
                fill="none"
                stroke="currentColor"
                strokeWidth={1.7}
              >
                <rect x="3.5" y="3.5" width="6.5" height="6.5" rx="1" />
                <rect x="14" y="3.5" width="6.5" height="6.5" rx="1" />
                <rect x="3.5" y="14" width="6.5" height="6.5" rx="1" />
                <path d="M14 14h2.5v2.5H14zM18 18h2.5v2.5H18zM14 18.5v2M18.5 14h2" />
              </svg>
            </button>
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content
              side="left"
              align="end"
              sideOffset={10}
              collisionPadding={8}
              aria-label="Our app"
              className="z-50 flex w-60 flex-col items-center gap-3 rounded-xl border border-gray-200 bg-white p-4 text-center shadow-[0_12px_48px_rgb(0_0_0/0.24)]"
            >
              <div className="flex w-full items-start justify-between">
                <p className="pt-2 text-sm font-semibold text-gray-950">Scan to get our app</p>
                <Popover.Close
                  aria-label="Close"
                  className="-mr-2 inline-flex size-11 items-center justify-center rounded-md hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-gray-900"
                >
                  <CloseIcon width={18} height={18} />
                </Popover.Close>
              </div>
              <AppQrCode src={apps.qr_code} size={160} />
              <AppStoreLinks apps={apps} />
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      ) : null}
      <button type="button" onClick={toTop} className={cx(roundButton)} aria-label="Back to top">
        <svg viewBox="0 0 24 24" width={22} height={22} aria-hidden="true" fill="none" stroke="currentColor" strokeWidth={1.8}>
          <path d="M12 19V5M5.5 11.5 12 5l6.5 6.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
    </div>
  );
}
