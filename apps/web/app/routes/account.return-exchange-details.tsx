import { SHOP_NAME } from '@shop/contracts';
import { ReturnDetailsPage } from '../features/returns/return-details-page';

export const meta = () => [{ title: `Return Details | ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];

/** /ShoppingListMain/ReturnExchangeDetails (spec 2; guarded by the account layout): ?id=<request id>, one request. */
export default function ReturnExchangeDetailsRoute() {
  return <ReturnDetailsPage />;
}
