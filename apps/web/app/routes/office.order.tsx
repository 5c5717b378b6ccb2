import { lazyOfficePage } from '../features/office/lazy-page';

const Page = lazyOfficePage(
  () => import('../features/office-orders/order-page'),
  (module) => module.OrderPage,
);

export const meta = () => [{ title: 'Order | Back office' }, { name: 'robots', content: 'noindex' }];

/** /office/orders/:id: one order in full and what staff may do with it. */
export default function OfficeOrderRoute() {
  return <Page />;
}
