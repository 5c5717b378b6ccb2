import { CART_POPOVER_CLOSE_DELAY_MS, Messages } from '@shop/contracts';
import type { TCartItem } from '@shop/contracts/cart';
import { CART_OPEN_AFTER_ADD_MS, specParts } from '@shop/contracts/cart-rules';
import { AlertDialog, Popover } from 'radix-ui';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Price } from '../../components/product/price';
import { PRODUCT_IMAGE_SIZE } from '../../components/product/product-card';
import { ProductImage } from '../../components/product/product-image';
import { HoverPopoverPanel } from '../../components/ui/hover-popover-panel';
import { CloseIcon } from '../../components/ui/icons';
import { Skeleton } from '../../components/ui/skeleton';
import { cx, focusRing } from '../../lib/cx';
import { type OpenedBy, useHoverPopover } from '../../lib/hover-popover';
import { useTakeOverFocus } from '../../lib/load-on-intent';
import { productPath } from '../../lib/seo';
import { BagButtonFace, bagButtonClass, bagLabel } from './cart-button';
import { onCartAdded, useCart } from './cart-store';

/** spec 2 "Header": view cart goes to the cart and checkout page. */
export const VIEW_CART_HREF = '/order';

const primaryLink = `inline-flex min-h-11 flex-1 items-center justify-center rounded-full bg-gray-950 px-5 text-sm font-semibold text-white hover:bg-gray-700 ${focusRing}`;
const secondaryButton = `inline-flex min-h-11 items-center justify-center rounded-full border border-gray-300 px-5 text-sm font-semibold text-gray-950 hover:border-gray-950 disabled:cursor-wait disabled:text-gray-500 ${focusRing}`;

/**
 * spec 2 "Header" and spec 4 "Cart": the bag's popover. It opens when the mouse rests on the bag
 * and closes about 1 s after it leaves, opens on a press (keyboard, touch), and opens briefly after
 * an add. It lists each line with its name, photo, price, colour and size; 'View cart' goes to
 * /order; clearing asks 'Are you sure you want to delete cart?' (spec 5).
 */
