import { lazyOfficePage } from '../features/office/lazy-page';

const Page = lazyOfficePage(
  () => import('../features/office-orders/packing-slip-page'),
  (module) => module.PackingSlipPage,
);

export const meta = () => [{ title: 'Packing slip | Back office' }, { name: 'robots', content: 'noindex' }];

/** /office/orders/:id/packing-slip: the order's packing slip, ready to print. */
export default function OfficePackingSlipRoute() {
  return <Page />;
}
