import { CHAT_UPLOAD_MAX_BYTES } from '@shop/contracts/chat-constants';
import { describe, expect, it } from 'vitest';
import { chatShownOn, maySend, offeredPickers } from '../widget/chat-config';
import { EMOJI, emojiPage, insertAt, MOBILE_EMOJI_PAGE } from './emoji';
import { goodsMessage, orderMessage } from './picker-data';
import { checkUpload, guestRefused, UploadRefused, uploadFailureText, uploadMessage } from './upload';

describe('where the chat shows (spec 2)', () => {
  const hidden = ['/login', '/order', '/order/paySuccess', '/help/*'];
  it('is hidden on the configured paths and shown elsewhere', () => {
    expect(chatShownOn('/login', hidden)).toBe(false);
    expect(chatShownOn('/login/', hidden)).toBe(false);
    expect(chatShownOn('/order', hidden)).toBe(false);
    expect(chatShownOn('/help/AboutUs', hidden)).toBe(false);
    expect(chatShownOn('/', hidden)).toBe(true);
    expect(chatShownOn('/orders-guide', hidden)).toBe(true);
    expect(chatShownOn('/product/dress.html', hidden)).toBe(true);
  });
  it('matches the configured paths whatever their capitals, as the routes do', () => {
    expect(chatShownOn('/Login', hidden)).toBe(false);
    expect(chatShownOn('/ORDER/paysuccess', hidden)).toBe(false);
    expect(chatShownOn('/HELP/aboutus', hidden)).toBe(false);
    expect(chatShownOn('/cancelaccount', ['/cancelAccount'])).toBe(false);
    expect(chatShownOn('/Agent', [])).toBe(false);
  });
  it('never shows on the agents’ console', () => {
    expect(chatShownOn('/agent', [])).toBe(false);
    expect(chatShownOn('/agent/login', [])).toBe(false);
    expect(chatShownOn('/agents-wanted', [])).toBe(true);
  });
});

describe('who may send goods and orders (spec 6)', () => {
  const config = {
    goods_api: '/shop/goods',
    orders_api: '/shop/order/list',
    send_goods_identity: ['csr' as const],
    send_orders_identity: ['tourist' as const],
  };
  it('limits desktop to the listed identities when the API is set', () => {
    expect(maySend('goods', 'tourist', false, config)).toBe(false);
    expect(maySend('goods', 'csr', false, config)).toBe(true);
    expect(maySend('orders', 'tourist', false, config)).toBe(true);
    expect(maySend('orders', 'csr', false, config)).toBe(false);
  });
  it('opens desktop to everyone when the API is not set', () => {
    expect(maySend('goods', 'tourist', false, { ...config, goods_api: '' })).toBe(true);
    expect(maySend('orders', 'csr', false, { ...config, orders_api: '' })).toBe(true);
  });
  it('opens mobile to everyone', () => {
    expect(maySend('goods', 'tourist', true, config)).toBe(true);
    expect(maySend('orders', 'csr', true, config)).toBe(true);
  });
  it('never offers an agent the orders picker (they have no orders of their own), but keeps goods', () => {
    const open = { ...config, goods_api: '', orders_api: '' };
    for (const mobile of [true, false]) {
      expect(offeredPickers('csr', mobile, open)).toEqual({ goods: true, orders: false });
      expect(offeredPickers('csr', mobile, open, false)).toEqual({ goods: true, orders: false });
      // a shopper (or a guest, then asked to sign in) is offered both
      expect(offeredPickers('tourist', mobile, open)).toEqual({ goods: true, orders: true });
    }
    // on desktop the identity lists still rule
    expect(offeredPickers('csr', false, config, false)).toEqual({ goods: true, orders: false });
    expect(offeredPickers('tourist', false, config)).toEqual({ goods: false, orders: true });
    expect(offeredPickers('tourist', true, config)).toEqual({ goods: true, orders: true });
    // a sender without orders of their own is not offered the picker even where spec 6 would allow it
    expect(offeredPickers('tourist', true, config, false)).toEqual({ goods: true, orders: false });
  });
});

