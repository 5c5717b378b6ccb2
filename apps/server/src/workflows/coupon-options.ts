import type { TCouponIndex, TCouponIndexParams, TCouponOption } from '@shop/contracts/coupons';
import { centsToPrice } from '@shop/contracts/pricing';
import type { Db } from '../db/database';
import { AppError } from '../http/errors';
import { PRODUCT_NOT_FOUND, skuForPricing } from '../modules/catalog';
import { presentCoupon, unusedCouponsWithRules } from '../modules/coupons';
import { type CouponLine, couponOutcome, couponReasonText, isFirstOrder } from '../modules/orders';
import { loadCartLines } from './checkout-steps';

/**
 * GET /api/coupon/index: the shopper's unused coupons for a bag (the cart lines being checked out)
 * or for one product, each priced by the same engine as checkout (`couponOutcome`): the usable
 * ones with what each saves, the largest saving first (then the soonest to end), and the others
 * with the reason. Reads only.
 */
export function createCouponOptions({ db, clock = Date.now }: { db: Db; clock?: () => number }) {
  async function linesFor(userId: number, query: TCouponIndexParams): Promise<CouponLine[]> {
    if (query.cart_ids) {
      const lines = await loadCartLines(db, userId, query.cart_ids);
      return lines.filter((line) => line.on_sale);
    }
    const sku = await skuForPricing(db, query.goods_id ?? 0, query.sku_id);
    if (!sku) throw AppError.notFound(PRODUCT_NOT_FOUND);
    return [{ goods_id: sku.goods_id, category_id: sku.category_id, unit_price: sku.price, num: query.num }];
  }

  return async function couponOptions(userId: number, query: TCouponIndexParams): Promise<TCouponIndex> {
    const now = clock();
    const lines = await linesFor(userId, query);
    const context = { now, firstOrder: await isFirstOrder(db, userId) };
    const usable: Array<TCouponOption & { cents: number }> = [];
    const unusable: TCouponOption[] = [];
    for (const { held, rule } of await unusedCouponsWithRules(db, userId, now)) {
      const outcome = couponOutcome(rule, lines, context);
      const coupon = presentCoupon(held, now);
      if (outcome.usable) {
        usable.push({
          ...coupon,
          usable: 1,
          saving: centsToPrice(outcome.cents),
          reason_code: null,
          reason: '',
          cents: outcome.cents,
        });
      } else {
        unusable.push({
          ...coupon,
          usable: 0,
          saving: 0,
          reason_code: outcome.reason,
          reason: couponReasonText(outcome.reason, rule),
        });
      }
    }
    usable.sort((a, b) => b.cents - a.cents || a.end_at - b.end_at || a.id - b.id);
    return {
      usable: usable.map(({ cents: _cents, ...option }) => option),
      unusable,
      best_id: usable[0]?.id ?? null,
      goods_amount: centsToPrice(lines.reduce((sum, line) => sum + line.unit_price * line.num, 0)),
    };
  };
}

export type CouponOptions = ReturnType<typeof createCouponOptions>;
