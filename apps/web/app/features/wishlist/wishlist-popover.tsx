import { CART_POPOVER_CLOSE_DELAY_MS, Messages, WISHLIST_POPOVER_ITEMS } from '@shop/contracts';
import { Popover } from 'radix-ui';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { Price } from '../../components/product/price';
import { PRODUCT_IMAGE_SIZE } from '../../components/product/product-card';
import { ProductImage } from '../../components/product/product-image';
import { HoverPopoverPanel } from '../../components/ui/hover-popover-panel';
import { HeartIcon } from '../../components/ui/icons';
import { Skeleton } from '../../components/ui/skeleton';
import { focusRing } from '../../lib/cx';
import { type OpenedBy, useHoverPopover } from '../../lib/hover-popover';
import { useTakeOverFocus } from '../../lib/load-on-intent';
import { SIGN_IN_PATH } from '../../lib/paths';
import { productPath } from '../../lib/seo';
import { WISHLIST_HREF, wishlistButtonClass } from './wishlist-button';
import { useWishlist } from './wishlist-store';

const primaryLink = `inline-flex min-h-11 w-full items-center justify-center rounded-full bg-gray-950 px-5 text-sm font-semibold text-white hover:bg-gray-700 ${focusRing}`;

/**
 * spec 2 "Header": the wishlist's popover — the newest 9 of the shopper's favourites (of up to 200
 * fetched, spec 9) and a link to /ShoppingListMain/MyWishlist; 'Oops Your Wishlist is empty!' when
 * there are none. It opens like the bag's: on hover with a close delay, or on a press.
 */
export function WishlistPopover({ start, focusTrigger }: { start: OpenedBy | null; focusTrigger: boolean }) {
  const wishlist = useWishlist();
  const triggerRef = useTakeOverFocus(focusTrigger);
  const popover = useHoverPopover({ start, closeDelayMs: CART_POPOVER_CLOSE_DELAY_MS, trigger: triggerRef });
  const headingId = useId();
  const { open } = popover;
  const { refresh } = wishlist;
  const opened = useRef(false);

  // opened again: the list as it is now (another tab may have changed it); the first opening has just loaded it
  useEffect(() => {
    if (open && opened.current) void refresh();
    if (open) opened.current = true;
  }, [open, refresh]);

  const close = () => popover.onOpenChange(false);
  const shown = wishlist.items.slice(0, WISHLIST_POPOVER_ITEMS);

  return (
    <Popover.Root open={open} onOpenChange={popover.onOpenChange}>
      <Popover.Trigger
        ref={triggerRef}
        aria-label="Wishlist"
        className={wishlistButtonClass}
        onClick={popover.onTriggerClick}
        {...popover.hover}
      >
        <HeartIcon width={22} height={22} />
      </Popover.Trigger>
      <HoverPopoverPanel popover={popover} aria-labelledby={headingId} widthClass="w-[min(22rem,calc(100vw-1.5rem))]">
        <header className="flex items-baseline justify-between gap-3 border-b border-gray-100 px-4 py-3">
          <h2 id={headingId} className="text-base font-semibold text-gray-950">
            My Wishlist
          </h2>
          {wishlist.status === 'ready' && wishlist.total > 0 ? (
            <p className="text-sm text-gray-700">{wishlist.total === 1 ? '1 item' : `${wishlist.total} items`}</p>
          ) : null}
        </header>
        {wishlist.status === 'failed' ? (
          <div role="alert" className="px-4 py-8 text-center text-sm text-gray-800">
            Your wishlist could not be loaded. Please try again.
          </div>
        ) : wishlist.status !== 'ready' ? (
          <div className="px-4 py-4">
            <span role="status" className="sr-only">
              Loading your wishlist
            </span>
            <div aria-hidden="true" className="grid grid-cols-3 gap-3">
              {[0, 1, 2].map((cell) => (
                <Skeleton key={cell} className="aspect-[3/4] w-full" />
              ))}
            </div>
          </div>
        ) : shown.length === 0 ? (
          <div className="flex flex-col items-center gap-3 px-4 py-10 text-center">
            <p className="text-base font-medium text-gray-900">{Messages.emptyWishlist}</p>
            {wishlist.signedIn ? (
              <p className="text-sm text-gray-700">Tap the heart on anything you like to keep it here.</p>
            ) : (
              <Link to={SIGN_IN_PATH} onClick={close} className={primaryLink}>
                Sign in to see your wishlist
              </Link>
            )}
          </div>
        ) : (
          <>
            <ul className="grid min-h-0 grid-cols-3 gap-3 overflow-y-auto px-4 py-4" aria-label="Newest on your wishlist">
              {shown.map((item) => (
                <li key={item.id} className="flex min-w-0 flex-col gap-1">
                  <Link to={productPath(item.url)} onClick={close} className={`group flex flex-col gap-1 rounded ${focusRing}`}>
                    <span className="relative block aspect-[3/4] overflow-hidden rounded bg-gray-100">
                      {item.images[0] ? (
                        <ProductImage
                          url={item.images[0]}
                          alt=""
                          {...PRODUCT_IMAGE_SIZE}
                          sizes="100px"
                          className="absolute inset-0 size-full"
                        />
                      ) : null}
                    </span>
                    <span className="line-clamp-2 text-xs text-gray-900 group-hover:underline">{item.name}</span>
                  </Link>
                  <Price usd={item.min_price} className="text-xs font-semibold text-gray-950" />
                </li>
              ))}
            </ul>
            <footer className="border-t border-gray-100 px-4 py-4">
              <Link to={WISHLIST_HREF} onClick={close} className={primaryLink}>
                {wishlist.total > shown.length ? `View all ${wishlist.total}` : 'View wishlist'}
              </Link>
            </footer>
          </>
        )}
      </HoverPopoverPanel>
    </Popover.Root>
  );
}
