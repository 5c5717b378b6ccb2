import { SHOP_NAME } from '@shop/contracts';
import { MyMessagePage } from '../features/messages/my-message-page';

export const meta = () => [{ title: `My Messages | ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];

/** /ShoppingListMain/MyMessage (spec 2; guarded by the account layout): the shopper's inbox. */
export default function AccountMyMessage() {
  return <MyMessagePage />;
}
