import { OrdersPage } from '../features/office/orders-page';

export const meta = () => [{ title: 'Orders | Back office' }, { name: 'robots', content: 'noindex' }];

/** /office/orders: every shopper's orders; shipping one or many. */
export default function OfficeOrdersRoute() {
  return <OrdersPage />;
}
