import { SHOP_NAME } from '@shop/contracts';
import { LogisticsInformation } from '../features/orders/logistics';
import { RequireSignIn } from '../features/orders/require-sign-in';

export const meta = () => [{ title: `Logistics Information | ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];

/** /ShoppingListMain/LogisticsInformation?id= (spec 2): one order's parcel, for its shopper only. */
export default function LogisticsInformationRoute() {
  return (
    <RequireSignIn>
      <LogisticsInformation />
    </RequireSignIn>
  );
}
