import type { TOrderDetail } from '@shop/contracts/orders';
import { ReturnPaths, type TAdminReturnDetail, type TReturnDetail } from '@shop/contracts/returns';
import { afterAll, beforeAll, expect } from 'vitest';
import { JOB } from '../../jobs';
import {
  giveCoupon,
  makeAddress,
  makeCartLine,
  makeGoods,
  makeShopper,
  makeStaffToken,
  makeTemplate,
  type Shopper,
} from '../../testing/fixtures';
import { createTestApp, injectAs, type TestApp } from '../../testing/harness';
import { placePaidOrder, providerRefunds } from '../../testing/paid-orders';

/**
 * The returns tests' set-up: an app on a fixed clock with an admin and a support agent, paid
 * orders to return things from, and the requests' usual journeys. Call once per test file, at its
 * top: it opens the app before the file's tests and closes it after.
 */

export type Placed = { shopper: Shopper; order: TOrderDetail; lineIds: number[]; skuIds: number[]; otherSkus: number[] };
export type Items = Array<{ order_item_id: number; num: number }>;

export function returnsTestApp() {
  const now = Date.now();
  let t: TestApp;
  let adminToken: string;
  let csrToken: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    adminToken = await makeStaffToken(t, 'admin');
    csrToken = await makeStaffToken(t, 'csr');
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.db;
  /** Calls as the admin. */
  const admin = () => injectAs(t, adminToken);
  /** Calls as the support agent (orders.view, no refunds). */
  const csr = () => injectAs(t, csrToken);
  /** Calls as the shopper. */
  const as = (shopper: Shopper) => injectAs(t, shopper);

  /**
   * An order of `lines` products (2 units each unless said), each with a second size, placed
   * through checkout and paid with the test card; `deliver` (the default) ships it and the
   * shopper confirms receipt.
   */
  async function paidOrder(
    options: { lines?: number; num?: number; deliver?: boolean; coupon?: boolean; points?: number; shopper?: Shopper } = {},
  ): Promise<Placed> {
    const shopper = options.shopper ?? (await makeShopper(t, options.points ?? 0));
    const addressId = await makeAddress(db(), shopper.id);
    const cartIds: number[] = [];
    const skuIds: number[] = [];
    const otherSkus: number[] = [];
    for (let index = 0; index < (options.lines ?? 2); index++) {
      const goods = await makeGoods(db(), {
        name: `Return Dress ${index}`,
        price_cents: 3_333 + index * 1_111,
        stock: 10,
        sizes: ['S', 'M'],
      });
      skuIds.push(goods.skuIds[0] as number);
      otherSkus.push(goods.skuIds[1] as number);
      cartIds.push(await makeCartLine(db(), shopper.id, goods.skuIds[0] as number, options.num ?? 2));
    }
    let couponId: number | null = null;
    if (options.coupon) {
      const template = await makeTemplate(db(), { name: 'Ten off fifty', amount_cents: 1_000, min_spend_cents: 5_000 });
      couponId = await giveCoupon(db(), shopper.id, template);
    }
    const deliver = options.deliver !== false;
    const orderId = await placePaidOrder(
      t,
      shopper,
      { address_id: addressId, cart_ids: cartIds, coupon_id: couponId, points: options.points ?? 0 },
      deliver ? { staff: adminToken } : undefined,
    );
    if (deliver) await t.app.services.jobs.run(JOB.eventDispatch, now);
    const items = await db().selectFrom('order_items').select('id').where('order_id', '=', orderId).orderBy('id').execute();
    const order = (await as(shopper).get<TOrderDetail>(`/shop/order/detail?id=${orderId}`)).result;
    return { shopper, order, lineIds: items.map((item) => item.id), skuIds, otherSkus };
  }

  /** The shopper asks to return `items` of the order for a refund (`extra` on top of the request). */
  function requestReturn(placed: Placed, items: Items, extra: object = {}) {
    return as(placed.shopper).post<TReturnDetail>(ReturnPaths.refundReturn, {
      order_id: placed.order.id,
      items,
      reason: 'Too small',
      description: 'Runs small',
      type: 'refund',
      ...extra,
    });
  }

  /** Staff approve the request and mark its parcel received (without sending it first). */
  async function approveAndReceive(id: number) {
    await admin().post(ReturnPaths.adminApprove, { id });
    await admin().post(ReturnPaths.adminReceive, { id });
  }

  /** A return taken through approval, the parcel, receipt and the refund; answers the refunded detail. */
  async function returnedAndRefunded(placed: Placed, items: Items) {
    const asked = await requestReturn(placed, items);
    expect(asked.status).toBe(200);
    const id = asked.result.id;
    expect((await admin().post(ReturnPaths.adminApprove, { id })).status).toBe(200);
    expect(
      (await as(placed.shopper).post(ReturnPaths.parcel, { id, company_code: 'ups', tracking_no: '1ZRETURN0001' })).status,
    ).toBe(200);
    expect((await admin().post(ReturnPaths.adminReceive, { id })).status).toBe(200);
    const refunded = await admin().post<TAdminReturnDetail>(ReturnPaths.adminRefund, { id });
    expect(refunded.status).toBe(200);
    return { asked: asked.result, refunded: refunded.result };
  }

  return {
    now,
    app: () => t,
    db,
    admin,
    csr,
    as,
    paidOrder,
    requestReturn,
    approveAndReceive,
    returnedAndRefunded,
    orderRow: (id: number) => db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    /** The amounts (cents) the test provider refunded on the order. */
    providerRefunds: (orderId: number) => providerRefunds(db(), orderId),
  };
}

/** Dollars as the API answers them, in cents. */
export const cents = (dollars: number) => Math.round(dollars * 100);
