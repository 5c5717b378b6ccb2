import { CODE_OK } from '@shop/contracts';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { NetworkFailure } from '../../lib/api';
import { useCurrency } from '../../lib/currency';
import { createAttemptKeys } from './attempt-key';
import { savingsFields } from './checkout-rules';
import { payPath } from './order-actions';
import { createOrder } from './order-api';
import type { CheckoutState } from './use-checkout';

/**
 * 'Place order': creates the order with an Idempotency-Key kept across double clicks and retries
 * of the same attempt, then opens its payment. A refusal is shown in an alert that takes the
 * focus, and the bag, the coupons and the breakdown are asked for again as they are now.
 */
export function usePlaceOrder(checkout: CheckoutState) {
  const currency = useCurrency();
  const navigate = useNavigate();
  const [placing, setPlacing] = useState(false);
  const [placeError, setPlaceError] = useState<{ text: string } | null>(null);
  const keys = useRef(createAttemptKeys()).current;
  const errorRef = useRef<HTMLDivElement>(null);
  const canPlace = checkout.ready && !placing;

  const showError = (text: string) => {
    setPlaceError({ text });
    window.requestAnimationFrame(() => errorRef.current?.focus());
  };

  const placeOrder = async () => {
    const { addressId, points, cart } = checkout;
    if (!canPlace || addressId === null || points === null) return;
    setPlacing(true);
    setPlaceError(null);
    try {
      const envelope = await createOrder(
        {
          address_id: addressId,
          cart_ids: checkout.cartIds,
          shipping_method: checkout.method,
          currency_code: currency.currency_code,
          ...savingsFields(checkout.couponId, points),
        },
        keys,
      );
      if (envelope.code === CODE_OK && envelope.result) {
        // the bought lines left the bag on the server
        void cart.refresh();
        navigate(payPath(envelope.result.id));
        return;
      }
      if (envelope.code !== 401) {
        showError(envelope.msg || 'Your order could not be placed. Please try again.');
        // stock, prices or the coupon may have moved: show the bag, the coupons and the breakdown as they are now
        void cart.refresh();
        checkout.reloadCoupons();
        checkout.preview.retry();
      }
    } catch (error) {
      if (error instanceof NetworkFailure) {
        showError('We did not hear back about your order. Press Place order again: you will not get a second order.');
      }
    } finally {
      setPlacing(false);
    }
  };

  return { placing, placeError, errorRef, canPlace, placeOrder };
}

export type PlaceOrderState = ReturnType<typeof usePlaceOrder>;
