import { useId } from 'react';
import { useHydrated } from '../../lib/forms';
import { useUserToken } from '../../lib/session';
import { BagLines } from './bag-lines';
import { CheckoutChoices } from './checkout-choices';
import { CheckoutFrame, CheckoutSkeleton, EmptyBag, Section, SignInFirst } from './checkout-parts';
import { LoadFailed } from './order-parts';
import { OrderSummary } from './order-summary';
import { useCheckout } from './use-checkout';
import { usePlaceOrder } from './use-place-order';

/**
 * /order without an order id (spec 2 "view cart and checkout"): the bag's lines with their steppers,
 * the address (chosen from the shopper's or typed in), the shipping method, and the server's price
 * breakdown, asked for again after every change. 'Place order' creates the order with an
 * Idempotency-Key kept across double clicks and retries of the same attempt, then opens its payment.
 */
export function Checkout() {
  const hydrated = useHydrated();
  const token = useUserToken();
  const signedIn = hydrated && Boolean(token);
  const headingId = useId();
  const checkout = useCheckout(signedIn);
  const place = usePlaceOrder(checkout);
  const { cart } = checkout;

  if (!hydrated || (cart.loading && cart.items.length === 0)) {
    return (
      <CheckoutFrame headingId={headingId} step={1}>
        <CheckoutSkeleton />
      </CheckoutFrame>
    );
  }
  if (cart.status === 'failed' && cart.items.length === 0) {
    return (
      <CheckoutFrame headingId={headingId} step={1}>
        <LoadFailed title="We couldn’t load your bag" onRetry={() => void cart.refresh()} />
      </CheckoutFrame>
    );
  }
  if (cart.items.length === 0) {
    return (
      <CheckoutFrame headingId={headingId} step={1}>
        <EmptyBag />
      </CheckoutFrame>
    );
  }

  return (
    <CheckoutFrame headingId={headingId} step={signedIn ? 2 : 1} count={cart.pieces}>
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_360px]">
        <div className="flex flex-col gap-6">
          <Section title="Your bag" step={1}>
            <BagLines items={cart.items} actions={{ update: cart.update, remove: cart.remove }} />
          </Section>
          {signedIn ? <CheckoutChoices checkout={checkout} /> : <SignInFirst />}
        </div>
        <OrderSummary checkout={checkout} place={place} signedIn={signedIn} />
      </div>
    </CheckoutFrame>
  );
}
