import { SHOP_NAME } from '@shop/contracts';
import { ReturnFormPage } from '../features/returns/return-form-page';

export const meta = () => [{ title: `Return or Exchange | ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];

/** /ShoppingListMain/ReturnExchangeOne (spec 2; guarded by the account layout): ?id=<order id>, the request form of one order. */
export default function ReturnExchangeOneRoute() {
  return <ReturnFormPage />;
}
