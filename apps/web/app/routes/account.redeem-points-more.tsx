import { SHOP_NAME } from '@shop/contracts';
import { RedeemPoints } from '../features/coupons/redeem-points';
import { RequireSignIn } from '../features/orders/require-sign-in';

export const meta = () => [{ title: `Redeem Points | ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];

/**
 * /ShoppingListMain/RedeemPointsMore (spec 2 "redeem points"): coupons for points. Spec 6 leaves it
 * out of the guard's list, but it shows the shopper's own balance: without a token, /login.
 */
export default function RedeemPointsMoreRoute() {
  return (
    <RequireSignIn>
      <RedeemPoints />
    </RequireSignIn>
  );
}
