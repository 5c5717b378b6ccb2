import { lazyOfficePage } from '../features/office/lazy-page';

const Page = lazyOfficePage(
  () => import('../features/office-customers/customer-page'),
  (module) => module.CustomerPage,
);

export const meta = () => [{ title: 'Customer | Back office' }, { name: 'robots', content: 'noindex' }];

/**
 * /office/customers/:id: one shopper's profile with returns, conversations and staff notes; coupon
 * grants, points adjustments and erasure for the roles that hold them.
 */
export default function OfficeCustomerRoute() {
  return <Page />;
}