export function CartPopover({ start, focusTrigger }: { start: OpenedBy | null; focusTrigger: boolean }) {
  const cart = useCart();
  const [confirming, setConfirming] = useState(false);
  const triggerRef = useTakeOverFocus(focusTrigger);
  const popover = useHoverPopover({ start, closeDelayMs: CART_POPOVER_CLOSE_DELAY_MS, pinned: confirming, trigger: triggerRef });
  const { openFor, open } = popover;

  // spec 4: adding opens the bag briefly (the store has already reloaded it)
  useEffect(() => onCartAdded(() => openFor(CART_OPEN_AFTER_ADD_MS)), [openFor]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only how it started, once
  useEffect(() => {
    if (start === 'auto') openFor(CART_OPEN_AFTER_ADD_MS);
  }, []);
  // opened by the shopper: the bag as it is now (another tab may have changed it)
  const { refresh } = cart;
  const openedBy = popover.openedBy;
  useEffect(() => {
    if (open && openedBy.current !== 'auto') void refresh();
  }, [open, openedBy, refresh]);

  return (
    <Popover.Root open={open} onOpenChange={popover.onOpenChange}>
      <Popover.Trigger
        ref={triggerRef}
        aria-label={bagLabel(cart)}
        className={bagButtonClass}
        onClick={popover.onTriggerClick}
        {...popover.hover}
      >
        <BagButtonFace pieces={cart.pieces} />
      </Popover.Trigger>
      <HoverPopoverPanel popover={popover} aria-label="Shopping bag" widthClass="w-[min(24rem,calc(100vw-1.5rem))]">
        <BagPanel cart={cart} confirming={confirming} setConfirming={setConfirming} onLeave={() => popover.onOpenChange(false)} />
      </HoverPopoverPanel>
    </Popover.Root>
  );
}

type Cart = ReturnType<typeof useCart>;

function BagPanel({
  cart,
  confirming,
  setConfirming,
  onLeave,
}: {
  cart: Cart;
  confirming: boolean;
  setConfirming: (value: boolean) => void;
  /** a link was followed: the popover closes */
  onLeave: () => void;
}) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [clearing, setClearing] = useState(false);
  const ready = cart.status === 'ready';
  const empty = useRef(cart.items.length === 0);
  empty.current = cart.items.length === 0;

  const clear = async () => {
    setClearing(true);
    try {
      await cart.clear();
    } finally {
      setClearing(false);
      setConfirming(false);
    }
  };

  return (
    <AlertDialog.Root open={confirming} onOpenChange={setConfirming}>
      <section aria-labelledby={headingId} className="flex min-h-0 flex-col">
        <header className="flex items-baseline justify-between gap-3 border-b border-gray-100 px-4 py-3">
          <h2 ref={headingRef} id={headingId} tabIndex={-1} className="text-base font-semibold text-gray-950 outline-none">
            Shopping bag
          </h2>
          {ready && cart.pieces > 0 ? (
            <p className="text-sm text-gray-700">{cart.pieces === 1 ? '1 item' : `${cart.pieces} items`}</p>
          ) : null}
        </header>

        {cart.status === 'failed' ? (
          <div role="alert" className="flex flex-col items-center gap-3 px-4 py-8 text-center">
            <p className="text-sm text-gray-800">Your bag could not be loaded.</p>
            <button type="button" onClick={() => void cart.refresh()} className={secondaryButton}>
              Try again
            </button>
          </div>
        ) : !ready ? (
          <div className="px-4 py-4">
            <span role="status" className="sr-only">
              Loading your bag
            </span>
            <div aria-hidden="true" className="flex flex-col gap-4">
              {[0, 1].map((row) => (
                <div key={row} className="flex gap-3">
                  <Skeleton className="h-20 w-15 shrink-0" />
                  <div className="flex flex-1 flex-col gap-2 pt-1">
                    <Skeleton className="h-4 w-4/5" />
                    <Skeleton className="h-3 w-2/5" />
                    <Skeleton className="h-4 w-1/4" />
                  </div>
                </div>
              ))}
            </div>
          </div>
        ) : cart.items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-4 py-10 text-center">
            <p className="text-base font-medium text-gray-900">{Messages.emptyBag}</p>
            <p className="text-sm text-gray-700">Add something you love and it will wait for you here.</p>
          </div>
        ) : (
          <>
            <ul className="min-h-0 flex-1 divide-y divide-gray-100 overflow-y-auto px-4" aria-label="Items in your bag">
              {cart.items.map((item) => (
                <BagLine key={item.id} item={item} onRemove={() => void cart.remove(item.id)} onLeave={onLeave} />
              ))}
            </ul>
            <footer className="flex flex-col gap-3 border-t border-gray-100 px-4 py-4">
              <p className="flex items-baseline justify-between text-sm">
                <span className="text-gray-700">Subtotal</span>
                <Price usd={cart.subtotal} className="text-base font-semibold text-gray-950" />
              </p>
              <div className="flex gap-2">
                <Link to={VIEW_CART_HREF} onClick={onLeave} className={primaryLink}>
                  View cart
                </Link>
                <AlertDialog.Trigger className={secondaryButton}>Clear</AlertDialog.Trigger>
              </div>
            </footer>
          </>
        )}
      </section>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-gray-950/50 animate-fade-in" />
        <AlertDialog.Content
          onCloseAutoFocus={(event) => {
            // the Clear button is gone once the bag is empty: the bag's heading takes the focus
            if (empty.current) {
              event.preventDefault();
              headingRef.current?.focus();
            }
          }}
          className="fixed top-1/2 left-1/2 z-[60] w-[min(26rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl outline-none animate-fade-in"
        >
          <AlertDialog.Title className="text-lg font-semibold text-gray-950">{Messages.confirmClearCart}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-gray-700">
            Every item will be removed from your bag.
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className={secondaryButton}>Cancel</AlertDialog.Cancel>
            <button
              type="button"
              onClick={() => void clear()}
              disabled={clearing}
              aria-busy={clearing || undefined}
              className={`inline-flex min-h-11 items-center justify-center rounded-full bg-gray-950 px-6 text-sm font-semibold text-white hover:bg-gray-700 disabled:cursor-wait disabled:bg-gray-500 ${focusRing}`}
            >
              Confirm
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** One line: photo, name (to the product), colour and size, price and quantity, and a remove button. */
function BagLine({ item, onRemove, onLeave }: { item: TCartItem; onRemove: () => void; onLeave: () => void }) {
  const { color, size } = specParts(item.sku.spec);
  const nameId = useId();
  return (
    <li className="relative flex gap-3 py-3">
      <div className="relative h-20 w-15 shrink-0 overflow-hidden rounded bg-gray-100">
        {item.sku.image ? (
          <ProductImage url={item.sku.image} alt="" {...PRODUCT_IMAGE_SIZE} sizes="60px" className="absolute inset-0 size-full" />
        ) : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5 pr-8">
        <Link
          id={nameId}
          to={productPath(item.goods.url)}
          onClick={onLeave}
          className={`line-clamp-2 text-sm font-medium text-gray-950 underline-offset-4 hover:underline ${focusRing}`}
        >
          {item.goods.name}
        </Link>
        <p className="text-xs text-gray-700">
          {color ? <span>Colour: {color}</span> : null}
          {color && size ? <span aria-hidden="true"> · </span> : null}
          {size ? <span>Size: {size}</span> : null}
        </p>
        <p className="flex items-baseline gap-2 text-sm">
          <Price usd={item.sku.price} className="font-semibold text-gray-950" />
          <span className="text-xs text-gray-700">× {item.num}</span>
        </p>
        {item.message ? <p className={cx('text-xs font-semibold text-sale')}>{item.message}</p> : null}
      </div>
      <button
        type="button"
        onClick={onRemove}
        aria-label="Remove from bag"
        aria-describedby={nameId}
        className={`absolute top-2 right-0 inline-flex size-9 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100 hover:text-gray-950 ${focusRing}`}
      >
        <CloseIcon width={16} height={16} />
      </button>
    </li>
  );
}
