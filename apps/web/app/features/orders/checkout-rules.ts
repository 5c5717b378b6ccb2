import type { TOrderPreviewRequest } from '@shop/contracts/orders';
import type { TShippingMethod } from '@shop/contracts/orders-rules';
import type { PreviewState } from './use-preview';

/** The coupon and the points an order or its preview is sent with: only those chosen (no points is 0 or null). */
export function savingsFields(couponId: number | null, points: number | null) {
  return { ...(couponId !== null ? { coupon_id: couponId } : {}), ...(points ? { points } : {}) };
}

/** The preview request for the shopper's choices: the address only once one is chosen. */
export function previewRequestFor(choice: {
  cartIds: number[];
  method: TShippingMethod;
  addressId: number | null;
  couponId: number | null;
  points: number | null;
}): TOrderPreviewRequest {
  return {
    cart_ids: choice.cartIds,
    shipping_method: choice.method,
    ...(choice.addressId ? { address_id: choice.addressId } : {}),
    ...savingsFields(choice.couponId, choice.points),
  };
}

/**
 * Why 'Place order' is not ready yet, in the words shown under it. A refused coupon or points
 * are not listed: they come off, and their message stands beside their field.
 */
export function checkoutBlockers({
  addressId,
  points,
  preview,
  refused,
}: {
  addressId: number | null;
  points: number | null;
  preview: Pick<PreviewState, 'status' | 'message'>;
  refused: boolean;
}): string[] {
  const blockers: string[] = [];
  if (!addressId) blockers.push('Choose or add a shipping address.');
  if (preview.status === 'failed' && !refused) {
    blockers.push(preview.message || 'The prices could not be worked out. Please try again.');
  }
  if (points === null) blockers.push('Check the points to use.');
  return blockers;
}

/** The order can be placed: an address, valid points, and a fresh breakdown without problems. */
export function readyToPlace({
  addressId,
  points,
  preview,
}: {
  addressId: number | null;
  points: number | null;
  preview: Pick<PreviewState, 'status' | 'preview' | 'stale'>;
}): boolean {
  return (
    addressId !== null &&
    points !== null &&
    preview.preview !== null &&
    !preview.stale &&
    (preview.preview.problems ?? []).length === 0 &&
    preview.status === 'ready'
  );
}
