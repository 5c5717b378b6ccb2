import { SHOP_NAME } from '@shop/contracts';
import { useSearchParams } from 'react-router';
import { Checkout } from '../features/orders/checkout';
import { orderIdFrom } from '../features/orders/order-api';
import { PaymentStep } from '../features/orders/payment-step';

export const meta = () => [{ title: `Shopping Bag and Checkout | ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];

/**
 * /order (spec 2 "view cart and checkout"): the bag and its checkout; with `?id=` the payment of
 * an order waiting for it. Both depend on what this browser holds (the bag, the token), so the
 * server renders their loading state and the page fills in after hydration.
 */
export default function OrderRoute() {
  const [search] = useSearchParams();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 md:py-12">
      {search.has('id') ? <PaymentStep id={orderIdFrom(search)} /> : <Checkout />}
    </div>
  );
}
