import { CustomerMessages, type TAdminCustomerList, type TAdminCustomerProfile } from '@shop/contracts/customers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeShopper, makeStaffToken, makeTemplate, type Shopper } from '../testing/fixtures';
import { createTestApp, injectAs, type TestApp } from '../testing/harness';
import { placeOrderOfNewGoods } from './orders-testing';

let t: TestApp;
let admin: string;
let agent: string;
let shopper: Shopper;
let other: Shopper;
let email: string;
let orderNo: string;

const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeStaffToken(t, 'admin');
  agent = await makeStaffToken(t, 'csr');
  shopper = await makeShopper(t, 300);
  other = await makeShopper(t);
  email = `Grace_Hopper.${shopper.id}@example.com`.toLowerCase();
  await db()
    .updateTable('users')
    .set({ email, first_name: 'Grace', last_name: 'Hopper', mobile: '2025550188' })
    .where('id', '=', shopper.id)
    .execute();
  const { order } = await placeOrderOfNewGoods(
    t,
    shopper,
    { name: 'Customer Coat', price_cents: 4_999, stock: 5 },
    { num: 2, pay: false },
  );
  orderNo = order.order_no;
});
afterAll(async () => {
  await t?.close();
});

const search = (q: string, token = agent) =>
  injectAs(t, token).get<TAdminCustomerList>(`/admin/customers?q=${encodeURIComponent(q)}&pagesize=100`);

describe('GET /admin/customers', () => {
  it('finds a shopper by e-mail, any case, and by part of it', async () => {
    for (const q of [email.toUpperCase(), `hopper.${shopper.id}@`]) {
      const found = await search(q);
      expect(found.status).toBe(200);
      expect(found.result.data.map((row) => row.id)).toEqual([shopper.id]);
      expect(found.result.total).toBe(1);
    }
    const row = (await search(email)).result.data[0];
    expect(row).toMatchObject({ email, first_name: 'Grace', last_name: 'Hopper', orders: 1, points: 300, status: 'active' });
  });

  it('finds by name (every word), phone digits as typed, and order number', async () => {
    expect((await search('grace HOPPER')).result.data.map((row) => row.id)).toContain(shopper.id);
    expect((await search('Grace Lovelace')).result.data.map((row) => row.id)).not.toContain(shopper.id);
    expect((await search('202-555-0188')).result.data.map((row) => row.id)).toEqual([shopper.id]);
    expect((await search(orderNo)).result.data.map((row) => row.id)).toEqual([shopper.id]);
  });

  it('takes % and _ literally', async () => {
    expect((await search('%')).result.total).toBe(0);
    expect((await search('grace_hopper')).result.data.map((row) => row.id)).toEqual([shopper.id]);
    expect((await search('gracexhopper')).result.total).toBe(0);
  });

  it('pages every shopper, newest first', async () => {
    const first = await injectAs(t, agent).get<TAdminCustomerList>('/admin/customers?pagesize=1');
    const second = await injectAs(t, agent).get<TAdminCustomerList>('/admin/customers?pagesize=1&page=2');
    expect(first.result.data[0]?.id).toBe(other.id);
    expect(second.result.data[0]?.id).toBe(shopper.id);
    expect(first.result.total).toBeGreaterThanOrEqual(2);
  });

  it('refuses bad paging naming the field', async () => {
    const answer = await injectAs(t, agent).get('/admin/customers?pagesize=1000');
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer)).toContain('pagesize');
  });
});

describe('GET /admin/customers/:id', () => {
  it('shows the account, orders, points and ledger, coupons and addresses, each from its owner', async () => {
    const template = await makeTemplate(db(), { name: 'Ten off' });
    const granted = await injectAs(t, admin).post('/admin/coupons/grant', {
      coupon_id: template,
      user_id: shopper.id,
      reason: 'Apology',
    });
    expect(granted.status).toBe(200);
    const adjusted = await injectAs(t, admin).post(`/admin/users/${shopper.id}/points`, { points: -50, reason: 'Correction' });
    expect(adjusted.status).toBe(200);
    try {
      const answer = await injectAs(t, agent).get<TAdminCustomerProfile>(`/admin/customers/${shopper.id}`);
      expect(answer.status).toBe(200);
      const profile = answer.result;
      expect(profile.account).toMatchObject({ id: shopper.id, email, first_name: 'Grace', status: 'active' });
      expect(profile.account).not.toHaveProperty('password_hash');
      expect(profile.orders.total).toBe(1);
      expect(profile.orders.data[0]).toMatchObject({
        order_no: orderNo,
        pay_price: 99.98,
        total_num: 2,
        status_text: 'Pending Payment',
      });
      expect(profile.points.balance).toBe(250);
      expect(profile.points.ledger.data.map((entry) => entry.points)).toEqual([-50, 300]);
      expect(profile.coupons.data.map((coupon) => coupon.name)).toEqual(['Ten off']);
      expect(profile.coupons.counts.unused).toBe(1);
      expect(profile.addresses).toHaveLength(1);
      expect(profile.addresses[0]).toMatchObject({ city: 'Sacramento', is_default: 1 });
    } finally {
      // the shopper's balance back to the 300 the search tests read
      const undone = await injectAs(t, admin).post(`/admin/users/${shopper.id}/points`, { points: 50, reason: 'Test undone' });
      expect(undone.status).toBe(200);
    }
  });

  it('answers 404 for an unknown shopper and 400 for a bad id', async () => {
    const missing = await injectAs(t, agent).get(`/admin/customers/${2_000_000_000}`);
    expect(missing.status).toBe(404);
    expect(missing.msg).toBe(CustomerMessages.notFound);
    expect((await injectAs(t, agent).get('/admin/customers/abc')).status).toBe(400);
  });
});
