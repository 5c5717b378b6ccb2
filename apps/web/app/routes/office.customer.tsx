import { CustomerPage } from '../features/office/customer-page';

export const meta = () => [{ title: 'Customer | Back office' }, { name: 'robots', content: 'noindex' }];

/** /office/customers/:id: one shopper's profile; coupon grants and points adjustments for the roles that hold them. */
export default function OfficeCustomerRoute() {
  return <CustomerPage />;
}
