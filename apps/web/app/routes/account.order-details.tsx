import { SHOP_NAME } from '@shop/contracts';
import { OrderDetails } from '../features/orders/order-details';

export const meta = () => [{ title: `Order Details | ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];

/** /ShoppingListMain/OrderDetails?id= (spec 2; guarded). */
export default function OrderDetailsRoute() {
  return <OrderDetails />;
}
