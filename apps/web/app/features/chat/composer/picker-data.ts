import { CODE_OK } from '@shop/contracts';
import type { TGoodsListItem } from '@shop/contracts/catalog';
import type { TOrderListItem } from '@shop/contracts/orders';
import { api } from '../../../lib/api';
import type { OutgoingMessage } from '../widget/chat-controller';

/** spec 9: the goods picker loads 100 goods from the desktop toolbar, 20 in the mobile panel. */
export const GOODS_PICKER_DESKTOP = 100;
export const GOODS_PICKER_MOBILE = 20;
/** spec 9: orders come in pages of 10; there may be more while a full page returns. */
export const ORDERS_PAGE_SIZE = 10;

/** Where goods and orders come from when the chat configuration names no API (spec 3 goods_api, orders_api). */
export const DEFAULT_GOODS_API = '/shop/goods';
export const DEFAULT_ORDERS_API = '/shop/order/list';

/** What a goods picker shows of a product. */
export type PickerGoods = Pick<TGoodsListItem, 'id' | 'name' | 'url' | 'min_price' | 'image' | 'images' | 'description'>;

/** The goods the picker offers: the first `count` of the catalogue (spec 7: page, page_size). */
export async function loadPickerGoods(path: string, count: number): Promise<PickerGoods[]> {
  const envelope = await api.get<{ data: PickerGoods[] }>(path || DEFAULT_GOODS_API, {
    query: { page: 1, page_size: count },
    silent: true,
  });
  if (envelope.code !== CODE_OK || !Array.isArray(envelope.result?.data)) throw new Error(envelope.msg || 'goods');
  return envelope.result.data.slice(0, count);
}

/** One page of the shopper's orders (spec 7: GET /shop/order/list with page and pagesize). */
export async function loadOrdersPage(path: string, page: number): Promise<{ orders: TOrderListItem[]; more: boolean }> {
  const envelope = await api.get<{ data: TOrderListItem[]; total: number }>(path || DEFAULT_ORDERS_API, {
    query: { page, pagesize: ORDERS_PAGE_SIZE },
    silent: true,
  });
  if (envelope.code !== CODE_OK || !Array.isArray(envelope.result?.data)) throw new Error(envelope.msg || 'orders');
  const orders = envelope.result.data;
  // spec 9: more are available while a full page returns
  return { orders, more: orders.length >= ORDERS_PAGE_SIZE };
}

const money = (amount: number) => (Number.isFinite(amount) ? amount.toFixed(2) : '');

/** A product as a goods card message (spec 3 "Good extend": id, title, subtitle, price, image). */
export function goodsMessage(goods: PickerGoods): OutgoingMessage {
  const subtitle = goods.description.replace(/\s+/g, ' ').trim();
  return {
    type: 'good',
    content: goods.name,
    extend: {
      id: goods.id,
      title: goods.name,
      subtitle: subtitle.length > 120 ? `${subtitle.slice(0, 119)}…` : subtitle,
      price: money(goods.min_price),
      image: goods.image || goods.images[0] || '',
      url: goods.url,
    },
  };
}

/** An order as an order card message (spec 3 "Order extend": id, order_no, status, pay_price, total_num, create_time, detail). */
export function orderMessage(order: TOrderListItem): OutgoingMessage {
  return {
    type: 'order',
    content: order.order_no,
    extend: {
      id: order.id,
      order_no: order.order_no,
      status: order.status,
      pay_price: money(order.pay_price),
      total_num: order.total_num,
      create_time: order.create_time,
      // the card previews 3 goods and names 2; a few more keep its count right without growing the message
      detail: order.detail.slice(0, 20).map((line) => ({ goods_name: line.goods_name, num: line.num, image: line.image })),
    },
  };
}
