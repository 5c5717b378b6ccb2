import { SHOP_NAME } from '@shop/contracts';
import { MyPointsPage } from '../features/points/my-points-page';

export const meta = () => [{ title: `My Points | ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];

/** /ShoppingListMain/MyPoints (spec 2, route id myPoints; guarded by the account layout). */
export default function AccountMyPoints() {
  return <MyPointsPage />;
}
