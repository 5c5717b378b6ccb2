import { SHOP_NAME } from '@shop/contracts';
import { MyFriendsPage } from '../features/points/my-friends-page';

export const meta = () => [{ title: `My Friends | ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];

/** /ShoppingListMain/MyFriends (spec 2; guarded by the account layout). */
export default function AccountMyFriends() {
  return <MyFriendsPage />;
}
