import { SHOP_NAME } from '@shop/contracts';
import { MyCoupons } from '../features/coupons/my-coupons';

export const meta = () => [{ title: `My Coupons | ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];

/** /ShoppingListMain/MyCoupons (spec 2, named route myCoupons; guarded): the shopper's coupons and the coupon centre. */
export default function MyCouponsRoute() {
  return <MyCoupons />;
}
