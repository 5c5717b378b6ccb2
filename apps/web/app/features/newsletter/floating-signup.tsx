import { SIGNUP_OFFER_USD } from '@shop/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { CloseIcon } from '../../components/ui/icons';
import { cx, focusRing } from '../../lib/cx';
import { NewsletterForm } from './newsletter-form';

/**
 * spec 2: the floating signup widget, repeating the footer's $10 e-mail offer: a tab on the left
 * edge that opens a small panel with the sign-up form (Escape or the close button closes it, and
 * the focus returns to the tab).
 */
export default function FloatingSignup() {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const tab = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (open) panel.current?.querySelector('input')?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    tab.current?.focus();
  };

  return (
    <div className="print:hidden">
      <button
        ref={tab}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className={cx(
          'fixed top-1/2 left-0 z-30 -translate-y-1/2 rounded-r-md bg-gray-900 px-1.5 py-2.5 text-xs md:px-2 md:py-3 font-semibold tracking-wide text-white shadow-lg [writing-mode:vertical-rl] hover:bg-gray-700 rotate-180',
          focusRing,
        )}
      >
        Get ${SIGNUP_OFFER_USD}
      </button>
      {open ? (
        <section
          ref={panel}
          id={panelId}
          aria-labelledby={`${panelId}-title`}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
          className="fixed top-1/2 left-10 z-40 w-[min(20rem,calc(100vw-3.5rem))] -translate-y-1/2 rounded-xl border border-gray-200 bg-white p-4 shadow-[0_8px_30px_rgb(0_0_0/0.16)]"
        >
          <div className="mb-2 flex items-start justify-between gap-2">
            <h2 id={`${panelId}-title`} className="text-base font-semibold text-gray-950">
              ${SIGNUP_OFFER_USD} off with our newsletter
            </h2>
            <button
              type="button"
              aria-label="Close"
              onClick={close}
              className={cx(
                '-mt-2 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-gray-100',
                focusRing,
              )}
            >
              <CloseIcon width={20} height={20} />
            </button>
          </div>
          <NewsletterForm source="floating" />
        </section>
      ) : null}
    </div>
  );
}
