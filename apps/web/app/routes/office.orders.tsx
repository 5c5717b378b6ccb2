import { lazyOfficePage } from '../features/office/lazy-page';

const Page = lazyOfficePage(
  () => import('../features/office-orders/orders-page'),
  (module) => module.OrdersPage,
);

export const meta = () => [{ title: 'Orders | Back office' }, { name: 'robots', content: 'noindex' }];

/** /office/orders: every shopper's orders; shipping one or many. */
export default function OfficeOrdersRoute() {
  return <Page />;
}
