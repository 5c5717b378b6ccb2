import { SHOP_NAME } from '@shop/contracts';
import { AddressList } from '../features/address/address-list';

export const meta = () => [{ title: `Address | ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];

/** /ShoppingListMain/address (spec 2, named route 'address', guarded): the shopper's address book. */
export default function AddressBook() {
  return (
    <section aria-labelledby="address-book-title" className="space-y-6">
      <header>
        <p className="text-sm uppercase tracking-widest text-gray-600">My Account</p>
        <h1 id="address-book-title" className="mt-1 text-2xl font-semibold md:text-3xl">
          Address book
        </h1>
        <p className="mt-2 text-sm text-gray-700">
          The addresses your orders can be delivered to. The default one is chosen first at checkout.
        </p>
      </header>
      <AddressList />
    </section>
  );
}
