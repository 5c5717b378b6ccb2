import { lazyOfficePage } from '../features/office/lazy-page';

const Page = lazyOfficePage(
  () => import('../features/office-orders/returns-page'),
  (module) => module.ReturnsPage,
);

export const meta = () => [{ title: 'Returns | Back office' }, { name: 'robots', content: 'noindex' }];

/** /office/returns: the returns, refunds and exchanges by status, with a search (orders.view). */
export default function OfficeReturnsRoute() {
  return <Page />;
}
