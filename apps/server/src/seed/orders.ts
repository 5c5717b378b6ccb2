import { TEST_CARDS } from '@shop/contracts/orders';
import type { Db } from '../db/database';
import { createOrderService } from '../modules/orders';
import { TestPaymentProvider } from '../modules/payments/test-provider';
import { createOrderCancellation } from '../workflows/cancel-order';
import { createCheckout } from '../workflows/checkout';
import { createPaymentService } from '../workflows/pay-order';
import { DEMO_ACCOUNTS } from './accounts';
import { buildAddress } from './addresses';
import { buildCartLine } from './cart';

const DAY_MS = 86_400_000;
const PAY_TIMEOUT_MS = 30 * 60_000;

type Stage = 'unpaid' | 'paid' | 'shipped' | 'completed' | 'cancelled';

/** The demo shopper's order history: one order in each state, placed days apart. */
const PLAN: Array<{ stage: Stage; daysAgo: number; hoursAgo?: number; lines: number; tracking?: string }> = [
  { stage: 'completed', daysAgo: 24, lines: 2, tracking: '1Z84A9E20392758412' },
  { stage: 'cancelled', daysAgo: 12, lines: 1 },
  { stage: 'shipped', daysAgo: 3, lines: 1, tracking: '1Z84A9E20392761187' },
  { stage: 'paid', daysAgo: 1, lines: 2 },
  // the morning's orders, waiting for the shop to ship them
  { stage: 'paid', daysAgo: 0, hoursAgo: 5, lines: 1 },
  { stage: 'paid', daysAgo: 0, hoursAgo: 2, lines: 1 },
  { stage: 'unpaid', daysAgo: 0, lines: 1 },
];

/**
 * Demo orders for shopper@example.com, made through the real checkout, payment and shipping code
 * (so stock, points, history and tracking are consistent): Completed, Cancelled, Shipped,
 * Pending Shipment and Pending Payment (payable for 30 minutes after the seed, then cancelled by
 * the expiry job like any unpaid order).
 */
export async function seedDemoOrders(db: Db, now = Date.now()): Promise<number> {
  const shopper = await db.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNTS.shopper.email).executeTakeFirst();
  const admin = await db.selectFrom('staff').select('id').where('email', '=', DEMO_ACCOUNTS.admin.email).executeTakeFirst();
  if (!shopper || !admin) return 0;
  const addressId = await demoAddress(db, shopper.id, now);
  const inCart = new Set(
    (await db.selectFrom('cart_items').select('sku_id').where('user_id', '=', shopper.id).execute()).map((row) => row.sku_id),
  );
  // One well-stocked SKU from each of several goods spread over the catalogue, the same on every seed.
  const perGoods = await db
    .selectFrom('skus')
    .innerJoin('goods', 'goods.id', 'skus.goods_id')
    .select((eb) => ['skus.goods_id', eb.fn.min('skus.id').as('id')])
    .where('goods.status', '=', 1)
    .where('skus.stock', '>=', 10)
    .groupBy('skus.goods_id')
    .orderBy('skus.goods_id')
    .execute();
  const free = perGoods.map((row) => ({ goods_id: row.goods_id, id: Number(row.id) })).filter((sku) => !inCart.has(sku.id));
  const needed = PLAN.reduce((sum, plan) => sum + plan.lines, 0);
  const stride = Math.max(1, Math.floor(free.length / needed));
  const skus = free.filter((_, index) => index % stride === 0);

  let made = 0;
  for (const [index, plan] of PLAN.entries()) {
    // placed in the afternoon of that day, or `hoursAgo`; the unpaid one a minute ago, so it can still be paid
    const at =
      plan.hoursAgo !== undefined
        ? now - plan.hoursAgo * 3_600_000
        : plan.daysAgo === 0
          ? now - 60_000
          : now - plan.daysAgo * DAY_MS - (PLAN.length - index) * 3_600_000;
    const clock = () => at;
    const orders = createOrderService({ db, clock });
    const checkout = createCheckout({ db, clock, payTimeoutMs: PAY_TIMEOUT_MS });
    const payments = createPaymentService({
      db,
      orders,
      provider: new TestPaymentProvider({ db, clock: () => at + 120_000 }),
      clock: () => at + 120_000,
    });

    const picked = skus.splice(0, plan.lines);
    if (picked.length < plan.lines) break;
    const cartIds: number[] = [];
    for (const [n, sku] of picked.entries()) {
      cartIds.push(await buildCartLine(db, { user_id: shopper.id, goods_id: sku.goods_id, sku_id: sku.id, num: n + 1 }, at));
    }
    const { id } = await checkout.create(
      shopper.id,
      {
        address_id: addressId,
        cart_ids: cartIds,
        shipping_method: index % 2 ? 'express' : 'standard',
        points: 0,
        insurance: false,
        remark: '',
      },
      `demo-order-${index + 1}`,
    );
    made += 1;
    if (plan.stage === 'unpaid') continue;
    if (plan.stage === 'cancelled') {
      const cancelledAt = () => at + 3_600_000;
      await createOrderCancellation({ db, orders: createOrderService({ db, clock: cancelledAt }), clock: cancelledAt }).cancel(
        shopper.id,
        id,
      );
      continue;
    }
    const card = {
      number: TEST_CARDS.success,
      exp_month: 12,
      exp_year: new Date(now).getUTCFullYear() + 3,
      cvc: '123',
      name: 'Sam Shopper',
    };
    await payments.pay(shopper.id, { id, card }, `demo-payment-${index + 1}`);
    if (plan.stage === 'paid' || !plan.tracking) continue;

    const shippedAt = at + DAY_MS;
    const shipping = createOrderService({ db, clock: () => shippedAt });
    await shipping.ship(admin.id, { id, company_code: 'ups', tracking_no: plan.tracking });
    const events = [
      { hours: 2, status: 'Picked up', location: 'Sacramento, CA, US', description: 'The carrier has picked up the parcel' },
      { hours: 20, status: 'In transit', location: 'Reno, NV, US', description: 'Departed from facility' },
      { hours: 44, status: 'In transit', location: 'Salt Lake City, UT, US', description: 'Arrived at facility' },
      { hours: 70, status: 'Out for delivery', location: 'Denver, CO, US', description: 'Out for delivery today' },
      { hours: 76, status: 'Delivered', location: 'Denver, CO, US', description: 'Delivered, left at front door' },
    ].filter((event) => shippedAt + event.hours * 3_600_000 < now);
    await shipping.addTracking(admin.id, {
      id,
      events: events.map((event) => ({
        time: shippedAt + event.hours * 3_600_000,
        status: event.status,
        location: event.location,
        description: event.description,
      })),
    });
    if (plan.stage === 'completed') {
      await createOrderService({ db, clock: () => shippedAt + 4 * DAY_MS }).receive(shopper.id, id);
    }
  }
  return made;
}

/** The shopper's default address, or one made for the demo. */
async function demoAddress(db: Db, userId: number, now: number): Promise<number> {
  const existing = await db
    .selectFrom('addresses')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .executeTakeFirst();
  if (existing) return existing.id;
  const row = await buildAddress(
    db,
    userId,
    {
      first_name: DEMO_ACCOUNTS.shopper.first_name,
      last_name: DEMO_ACCOUNTS.shopper.last_name,
      phone: '+13035550148',
      country: 'US',
      state: 'CO',
      city: 'Denver',
      address1: '1437 Bannock St',
      address2: 'Apt 4',
      postcode: '80202',
      is_default: 1,
    },
    now,
  );
  return row.id;
}
