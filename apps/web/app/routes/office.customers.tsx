import { CustomersPage } from '../features/office-customers/customers-page';

export const meta = () => [{ title: 'Customers | Back office' }, { name: 'robots', content: 'noindex' }];

/** /office/customers: search the shoppers (customers.view). */
export default function OfficeCustomersRoute() {
  return <CustomersPage />;
}
