import type { TCartItem } from '@shop/contracts/cart';
import { DEFAULT_SHIPPING_METHOD, type TShippingMethod } from '@shop/contracts/orders-rules';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useCart } from '../cart';
import { checkoutBlockers, previewRequestFor, readyToPlace } from './checkout-rules';
import { useOrderPreview } from './use-preview';

/**
 * What the shopper chooses at checkout (address, shipping method, coupon, points) and the
 * server's breakdown for it, asked for again after every change. A coupon or points the server
 * refuses come off, with its words kept beside their field.
 */
export function useCheckout(signedIn: boolean) {
  const cart = useCart();
  const [addressId, setAddressId] = useState<number | null>(null);
  const [method, setMethod] = useState<TShippingMethod>(DEFAULT_SHIPPING_METHOD);
  const [couponId, setCouponId] = useState<number | null>(null);
  const [couponNote, setCouponNote] = useState('');
  const [couponsVersion, setCouponsVersion] = useState(0);
  // the points sent (0 for none); null while what the shopper typed is not a number the order takes
  const [points, setPoints] = useState<number | null>(0);
  const [pointsNote, setPointsNote] = useState('');

  const shopperItems: readonly TCartItem[] = cart.owner === 'shopper' ? cart.items : [];
  const cartIds = useMemo(() => shopperItems.map((item) => item.id), [shopperItems]);
  // the quantities and prices are the server's; a change in them asks for a new breakdown
  const revision = shopperItems.map((item) => `${item.id}x${item.num}`).join(',');
  const asksPreview = signedIn && cart.status === 'ready' && cartIds.length > 0;
  const preview = useOrderPreview(
    asksPreview ? previewRequestFor({ cartIds, method, addressId, couponId, points }) : null,
    revision,
  );
  const priced = preview.preview;
  // the points field keeps what the shopper typed while a breakdown is refused or retried
  const lastPriced = useRef(priced);
  if (priced) lastPriced.current = priced;

  const chooseCoupon = useCallback((id: number | null, why = '') => {
    setCouponId(id);
    setCouponNote(why);
  }, []);
  const choosePoints = useCallback((next: number | null) => {
    setPoints(next);
    setPointsNote('');
  }, []);
  const reloadCoupons = () => setCouponsVersion((version) => version + 1);

  // The server refused the coupon (another order took it) or the points (beyond what the order now
  // takes, after a coupon was chosen): they come off, the server's words stay beside the field, and
  // the coupons are asked for again.
  const refusedCoupon = preview.status === 'failed' ? preview.fields.coupon_id : undefined;
  const refusedPoints = preview.status === 'failed' ? preview.fields.points : undefined;
  useEffect(() => {
    if (refusedCoupon) {
      chooseCoupon(null, refusedCoupon);
      setCouponsVersion((version) => version + 1);
    }
  }, [refusedCoupon, chooseCoupon]);
  useEffect(() => {
    if (refusedPoints) {
      setPoints(0);
      setPointsNote(refusedPoints);
    }
  }, [refusedPoints]);

  return {
    cart,
    cartIds,
    revision,
    addressId,
    setAddressId,
    method,
    setMethod,
    couponId,
    couponNote,
    couponsVersion,
    chooseCoupon,
    reloadCoupons,
    points,
    pointsNote,
    choosePoints,
    preview,
    priced,
    problems: priced?.problems ?? [],
    pointsFigures: priced ?? lastPriced.current,
    blockers: checkoutBlockers({ addressId, points, preview, refused: Boolean(refusedCoupon || refusedPoints) }),
    ready: signedIn && readyToPlace({ addressId, points, preview }),
  };
}

export type CheckoutState = ReturnType<typeof useCheckout>;
