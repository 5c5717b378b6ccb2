import { SHOP_NAME } from '@shop/contracts';
import { ByFriendsPage } from '../features/points/by-friends-page';

export const meta = () => [{ title: `Invite friends | ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];

/** /ShoppingListMain/ByFriends (spec 2; guarded by the account layout). */
export default function AccountByFriends() {
  return <ByFriendsPage />;
}
