import { SHOP_NAME } from '@shop/contracts';
import { UnsubscribePage } from '../features/notifications/unsubscribe-page';

export const meta = () => [{ title: `Unsubscribe | ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];

/** /unsubscribe?token=… (decision 0027): a marketing e-mail's one-click link, opened in a browser, signed in or not. */
export default function Unsubscribe() {
  return <UnsubscribePage />;
}
