import { SHOP_NAME } from '@shop/contracts';
import { ReturnExchangePage } from '../features/returns/return-exchange-page';

export const meta = () => [{ title: `Return/Exchange | ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];

/** /ShoppingListMain/ReturnExchange (spec 2; guarded by the account layout): the orders that can be returned and the shopper's requests. */
export default function ReturnExchangeRoute() {
  return <ReturnExchangePage />;
}
