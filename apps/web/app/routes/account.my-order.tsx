import { SHOP_NAME } from '@shop/contracts';
import { MyOrders } from '../features/orders/my-orders';

export const meta = () => [{ title: `My Order | ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];

/** /ShoppingListMain/MyOrder (spec 2, named route myOrder; guarded). */
export default function MyOrderRoute() {
  return <MyOrders />;
}
