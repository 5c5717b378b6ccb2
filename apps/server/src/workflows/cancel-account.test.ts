import { SHOP_NAME } from '@shop/contracts';
import { AccountClosureMessages } from '@shop/contracts/account-closure';
import type { TTokenPair } from '@shop/contracts/auth';
import { EmailCodeMessages } from '@shop/contracts/email-codes';
import { TEST_CARDS, type TOrderDetail } from '@shop/contracts/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erasedAddress } from '../modules/orders/personal-data';
import { pointsBalance } from '../modules/users';
import { erasedEmail } from '../modules/users/personal-data';
import { buildUser } from '../seed/accounts';
import { makeAddress, makeCartLine, makeGoods, makeStaffToken, newKey, registration } from '../testing/fixtures';
import { type Answer, injectAs, type TestApp } from '../testing/harness';
import { codeIn, createMailingApp, mailDeliveredTo } from '../testing/mailing';
import type { TestSmtpServer } from '../testing/smtp';

let t: TestApp;
let smtp: TestSmtpServer;

beforeAll(async () => {
  ({ t, smtp } = await createMailingApp());
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let n = 0;
const newIp = () => `203.0.113.${++n}`;
const newEmail = () => `leaving-${Date.now().toString(36)}-${++n}@example.com`;

/** Requests from `ip`, as the shopper holding `token` when given. */
const from = (ip: string, token?: string) => injectAs(t, token, { ip });
const login = (username: string, password: string, ip: string) =>
  from(ip).post<TTokenPair>('/shop/login/password', { username, password });
const signout = (payload: Record<string, unknown>, ip: string, token: string) =>
  from(ip, token).post<{ fields?: Record<string, string> } | null>('/api/signout', payload);
const info = (token: string) => injectAs(t, token).get('/shop/user/info');

const mailTo = (email: string, before = 0) => mailDeliveredTo(t, smtp, email, before);
const fieldsOf = (answer: Answer<unknown>) => (answer.result as { fields?: Record<string, string> }).fields;

/** A registered shopper (a real password), signed in, with a default address, a bag line, a favourite, a view and points. */
async function shopperWithData(ip: string) {
  const user = await buildUser(t.database.db, { email: newEmail(), password: 'Password123', points: 300 });
  const pair = (await login(user.email, user.password, ip)).result;
  const { skuIds, goodsId } = await makeGoods(t.database.db, { name: 'Linen Shirt', price_cents: 3000, stock: 10 });
  const sku = skuIds[0] as number;
  const addressId = await makeAddress(t.database.db, user.id);
  const now = Date.now();
  await t.database.db.insertInto('favorites').values({ user_id: user.id, goods_id: goodsId, created_at: now }).execute();
  await t.database.db.insertInto('browsing_history').values({ user_id: user.id, goods_id: goodsId, viewed_at: now }).execute();
  await t.database.db
    .insertInto('notification_preferences')
    .values({ user_id: user.id, category: 'promotions', channel: 'email', enabled: 0, updated_at: now })
    .execute();
  const tourist = await t.database.db
    .insertInto('chat_tourists')
    .values({
      user_id: user.id,
      nickname: 'Ada L.',
      avatar: '/media/ada.png',
      language: 'en',
      last_seen_at: now,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...user, token: pair.token, sku, goodsId, addressId, touristId: tourist.id };
}

type Shopper = Awaited<ReturnType<typeof shopperWithData>>;

async function placeOrder(shopper: Shopper, pay: boolean) {
  const cartId = await makeCartLine(t.database.db, shopper.id, shopper.sku, 1);
  const created = await injectAs(t, shopper, { headers: { 'idempotency-key': newKey() } }).post<TOrderDetail>(
    '/shop/order/create',
    { address_id: shopper.addressId, cart_ids: [cartId], remark: 'Leave it with the neighbour' },
  );
  expect(created.status).toBe(200);
  if (pay) {
    const paid = await injectAs(t, shopper, { headers: { 'idempotency-key': newKey() } }).post('/shop/order/pay', {
      id: created.result.id,
      card: { number: TEST_CARDS.success, exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123', name: 'Ada' },
    });
    expect(paid.status).toBe(200);
  }
  return created.result;
}

/** Asks for the sign-out code and answers it as mailed. */
async function signoutCode(shopper: Shopper, ip: string): Promise<string> {
  const before = smtp.to(shopper.email).length;
  const sent = await from(ip, shopper.token).post('/api/send/signout/mail', { email: shopper.email });
  expect(sent.status).toBe(200);
  expect(sent.msg).toBe(AccountClosureMessages.codeSent);
  // the order notices' e-mail copies may arrive in the same run
  const mail = (await mailTo(shopper.email, before)).find((sent) => sent.subject.includes('account cancellation code'));
  expect(mail?.subject).toContain('account cancellation code');
  return codeIn(mail);
}

const orderRow = (id: number) => t.database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const countOf = async (
  table: 'cart_items' | 'favorites' | 'addresses' | 'browsing_history' | 'notification_preferences',
  userId: number,
) => (await t.database.db.selectFrom(table).select('user_id').where('user_id', '=', userId).execute()).length;

describe('POST /api/send/signout/mail and /api/signout', () => {
  it('refuse while an order is paid and not delivered, and change nothing', async () => {
    const ip = newIp();
    const shopper = await shopperWithData(ip);
    const order = await placeOrder(shopper, true);
    expect((await orderRow(order.id)).status).toBe(2);
    const code = await signoutCode(shopper, ip);
    const refused = await signout({ email: shopper.email, code }, ip, shopper.token);
    expect(refused.status).toBe(400);
    expect(refused.msg).toBe(AccountClosureMessages.ordersUndelivered);
    const user = await t.database.db.selectFrom('users').selectAll().where('id', '=', shopper.id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ status: 'active', email: shopper.email });
    expect(await countOf('addresses', shopper.id)).toBe(1);
    expect((await info(shopper.token)).status).toBe(200);
  });

  it('erase the account in place, keep its orders for staff without personal fields, end its sessions, mail the old address, and free the address', async () => {
    const ip = newIp();
    const shopper = await shopperWithData(ip);
    const order = await placeOrder(shopper, true);
    const admin = await makeStaffToken(t, 'admin');
    // delivered: shipped by staff, received by the shopper
    expect(
      (await injectAs(t, admin).post('/admin/order/ship', { id: order.id, company_code: 'ups', tracking_no: '1Z999' })).status,
    ).toBe(200);
    expect((await injectAs(t, shopper).post('/shop/order/receive', { id: order.id })).status).toBe(200);
    const unpaid = await placeOrder(shopper, false);
    await makeCartLine(t.database.db, shopper.id, shopper.sku, 2);
    const before = await orderRow(order.id);
    const other = (await login(shopper.email, 'Password123', newIp())).result;

    const code = await signoutCode(shopper, ip);
    const wrong = await signout({ email: shopper.email, code: code === '000000' ? '111111' : '000000' }, ip, shopper.token);
    expect(fieldsOf(wrong)).toEqual({ code: EmailCodeMessages.invalid });
    const done = await signout({ email: shopper.email, code, reason: 'Moving abroad' }, ip, shopper.token);
    expect(done.status).toBe(200);
    expect(done.msg).toBe(AccountClosureMessages.cancelled);

    const user = await t.database.db.selectFrom('users').selectAll().where('id', '=', shopper.id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      status: 'cancelled',
      email: erasedEmail(shopper.id),
      first_name: '',
      last_name: '',
      mobile: '',
      avatar: '',
      password_hash: '',
    });
    for (const table of ['cart_items', 'favorites', 'addresses', 'browsing_history', 'notification_preferences'] as const) {
      expect(await countOf(table, shopper.id)).toBe(0);
    }
    expect(await pointsBalance(t.database.db, shopper.id)).toBe(0);
    const tourist = await t.database.db
      .selectFrom('chat_tourists')
      .selectAll()
      .where('id', '=', shopper.touristId)
      .executeTakeFirstOrThrow();
    expect(tourist).toMatchObject({ user_id: null, nickname: 'Visitor', avatar: '' });

    // the delivered order stays with its figures; its address and note no longer name anyone
    const after = await orderRow(order.id);
    expect(after).toMatchObject({
      user_id: shopper.id,
      status: before.status,
      pay_price: before.pay_price,
      goods_amount: before.goods_amount,
      remark: '',
    });
    expect(JSON.parse(after.address_json)).toEqual(erasedAddress('US'));
    expect((await orderRow(unpaid.id)).status).toBe(6);
    const staffList = await injectAs(t, admin).get<{ data: { id: number; email: string }[] }>('/admin/order/list?status=0');
    expect(staffList.result.data.find((row) => row.id === order.id)?.email).toBe(erasedEmail(shopper.id));

    // every session ended; the password opens nothing
    for (const token of [shopper.token, other.token]) {
      expect((await info(token)).status).toBe(401);
    }
    expect((await login(shopper.email, 'Password123', newIp())).status).toBe(400);

    // the last e-mail reaches the old address
    const mails = await mailTo(shopper.email);
    const last = mails.at(-1);
    expect(last?.subject).toBe(`Your ${SHOP_NAME} account has been cancelled`);
    expect(last?.text).toContain('your name, e-mail address, phone, addresses');
    expect(last?.html).toContain('Your account has been cancelled');

    // the same address registers again, as a new account
    const again = await from(newIp()).post(
      '/shop/login/register',
      registration({ email: shopper.email, password: 'Password456', passwordConfirm: 'Password456' }),
    );
    expect(again.status).toBe(200);
    const fresh = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', shopper.email)
      .executeTakeFirstOrThrow();
    expect(fresh.id).not.toBe(shopper.id);
  });

  it('let one of two concurrent cancellations with one code win', async () => {
    const ip = newIp();
    const shopper = await shopperWithData(ip);
    const code = await signoutCode(shopper, ip);
    const answers = await Promise.all([
      signout({ email: shopper.email, code }, ip, shopper.token),
      signout({ email: shopper.email, code }, ip, shopper.token),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, expect.any(Number)]);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const events = await t.database.db
      .selectFrom('event_outbox')
      .select('payload')
      .where('type', '=', 'user.cancelled')
      .execute();
    expect(events.filter((event) => JSON.parse(event.payload).user_id === shopper.id)).toHaveLength(1);
  });

  it('refuse a guest, another address than the account’s, and bad input', async () => {
    const ip = newIp();
    const shopper = await shopperWithData(ip);
    expect((await from(ip).post('/api/send/signout/mail', { email: shopper.email })).status).toBe(401);
    const other = await from(ip, shopper.token).post('/api/send/signout/mail', { email: 'someone@example.com' });
    expect(fieldsOf(other)).toEqual({ email: EmailCodeMessages.notYourEmail });
    const bad = await signout({ email: shopper.email, code: 'abc' }, ip, shopper.token);
    expect(bad.status).toBe(400);
    expect(
      (await t.database.db.selectFrom('users').select('status').where('id', '=', shopper.id).executeTakeFirstOrThrow()).status,
    ).toBe('active');
  });
});

describe('GET /shop/user/export', () => {
  it('answers a JSON attachment with the profile, addresses, orders, wishlist, history, points and chat', async () => {
    const ip = newIp();
    const shopper = await shopperWithData(ip);
    const order = await placeOrder(shopper, true);
    const { response } = await injectAs(t, shopper).get('/shop/user/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = JSON.parse(response.body);
    expect(data.profile).toMatchObject({ email: shopper.email });
    expect(data.profile.password_hash).toBeUndefined();
    expect(data.addresses).toHaveLength(1);
    expect(data.orders.map((o: { order_no: string }) => o.order_no)).toEqual([order.order_no]);
    expect(data.orders[0].items).toHaveLength(1);
    expect(data.payments).toHaveLength(1);
    expect(data.wishlist).toHaveLength(1);
    expect(data.browsing_history).toHaveLength(1);
    expect(data.points_ledger.map((row: { amount: number }) => row.amount)).toContain(300);
    expect(data.chat.identities[0]).toMatchObject({ nickname: 'Ada L.' });
    expect(data.sign_in_sessions.length).toBeGreaterThan(0);
    expect((await injectAs(t, null).get('/shop/user/export')).status).toBe(401);
  });
});
