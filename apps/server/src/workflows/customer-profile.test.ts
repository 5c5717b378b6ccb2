import { SHOP_NAME } from '@shop/contracts';
import { AccountClosureMessages } from '@shop/contracts/account-closure';
import {
  CUSTOMER_NOTE_MAX,
  CustomerMessages,
  CustomerPaths,
  customerPath,
  type TAdminCustomerChats,
  type TAdminCustomerNotes,
  type TAdminCustomerProfile,
  type TAdminCustomerTranscript,
} from '@shop/contracts/customers';
import { TEST_CARDS, type TOrderDetail } from '@shop/contracts/orders';
import { ReturnStatus } from '@shop/contracts/return-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB } from '../jobs';
import { erasedEmail } from '../modules/users/personal-data';
import { buildUser } from '../seed/accounts';
import { makeAddress, makeCartLine, makeGoods, makeStaffToken, newKey } from '../testing/fixtures';
import { injectAs, type TestApp } from '../testing/harness';
import { createMailingApp } from '../testing/mailing';
import type { TestSmtpServer } from '../testing/smtp';

let t: TestApp;
let smtp: TestSmtpServer;
let admin: string;
let operator: string;
let agent: string;
let agentId: number;

const db = () => t.database.db;
let n = 0;

beforeAll(async () => {
  ({ t, smtp } = await createMailingApp());
  admin = await makeStaffToken(t, 'admin');
  operator = await makeStaffToken(t, 'operator');
  agent = await makeStaffToken(t, 'csr');
  const row = await db()
    .selectFrom('staff')
    .select('id')
    .where('role', '=', 'csr')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  agentId = row.id;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** A signed-in shopper with an address and goods in stock. */
async function shopper() {
  const email = `profile-${Date.now().toString(36)}-${++n}@example.com`;
  const user = await buildUser(db(), { email, password: 'Password123' });
  const signedIn = await injectAs(t, null).post<{ token: string }>('/shop/login/password', {
    username: email,
    password: 'Password123',
  });
  expect(signedIn.status).toBe(200);
  const { skuIds } = await makeGoods(db(), { name: 'Profile Scarf', price_cents: 2_500, stock: 10 });
  const addressId = await makeAddress(db(), user.id);
  return { id: user.id, email, token: signedIn.result.token, sku: skuIds[0] as number, addressId };
}
type Shopper = Awaited<ReturnType<typeof shopper>>;

async function placeOrder(who: Shopper, pay: boolean) {
  const cartId = await makeCartLine(db(), who.id, who.sku, 1);
  const created = await injectAs(t, who, {
    headers: {
      'idempotency-key': newKey(),
    },
  }).post<TOrderDetail>('/shop/order/create', { address_id: who.addressId, cart_ids: [cartId] });
  expect(created.status).toBe(200);
  if (pay) {
    const paid = await injectAs(t, who, { headers: { 'idempotency-key': newKey() } }).post('/shop/order/pay', {
      id: created.result.id,
      card: { number: TEST_CARDS.success, exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123', name: 'Ada' },
    });
    expect(paid.status).toBe(200);
  }
  return created.result;
}

async function openReturn(who: Shopper, orderId: number, returnNo: string) {
  const now = Date.now();
  return db()
    .insertInto('returns')
    .values({
      return_no: returnNo,
      order_id: orderId,
      user_id: who.id,
      kind: 'refund',
      status: ReturnStatus.Requested,
      cancels_order: 0,
      reason: 'Too small',
      description: 'Runs small',
      photos_json: '[]',
      exchange_sku_id: null,
      quote_json: '{"lines":[]}',
      amount: 2_500,
      created_at: now,
      updated_at: now,
      refunded_at: null,
      parcel_company_id: null,
      parcel_tracking_no: null,
      replacement_company_id: null,
      replacement_tracking_no: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

const auditOf = (action: string, userId: number) =>
  db().selectFrom('audit_log').selectAll().where('action', '=', action).where('object_id', '=', String(userId)).execute();

describe('the profile: returns', () => {
  it('lists the return requests with their order, kind, status and amount', async () => {
    const who = await shopper();
    const order = await placeOrder(who, false);
    const { id } = await openReturn(who, order.id, `R${order.order_no}-1`);
    const profile = await injectAs(t, agent).get<TAdminCustomerProfile>(customerPath(CustomerPaths.profile, who.id));
    expect(profile.status).toBe(200);
    expect(profile.result.returns).toEqual([
      expect.objectContaining({
        id,
        return_no: `R${order.order_no}-1`,
        order_id: order.id,
        order_no: order.order_no,
        kind: 'Refund',
        amount: 25,
      }),
    ]);
    expect(profile.result.returns[0]?.status).toBeTypeOf('string');
  });
});

describe('the profile: chat transcripts', () => {
  it("lists the shopper's conversations and opens one read-only; another shopper's is not found", async () => {
    const who = await shopper();
    const other = await shopper();
    const now = Date.now();
    const tourist = await db()
      .insertInto('chat_tourists')
      .values({ user_id: who.id, nickname: 'Ada', avatar: '', language: 'en', last_seen_at: now, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const session = await db()
      .insertInto('chat_sessions')
      .values({
        tourist_id: tourist.id,
        csr_id: agentId,
        status: 'closed',
        state: 'resolved',
        last_seq: 2,
        last_message: 'Happy to help',
        sort_time: now,
        created_at: now - 60_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const line = {
      session_id: session.id,
      type: 'text',
      title: '',
      extend: '{}',
      client_msg_id: '',
      status: 'read' as const,
      auto_reply: 0,
    };
    await db()
      .insertInto('chat_messages')
      .values([
        {
          ...line,
          client_msg_id: 'm1',
          seq: 1,
          sender_type: 'tourist',
          sender_id: tourist.id,
          content: 'Where is my scarf?',
          created_at: now - 60_000,
        },
        {
          ...line,
          client_msg_id: 'm2',
          seq: 2,
          sender_type: 'csr',
          sender_id: agentId,
          content: 'Happy to help',
          created_at: now,
        },
      ])
      .execute();

    const list = await injectAs(t, agent).get<TAdminCustomerChats>(customerPath(CustomerPaths.chats, who.id));
    expect(list.status).toBe(200);
    expect(list.result.data).toEqual([
      expect.objectContaining({ id: session.id, agent: 'csr', state: 'resolved', messages: 2, preview: 'Happy to help' }),
    ]);
    const opened = await injectAs(t, agent).get<TAdminCustomerTranscript>(customerPath(CustomerPaths.chat, who.id, session.id));
    expect(opened.status).toBe(200);
    expect(opened.result.lines.map((row) => [row.sender, row.text])).toEqual([
      ['tourist', 'Where is my scarf?'],
      ['csr', 'Happy to help'],
    ]);
    const notTheirs = await injectAs(t, agent).get(customerPath(CustomerPaths.chat, other.id, session.id));
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.msg).toBe(CustomerMessages.chatNotFound);
    expect((await injectAs(t, agent).get<TAdminCustomerChats>(customerPath(CustomerPaths.chats, other.id))).result.data).toEqual(
      [],
    );
    expect((await injectAs(t, agent).get(customerPath(CustomerPaths.chats, 2_000_000_000))).status).toBe(404);
  });
});

describe('the profile: staff notes', () => {
  it('are added by any customers.view role, 1 to 1000 characters, shown with their author, and audited', async () => {
    const who = await shopper();
    const path = customerPath(CustomerPaths.notes, who.id);
    for (const bad of ['', '   ', 'x'.repeat(CUSTOMER_NOTE_MAX + 1)]) {
      const refused = await injectAs(t, agent).post(path, { body: bad });
      expect(refused.status).toBe(400);
      expect([CustomerMessages.noteEmpty, CustomerMessages.noteTooLong]).toContain(refused.msg);
    }
    expect((await injectAs(t, agent).get<TAdminCustomerNotes>(path)).result.data).toEqual([]);
    const added = await injectAs(t, agent).post<TAdminCustomerNotes>(path, { body: 'Prefers e-mail to phone calls.' });
    expect(added.status).toBe(200);
    expect(added.msg).toBe(CustomerMessages.noteAdded);
    expect(added.result.data).toEqual([
      expect.objectContaining({ body: 'Prefers e-mail to phone calls.', author: 'csr', mine: true }),
    ]);
    const longest = await injectAs(t, admin).post<TAdminCustomerNotes>(path, { body: 'y'.repeat(CUSTOMER_NOTE_MAX) });
    expect(longest.status).toBe(200);
    const seenByAdmin = longest.result.data;
    expect(seenByAdmin.map((note) => [note.author, note.mine])).toEqual([
      ['admin', true],
      ['csr', false],
    ]);
    expect(await auditOf('customer_note.add', who.id)).toHaveLength(2);
  });

  it('are deleted by their author only, audited', async () => {
    const who = await shopper();
    const path = customerPath(CustomerPaths.notes, who.id);
    const added = await injectAs(t, agent).post<TAdminCustomerNotes>(path, { body: 'Called about a late parcel.' });
    const noteId = added.result.data[0]?.id as number;
    const deletePath = customerPath(CustomerPaths.noteDelete, who.id);
    const notYours = await injectAs(t, admin).post(deletePath, { note_id: noteId });
    expect(notYours.status).toBe(403);
    expect(notYours.msg).toBe(CustomerMessages.noteNotYours);
    expect((await injectAs(t, agent).post(deletePath, { note_id: 2_000_000_000 })).status).toBe(404);
    expect((await injectAs(t, agent).post(deletePath, { note_id: 'one' })).status).toBe(400);
    const deleted = await injectAs(t, agent).post<TAdminCustomerNotes>(deletePath, { note_id: noteId });
    expect(deleted.status).toBe(200);
    expect(deleted.result.data).toEqual([]);
    const [entry] = await auditOf('customer_note.delete', who.id);
    expect(entry).toBeDefined();
  });
});

describe('POST /admin/customers/:id/erase', () => {
  const erase = (who: { id: number }, reason: unknown, token = admin) =>
    injectAs(t, token).post(customerPath(CustomerPaths.erase, who.id), { reason });
  const statusOf = async (userId: number) =>
    (await db().selectFrom('users').select(['status', 'email']).where('id', '=', userId).executeTakeFirstOrThrow()).status;

  it('is for customers.erase only, and asks for a reason', async () => {
    const who = await shopper();
    expect((await erase(who, 'Asked by phone', operator)).status).toBe(403);
    expect((await erase(who, 'Asked by phone', agent)).status).toBe(403);
    const empty = await erase(who, ' ');
    expect(empty.status).toBe(400);
    expect(empty.msg).toBe(CustomerMessages.reasonEmpty);
    expect((await erase(who, 'x'.repeat(501))).msg).toBe(CustomerMessages.reasonTooLong);
    expect((await erase({ id: 2_000_000_000 }, 'Asked')).status).toBe(404);
    expect(await statusOf(who.id)).toBe('active');
  });

  it("refuses with the self-cancellation's words while an order, a return or a payment is pending, changing nothing", async () => {
    const paid = await shopper();
    await placeOrder(paid, true);
    const undelivered = await erase(paid, 'Asked by e-mail');
    expect(undelivered.status).toBe(400);
    expect(undelivered.msg).toBe(AccountClosureMessages.ordersUndelivered);

    const returning = await shopper();
    const order = await placeOrder(returning, false);
    await openReturn(returning, order.id, `R${order.order_no}-9`);
    expect((await erase(returning, 'Asked by e-mail')).msg).toBe(AccountClosureMessages.returnsOpen);

    const paying = await shopper();
    const unpaid = await placeOrder(paying, false);
    await db()
      .insertInto('order_payments')
      .values({
        order_id: unpaid.id,
        provider: 'test',
        provider_ref: `ref-${unpaid.id}`,
        amount: 2_500,
        status: 'pending',
        message: '',
        card_last4: '4242',
        idempotency_key: null,
        created_at: Date.now(),
      })
      .execute();
    expect((await erase(paying, 'Asked by e-mail')).msg).toBe(AccountClosureMessages.paymentInFlight);

    for (const who of [paid, returning, paying]) expect(await statusOf(who.id)).toBe('active');
    expect(await auditOf('customer.erase', paid.id)).toEqual([]);
  });

  it('erases the account, cancels its unpaid orders, ends its sessions, mails the last message and audits the reason', async () => {
    const who = await shopper();
    const unpaid = await placeOrder(who, false);
    await injectAs(t, agent).post(customerPath(CustomerPaths.notes, who.id), { body: 'Asked us to erase the account.' });
    const before = smtp.to(who.email).length;
    const erased = await erase(who, 'Asked by e-mail on 3 May');
    expect(erased.status).toBe(200);
    expect(erased.msg).toBe(CustomerMessages.erased);

    const user = await db().selectFrom('users').select(['status', 'email']).where('id', '=', who.id).executeTakeFirstOrThrow();
    expect(user).toEqual({ status: 'cancelled', email: erasedEmail(who.id) });
    const order = await db().selectFrom('orders').select('status').where('id', '=', unpaid.id).executeTakeFirstOrThrow();
    expect(order.status).not.toBe(unpaid.status);
    expect(await db().selectFrom('customer_notes').select('id').where('user_id', '=', who.id).execute()).toEqual([]);
    const [entry] = await auditOf('customer.erase', who.id);
    expect(entry?.reason).toBe('Asked by e-mail on 3 May');
    expect(JSON.stringify(entry)).not.toContain(who.email);

    const signedOut = await injectAs(t, who).get('/shop/user/info');
    expect(signedOut.status).toBe(401);
    await t.app.services.jobs.run(JOB.eventDispatch);
    await t.app.services.jobs.run(JOB.mailDelivery);
    const last = smtp.to(who.email).slice(before);
    expect(last.map((mail) => mail.subject)).toContain(`Your ${SHOP_NAME} account has been cancelled`);

    const again = await erase(who, 'Twice');
    expect(again.status).toBe(400);
    expect(again.msg).toBe(CustomerMessages.notActive);
  });
});