describe('uploads (spec 5)', () => {
  it('takes only image/* in the image picker', () => {
    expect(checkUpload({ type: 'application/pdf', size: 10 }, 'image')).toBe('notAnImage');
    expect(checkUpload({ type: '', size: 10 }, 'image')).toBe('notAnImage');
    expect(checkUpload({ type: 'image/png', size: 10 }, 'image')).toBeNull();
    expect(checkUpload({ type: 'application/pdf', size: 10 }, 'file')).toBeNull();
  });
  it('refuses anything over 50 MB', () => {
    expect(checkUpload({ type: 'application/zip', size: CHAT_UPLOAD_MAX_BYTES }, 'file')).toBeNull();
    expect(checkUpload({ type: 'application/zip', size: CHAT_UPLOAD_MAX_BYTES + 1 }, 'file')).toBe('uploadTooLarge');
    expect(checkUpload({ type: 'image/jpeg', size: CHAT_UPLOAD_MAX_BYTES + 1 }, 'image')).toBe('uploadTooLarge');
  });
  it('refuses a guest when the tourist file switch is off', () => {
    expect(guestRefused(true, 'no')).toBe(true);
    expect(guestRefused(true, 'yes')).toBe(false);
    expect(guestRefused(false, 'no')).toBe(false);
  });
  it('turns an upload into an image or a file message', () => {
    const base = {
      id: 1,
      url: '/worker/kefu.HttpIndex/file/k',
      name: 'guide.pdf',
      size: 2048,
      suffix: 'pdf',
      mime: 'application/pdf',
      expires_at: '',
    };
    // the upload's id is what the server builds the message from
    expect(uploadMessage({ ...base, type: 'file' })).toEqual({
      type: 'file',
      content: base.url,
      extend: { id: 1, name: 'guide.pdf', size: 2048, suffix: 'pdf' },
    });
    expect(uploadMessage({ ...base, type: 'image', suffix: 'png' })).toEqual({
      type: 'image',
      content: base.url,
      extend: { id: 1 },
    });
  });
  it('says why an upload failed when the server gave a reason of the shopper’s own', () => {
    expect(uploadFailureText(new UploadRefused('File too large', 413), 'Upload failed')).toBe('Upload failed (File too large)');
    expect(uploadFailureText(new UploadRefused('Upload failed', 400), 'Upload failed')).toBe('Upload failed');
    expect(uploadFailureText(new UploadRefused('', 400), 'Upload failed')).toBe('Upload failed');
    expect(uploadFailureText(new UploadRefused('database down', 500), 'Upload failed')).toBe('Upload failed');
    expect(uploadFailureText(new Error('network'), 'Upload failed')).toBe('Upload failed');
  });
});

describe('the emoji panel (spec 9)', () => {
  it('pages 24 at a time on mobile, clamped to the pages there are', () => {
    const first = emojiPage(0);
    expect(first.emoji).toHaveLength(MOBILE_EMOJI_PAGE);
    expect(first.pages).toBe(Math.ceil(EMOJI.length / MOBILE_EMOJI_PAGE));
    expect(emojiPage(99).page).toBe(first.pages - 1);
    expect(emojiPage(-3).page).toBe(0);
  });
  it('inserts at the caret, replacing a selection', () => {
    expect(insertAt('Hello world', '🙂', 5, 5)).toEqual({ text: 'Hello🙂 world', caret: 7 });
    expect(insertAt('Hello world', '!', 5, 11)).toEqual({ text: 'Hello!', caret: 6 });
  });
});

describe('goods and order cards', () => {
  it('send a product with the card’s fields (spec 3 "Good extend")', () => {
    const message = goodsMessage({
      id: 7,
      name: 'Floral Wrap Dress',
      url: 'floral-wrap-dress',
      min_price: 59.9,
      image: '/media/goods/7.jpg',
      images: [],
      description: 'A light   dress\nfor summer',
    });
    expect(message).toEqual({
      type: 'good',
      content: 'Floral Wrap Dress',
      extend: {
        id: 7,
        title: 'Floral Wrap Dress',
        subtitle: 'A light dress for summer',
        price: '59.90',
        image: '/media/goods/7.jpg',
        url: 'floral-wrap-dress',
      },
    });
  });
  it('send an order with the card’s fields (spec 3 "Order extend")', () => {
    const message = orderMessage({
      id: 3,
      order_no: 'SO123',
      status: 2,
      status_text: 'Pending Shipment',
      pay_price: 120,
      total_num: 2,
      create_time: 1_700_000_000_000,
      pay_expires_at: 0,
      detail: [{ goods_name: 'Dress', num: 2, image: '/media/a.jpg' }],
      can_pay: 0,
      can_cancel: 0,
      can_receive: 0,
      can_track: 0,
      can_review: 0,
      can_return: 1,
    });
    expect(message.content).toBe('SO123');
    expect(message.extend).toEqual({
      id: 3,
      order_no: 'SO123',
      status: 2,
      pay_price: '120.00',
      total_num: 2,
      create_time: 1_700_000_000_000,
      detail: [{ goods_name: 'Dress', num: 2, image: '/media/a.jpg' }],
    });
  });
});
