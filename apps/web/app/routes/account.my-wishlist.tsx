import { SHOP_NAME } from '@shop/contracts';
import { WishlistPage } from '../features/wishlist/wishlist-page';

export const meta = () => [{ title: `My Wishlist | ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];

/** /ShoppingListMain/MyWishlist (spec 2; guarded by the account layout, spec 6). */
export default function MyWishlist() {
  return <WishlistPage />;
}
