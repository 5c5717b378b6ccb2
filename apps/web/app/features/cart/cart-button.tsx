import { useEffect } from 'react';
import { BagIcon } from '../../components/ui/icons';
import { cx, focusRing } from '../../lib/cx';
import { usePopoverCode } from '../../lib/hover-popover';
import { onDemand } from '../../lib/load-on-intent';
import { onCartAdded, useCart } from './cart-store';

const popover = onDemand(() => import('./cart-popover'));

export const bagButtonClass = `relative inline-flex size-11 items-center justify-center rounded-md text-gray-900 hover:bg-gray-100 data-[state=open]:bg-gray-100 ${focusRing}`;

/** What the bag's button says to a screen reader: the count it shows, once the bag is known. */
export function bagLabel({ status, pieces }: { status: string; pieces: number }) {
  if (status !== 'ready') return 'Shopping bag';
  return pieces === 0 ? 'Shopping bag, empty' : `Shopping bag, ${pieces} ${pieces === 1 ? 'item' : 'items'}`;
}

/** The bag's icon and its count badge (the count is in the button's name too). */
export function BagButtonFace({ pieces }: { pieces: number }) {
  return (
    <>
      <BagIcon width={22} height={22} />
      {pieces > 0 ? (
        <span
          aria-hidden="true"
          data-testid="bag-count"
          className={cx(
            'absolute top-0.5 right-0 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-gray-950 px-1 text-[11px] leading-none font-semibold text-white tabular-nums',
          )}
        >
          {pieces > 99 ? '99+' : pieces}
        </span>
      ) : null}
    </>
  );
}

/**
 * spec 2 "Header": the bag's button with its count. The popover's code (cart-popover) is loaded when
 * the shopper shows interest, or when something is added (spec 4: the bag then opens briefly).
 */
export function CartButton() {
  const cart = useCart();
  const { arrived, trigger, openWhenLoaded } = usePopoverCode(popover);
  useEffect(() => onCartAdded(() => openWhenLoaded('auto')), [openWhenLoaded]);

  if (arrived) {
    const { CartPopover } = arrived.module;
    return <CartPopover start={arrived.start} focusTrigger={arrived.focusTrigger} />;
  }
  return (
    <button {...trigger} aria-label={bagLabel(cart)} className={bagButtonClass}>
      <BagButtonFace pieces={cart.pieces} />
    </button>
  );
}
