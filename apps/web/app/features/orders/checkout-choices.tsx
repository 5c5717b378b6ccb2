import { lazy, Suspense } from 'react';
import { Skeleton } from '../../components/ui/skeleton';
import { CheckoutAddress } from './checkout-address';
import { Section } from './checkout-parts';
import { ShippingMethods } from './shipping-methods';
import type { CheckoutState } from './use-checkout';

// The coupons and points are drawn once the shopper is signed in, below the address: their code
// (and the coupon ticket's) loads then, not with the page.
const savings = () => import('./checkout-savings');
const CouponChoice = lazy(() => savings().then((module) => ({ default: module.CouponChoice })));
const PointsField = lazy(() => savings().then((module) => ({ default: module.PointsField })));

/** A signed-in shopper's steps after the bag: the address, the shipping method, the coupon and the points. */
export function CheckoutChoices({ checkout }: { checkout: CheckoutState }) {
  const { pointsFigures } = checkout;
  return (
    <>
      <Section title="Shipping address" step={2}>
        <CheckoutAddress selectedId={checkout.addressId} onSelect={checkout.setAddressId} />
      </Section>
      <Section title="Shipping method" step={3}>
        <ShippingMethods
          value={checkout.method}
          onChange={checkout.setMethod}
          options={checkout.priced?.shipping_options ?? null}
        />
      </Section>
      <Section title="Coupon" step={4}>
        <Suspense fallback={<Skeleton className="h-14 w-full" />}>
          <CouponChoice
            cartIds={checkout.cartIds}
            revision={checkout.revision}
            version={checkout.couponsVersion}
            selectedId={checkout.couponId}
            onSelect={checkout.chooseCoupon}
            refusal={checkout.couponNote}
          />
        </Suspense>
      </Section>
      <Section title="Points" step={5}>
        {pointsFigures ? (
          <Suspense fallback={<Skeleton className="h-11 w-full max-w-sm" />}>
            <PointsField
              available={pointsFigures.points_available}
              max={pointsFigures.points_max}
              onChange={checkout.choosePoints}
              refusal={checkout.pointsNote}
            />
          </Suspense>
        ) : (
          <Skeleton className="h-11 w-full max-w-sm" />
        )}
      </Section>
    </>
  );
}
