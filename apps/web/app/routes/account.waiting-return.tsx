import { SHOP_NAME } from '@shop/contracts';
import { WaitingReturnPage } from '../features/returns/waiting-return-page';

export const meta = () => [{ title: `Send Your Return | ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];

/** /ShoppingListMain/WaitingReturn (spec 2; guarded by the account layout): ?id=<request id>, the return address and the parcel's tracking. */
export default function WaitingReturnRoute() {
  return <WaitingReturnPage />;
}
