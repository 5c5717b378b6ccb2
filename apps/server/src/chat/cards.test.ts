import { randomBytes } from 'node:crypto';
import { ChatTexts, PathInfo, type TChatMessage, type TChatUpload } from '@shop/contracts/chat-protocol';
import type { TOrderDetail } from '@shop/contracts/orders';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatClient } from '../testing/chat-client';
import { chatHarness } from '../testing/chat-harness';
import { makeAddress, makeCartLine, makeGoods, makeShopper, makeStaff, newKey, type Shopper } from '../testing/fixtures';
import { body, injectAs, type TestApp } from '../testing/harness';
import { CHAT_CONFIG_SETTING } from './config';
import { chatTestHooks } from './desk.testing';

// The hardening issue's "a chat the server trusts nothing from": goods, order and file messages
// name a record by id, and the server builds the card from its own record of it.

let t: TestApp;
const harness = chatHarness();
let n = 0;

chatTestHooks(harness, (app) => {
  t = app;
});
beforeEach(async () => {
  await t.database.db.deleteFrom('settings').where('key', '=', CHAT_CONFIG_SETTING).execute();
});

async function setChatConfig(change: Record<string, unknown>) {
  const value = JSON.stringify(change);
  await t.database.db
    .insertInto('settings')
    .values({ key: CHAT_CONFIG_SETTING, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** A fresh agent, online, with the console's first pushes read. */
async function agentOnline() {
  const { id, token } = await makeStaff(t, 'csr', { nickname: `Agent ${++n}` });
  return { id, chat: (await harness.openConsole(token)).client };
}

/** A conversation between a fresh agent and a visitor (a signed-in shopper when `shopper` is given). */
async function conversation(shopper?: Shopper) {
  const agent = await agentOnline();
  const { client: chat, user } = await harness.visitor(shopper ? { baUserToken: shopper.token } : {});
  const { session_id } = await harness.converse(chat);
  await agent.chat.next<TChatMessage>('newMessage', (message) => message.content === 'Hello');
  return { agent, visitor: { chat, user }, session_id };
}

const send = (chat: ChatClient, session_id: number, message: Record<string, unknown>) =>
  chat.send({ pathInfo: PathInfo.sendSessionMessage, session_id, client_msg_id: `card-${++n}`, ...message });

const storedTypes = async (session_id: number) =>
  (await t.database.db.selectFrom('chat_messages').select('type').where('session_id', '=', session_id).execute()).map(
    (row) => row.type,
  );

async function placeOrder(shopper: Shopper, name: string) {
  const { skuIds } = await makeGoods(t.database.db, { name, price_cents: 4200, stock: 5 });
  const addressId = await makeAddress(t.database.db, shopper.id);
  const cartId = await makeCartLine(t.database.db, shopper.id, skuIds[0] as number, 2);
  const answer = await injectAs(t, shopper, { headers: { 'idempotency-key': newKey() } }).post<TOrderDetail>(
    '/shop/order/create',
    { address_id: addressId, cart_ids: [cartId], points: 0 },
  );
  expect(answer.status).toBe(200);
  return answer.result;
}

/** Uploads a small text file as `headers` identify the uploader (a shopper's token or a tourist token). */
async function upload(headers: Record<string, string>, filename = 'size-guide.txt') {
  const boundary = `----cards${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/plain\r\n\r\n`,
    ),
    Buffer.from('Chest 88 cm, waist 70 cm.\n'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/worker/kefu.HttpIndex/upload',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
  });
  expect(response.statusCode).toBe(200);
  return body<TChatUpload>(response).result;
}

describe('goods cards', () => {
  it('come from the catalogue, whatever the client says of the product', async () => {
    const { goodsId } = await makeGoods(t.database.db, { name: 'Linen Midi Dress', price_cents: 8950, stock: 3 });
    const { agent, visitor, session_id } = await conversation();
    send(visitor.chat, session_id, {
      type: 'good',
      content: 'Linen Midi Dress',
      extend: { id: goodsId, title: 'Linen Midi Dress', price: '0.01', image: 'https://evil.example/x.png', url: 'evil' },
    });
    const card = await agent.chat.next<TChatMessage>('newMessage', (m) => m.type === 'good');
    expect(card.content).toBe('Linen Midi Dress');
    expect(card.extend).toMatchObject({ id: goodsId, title: 'Linen Midi Dress', price: '89.50' });
    expect(card.extend.image).not.toContain('evil');
    expect(card.extend.url).not.toBe('evil');
  });

  it('are refused for a product the shop does not show, or without a product', async () => {
    const { goodsId } = await makeGoods(t.database.db, { name: 'Withdrawn Coat', price_cents: 12000, stock: 1 });
    await t.database.db.updateTable('goods').set({ status: 0 }).where('id', '=', goodsId).execute();
    const { visitor, session_id } = await conversation();
    send(visitor.chat, session_id, { type: 'good', content: 'Withdrawn Coat', extend: { id: goodsId } });
    expect((await visitor.chat.next<{ message: string }>('error')).message).toBe(ChatTexts.goodsGone);
    send(visitor.chat, session_id, { type: 'good', content: 'Nothing', extend: { title: 'A card of nothing' } });
    expect((await visitor.chat.next<{ message: string }>('error')).message).toBe(ChatTexts.cardWithoutRecord);
    send(visitor.chat, session_id, { type: 'good', content: 'Too far', extend: { id: 2_147_483_648 } });
    expect((await visitor.chat.next<{ message: string }>('error')).message).toBe(ChatTexts.cardWithoutRecord);
    expect(await storedTypes(session_id)).not.toContain('good');
  });

  it('follow send_goods_identity when goods_api is set, and are open to all when it is not', async () => {
    const { goodsId } = await makeGoods(t.database.db, { name: 'Silk Scarf', price_cents: 2500, stock: 9 });
    await setChatConfig({ send_goods_identity: ['csr'] });
    const { agent, visitor, session_id } = await conversation();
    send(visitor.chat, session_id, { type: 'good', content: 'Silk Scarf', extend: { id: goodsId } });
    expect((await visitor.chat.next<{ message: string }>('error')).message).toBe(ChatTexts.goodsNotAllowed);
    send(agent.chat, session_id, { type: 'good', content: 'Silk Scarf', extend: { id: goodsId } });
    expect((await visitor.chat.next<TChatMessage>('newMessage', (m) => m.type === 'good')).sender_identity).toBe('csr');

    await setChatConfig({ send_goods_identity: ['csr'], goods_api: '' });
    send(visitor.chat, session_id, { type: 'good', content: 'Silk Scarf', extend: { id: goodsId } });
    await agent.chat.next<TChatMessage>('newMessage', (m) => m.type === 'good' && m.sender_identity === 'tourist');
  });
});

describe('order cards', () => {
  it('show the order as the shop has it, never as the client describes it', async () => {
    const shopper = await makeShopper(t);
    const order = await placeOrder(shopper, 'Pleated Skirt');
    const { agent, visitor, session_id } = await conversation(shopper);
    send(visitor.chat, session_id, {
      type: 'order',
      content: 'FORGED-0001',
      extend: { id: order.id, order_no: 'FORGED-0001', status: 2, pay_price: '0.01', total_num: 1, detail: [] },
    });
    const card = await agent.chat.next<TChatMessage>('newMessage', (m) => m.type === 'order');
    expect(card.content).toBe(order.order_no);
    expect(card.extend).toMatchObject({
      id: order.id,
      order_no: order.order_no,
      status: order.status,
      pay_price: order.pay_price.toFixed(2),
      total_num: 2,
    });
    expect(card.extend.detail).toEqual([expect.objectContaining({ goods_name: 'Pleated Skirt', num: 2 })]);
  });

  it('come only from the conversation’s shopper: not another shopper’s order, not from a guest', async () => {
    const shopper = await makeShopper(t);
    const other = await makeShopper(t);
    const theirs = await placeOrder(other, 'Someone Else’s Boots');
    const signedIn = await conversation(shopper);
    send(signedIn.visitor.chat, signedIn.session_id, { type: 'order', content: theirs.order_no, extend: { id: theirs.id } });
    expect((await signedIn.visitor.chat.next<{ message: string }>('error')).message).toBe(ChatTexts.orderGone);

    const guest = await conversation();
    send(guest.visitor.chat, guest.session_id, { type: 'order', content: theirs.order_no, extend: { id: theirs.id } });
    expect((await guest.visitor.chat.next<{ message: string }>('error')).message).toBe(ChatTexts.loginToViewOrders);
    expect(await storedTypes(signedIn.session_id)).not.toContain('order');
    expect(await storedTypes(guest.session_id)).not.toContain('order');
  });

  it('may be sent by an agent, of the conversation’s shopper only, when send_orders_identity lists agents', async () => {
    const shopper = await makeShopper(t);
    const mine = await placeOrder(shopper, 'Wool Cardigan');
    const other = await makeShopper(t);
    const theirs = await placeOrder(other, 'Not Theirs Hat');
    const { agent, visitor, session_id } = await conversation(shopper);
    // the default lets shoppers alone send orders
    send(agent.chat, session_id, { type: 'order', content: mine.order_no, extend: { id: mine.id } });
    expect((await agent.chat.next<{ message: string }>('error')).message).toBe(ChatTexts.ordersNotAllowed);

    await setChatConfig({ send_orders_identity: ['tourist', 'csr'] });
    send(agent.chat, session_id, { type: 'order', content: theirs.order_no, extend: { id: theirs.id } });
    expect((await agent.chat.next<{ message: string }>('error')).message).toBe(ChatTexts.orderGone);
    send(agent.chat, session_id, { type: 'order', content: 'x', extend: { id: mine.id } });
    const card = await visitor.chat.next<TChatMessage>('newMessage', (m) => m.type === 'order');
    expect(card).toMatchObject({ sender_identity: 'csr', content: mine.order_no });
  });
});

describe('file and image cards', () => {
  it('come only from an upload the sender made', async () => {
    const shopper = await makeShopper(t);
    const mine = await upload({ 'user-token': shopper.token });
    const stranger = await makeShopper(t);
    const theirs = await upload({ 'user-token': stranger.token }, 'private.txt');
    const { agent, visitor, session_id } = await conversation(shopper);

    send(visitor.chat, session_id, {
      type: 'file',
      content: 'https://evil.example/x.exe',
      extend: { id: mine.id, name: 'x.exe' },
    });
    const card = await agent.chat.next<TChatMessage>('newMessage', (m) => m.type === 'file');
    expect(card.content).toBe(mine.url);
    expect(card.extend).toEqual({ id: mine.id, name: 'size-guide.txt', size: mine.size, suffix: 'txt' });

    send(visitor.chat, session_id, { type: 'file', content: theirs.url, extend: { id: theirs.id } });
    expect((await visitor.chat.next<{ message: string }>('error')).message).toBe(ChatTexts.fileGone);
    send(visitor.chat, session_id, { type: 'image', content: mine.url, extend: { id: mine.id } });
    expect((await visitor.chat.next<{ message: string }>('error')).message).toBe(ChatTexts.notAnImage);
    expect((await storedTypes(session_id)).filter((type) => type === 'file' || type === 'image')).toEqual(['file']);
  });

  it('from a guest are refused on every frame once tourist_file_switch is no', async () => {
    const { agent, visitor, session_id } = await conversation();
    const uploaded = await upload({ 'tourist-token': visitor.user.token });
    send(visitor.chat, session_id, { type: 'file', content: uploaded.url, extend: { id: uploaded.id } });
    await agent.chat.next<TChatMessage>('newMessage', (m) => m.type === 'file');

    await setChatConfig({ tourist_file_switch: 'no' });
    send(visitor.chat, session_id, { type: 'file', content: uploaded.url, extend: { id: uploaded.id } });
    expect((await visitor.chat.next<{ message: string }>('error')).message).toBe(ChatTexts.guestUploadRefused);
    expect((await storedTypes(session_id)).filter((type) => type === 'file')).toHaveLength(1);
  });
});
