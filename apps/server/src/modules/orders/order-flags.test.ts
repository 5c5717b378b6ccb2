import { OrderStatus } from '@shop/contracts';
import type { TAdminOrderDetail } from '@shop/contracts/office-orders';
import type { TAdminOrderListItem, TOrderDelivery, TOrderDetail, TOrderListItem } from '@shop/contracts/orders';
import { describe, expect, it } from 'vitest';
import { makeAddress, makeCartLine, makeGoods, makeShopper, makeStaffToken, newKey, type Shopper } from '../../testing/fixtures';
import { appPerFile, injectAs, type TestApp } from '../../testing/harness';

/**
 * The flags every order carries (list, detail, tracking, the staff list, with the staff list's
 * `can_ship`) come from the state machine in contracts: each status gives exactly its actions, so
 * the pages never work them out.
 */

let t: TestApp;
let agent: string;
let shopper: Shopper;

appPerFile(async (made) => {
  t = made;
  agent = await makeStaffToken(t, 'csr');
  shopper = await makeShopper(t);
});

async function placeOrder(): Promise<TOrderDetail> {
  const { skuIds } = await makeGoods(t.database.db, { name: 'Flag Test Tee', price_cents: 2000, stock: 5 });
  const addressId = await makeAddress(t.database.db, shopper.id);
  const cartId = await makeCartLine(t.database.db, shopper.id, skuIds[0] as number, 1);
  const answer = await injectAs(t, shopper, { headers: { 'idempotency-key': newKey() } }).post<TOrderDetail>(
    '/shop/order/create',
    { address_id: addressId, cart_ids: [cartId], points: 0 },
  );
  expect(answer.status).toBe(200);
  return answer.result;
}

const FLAGS = ['can_pay', 'can_cancel', 'can_receive', 'can_track', 'can_review', 'can_return'] as const;
const flagsOf = (order: Record<(typeof FLAGS)[number], number>) => Object.fromEntries(FLAGS.map((name) => [name, order[name]]));

/** The shopper's flags in FLAGS' order, and the staff list's `can_ship`. */
const CASES = [
  { name: 'pending payment', status: OrderStatus.PendingPayment, expired: false, flags: [1, 1, 0, 0, 0, 0], ship: 0 },
  {
    name: 'pending payment, time to pay run out',
    status: OrderStatus.PendingPayment,
    expired: true,
    flags: [0, 1, 0, 0, 0, 0],
    ship: 0,
  },
  { name: 'pending shipment', status: OrderStatus.PendingShipment, expired: false, flags: [0, 0, 0, 0, 0, 1], ship: 1 },
  { name: 'shipped', status: OrderStatus.Shipped, expired: false, flags: [0, 0, 1, 1, 0, 1], ship: 0 },
  { name: 'completed', status: OrderStatus.Completed, expired: false, flags: [0, 0, 0, 1, 1, 1], ship: 0 },
  { name: 'completed and reviewed', status: OrderStatus.CompletedEvaluated, expired: false, flags: [0, 0, 0, 1, 0, 1], ship: 0 },
  { name: 'cancelled', status: OrderStatus.Cancelled, expired: false, flags: [0, 0, 0, 0, 0, 0], ship: 0 },
  { name: 'refunded', status: OrderStatus.Refunded, expired: false, flags: [0, 0, 0, 0, 0, 0], ship: 0 },
] as const;

describe('the flags on every order', () => {
  it.each(CASES)('$name: the same flags in the list, the detail, the tracking and the staff list and detail', async (entry) => {
    const placed = await placeOrder();
    await t.database.db
      .updateTable('orders')
      .set({ status: entry.status, ...(entry.expired ? { pay_expires_at: Date.now() - 1_000 } : {}) })
      .where('id', '=', placed.id)
      .execute();
    const expected = Object.fromEntries(FLAGS.map((name, at) => [name, entry.flags[at]]));

    const list = await injectAs(t, shopper).get<{ data: TOrderListItem[] }>('/shop/order/list?pagesize=50');
    const listed = list.result.data.find((order) => order.id === placed.id);
    expect(listed && flagsOf(listed)).toEqual(expected);

    const detail = await injectAs(t, shopper).get<TOrderDetail>(`/shop/order/detail?id=${placed.id}`);
    expect(detail.result.status).toBe(entry.status);
    expect(flagsOf(detail.result)).toEqual(expected);

    const delivery = await injectAs(t, shopper).get<TOrderDelivery>(`/shop/order/delivery?id=${placed.id}`);
    expect(flagsOf(delivery.result)).toEqual(expected);

    const staff = await injectAs(t, agent).get<{ data: TAdminOrderListItem[] }>(`/admin/order/list?order_no=${placed.order_no}`);
    expect(staff.result.data.map(flagsOf)).toEqual([expected]);
    // what the state lets staff do: the list's flag and the order page's action agree
    expect(staff.result.data.map((order) => order.can_ship)).toEqual([entry.ship]);
    const office = await injectAs(t, agent).get<TAdminOrderDetail>(`/admin/order/detail?id=${placed.id}`);
    expect(office.result.staff_actions).toMatchObject({ ship: entry.ship, track: expected.can_track });
  });
});
