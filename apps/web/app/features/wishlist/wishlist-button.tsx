import { HeartIcon } from '../../components/ui/icons';
import { focusRing } from '../../lib/cx';
import { usePopoverCode } from '../../lib/hover-popover';
import { onDemand } from '../../lib/load-on-intent';

const popover = onDemand(() => import('./wishlist-popover'));

export const WISHLIST_HREF = '/ShoppingListMain/MyWishlist';
export const wishlistButtonClass = `inline-flex size-11 items-center justify-center rounded-md text-gray-900 hover:bg-gray-100 data-[state=open]:bg-gray-100 ${focusRing}`;

/**
 * spec 2 "Header": the wishlist's button; its popover (up to 9 items, a link to MyWishlist) is
 * loaded when the shopper shows interest.
 */
export function WishlistButton() {
  const { arrived, trigger } = usePopoverCode(popover);
  if (arrived) {
    const { WishlistPopover } = arrived.module;
    return <WishlistPopover start={arrived.start} focusTrigger={arrived.focusTrigger} />;
  }
  return (
    <button {...trigger} aria-label="Wishlist" className={wishlistButtonClass}>
      <HeartIcon width={22} height={22} />
    </button>
  );
}
