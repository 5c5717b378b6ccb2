import { SHOP_NAME } from '@shop/contracts';
import { NotificationPreferencesPage } from '../features/notifications/preferences-page';

export const meta = () => [{ title: `Notifications | ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];

/** /ShoppingListMain/notifications (issue 14, item 7; guarded by the account layout): notification preferences. */
export default function AccountNotifications() {
  return <NotificationPreferencesPage />;
}
