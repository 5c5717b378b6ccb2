import { SHOP_NAME } from '@shop/contracts';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { Checkout } from '../features/orders/checkout';
import { orderIdFrom } from '../features/orders/order-api';
import { PaymentFrame, PaymentSkeleton } from '../features/orders/payment-frame';
import { useHydrated } from '../lib/forms';

// The payment step (the card form and its rules) is another page of the same address, drawn in the
// browser like the bag: it is imported only when the address names an order to pay.
const PaymentStep = lazy(() => import('../features/orders/payment-step').then((module) => ({ default: module.PaymentStep })));

export const meta = () => [{ title: `Shopping Bag and Checkout | ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];

/**
 * /order (spec 2 "view cart and checkout"): the bag and its checkout; with `?id=` the payment of
 * an order waiting for it. Both depend on what this browser holds (the bag, the token), so the
 * server renders their loading state and the page fills in after hydration.
 */
export default function OrderRoute() {
  const [search] = useSearchParams();
  const hydrated = useHydrated();
  const paymentLoading = (
    <PaymentFrame>
      <PaymentSkeleton />
    </PaymentFrame>
  );
  return (
    // at least a screen tall: the bag and checkout fill in after their requests without pushing
    // the footer down the screen (layout shift)
    <div className="mx-auto min-h-dvh w-full max-w-6xl px-4 py-8 md:py-12">
      {search.has('id') ? (
        hydrated ? (
          <Suspense fallback={paymentLoading}>
            <PaymentStep id={orderIdFrom(search)} />
          </Suspense>
        ) : (
          paymentLoading
        )
      ) : (
        <Checkout />
      )}
    </div>
  );
}
