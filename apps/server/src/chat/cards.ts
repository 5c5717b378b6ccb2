import type { TGoodsDetail } from '@shop/contracts/catalog';
import { ChatTexts, type TChatMessageType, type TChatUpload } from '@shop/contracts/chat-protocol';
import type { TOrderListItem } from '@shop/contracts/orders';
import { AppError } from '../http/errors';
import type { StoredChatConfig } from './config';
import type { Participant } from './participants';

/** The kinds of message that carry a record of the shop rather than words of their own. */
const CARD_TYPES = new Set<TChatMessageType>(['good', 'order', 'image', 'file']);
export const isCardType = (type: TChatMessageType) => CARD_TYPES.has(type);

/** Where the cards' records come from: each module's own service, never the client. */
export type CardSources = {
  goods: (id: number) => Promise<TGoodsDetail | null>;
  /** the order `id` of shopper `userId`, or null when it is not theirs */
  order: (userId: number, id: number) => Promise<TOrderListItem | null>;
  /** a live upload `id` made by `uploader`, or null */
  upload: (uploader: Participant, id: number) => Promise<TChatUpload | null>;
  config: () => Promise<
    Pick<StoredChatConfig, 'tourist_file_switch' | 'goods_api' | 'orders_api' | 'send_goods_identity' | 'send_orders_identity'>
  >;
};

/**
 * Who a card is sent by and in which conversation: the sender, and the shopper the conversation is
 * with (null: a guest). `actingForShopper`: an agent shares the shopper's own order from the
 * console's contact panel (decision 0059), as the shopper could, whatever send_orders_identity says.
 */
export type CardContext = {
  sender: Participant;
  senderIsGuest: boolean;
  shopperUserId: number | null;
  actingForShopper?: boolean;
};

export type Card = { type: TChatMessageType; content: string; title: string; extend: Record<string, unknown> };

const money = (amount: number) => (Number.isFinite(amount) ? amount.toFixed(2) : '');

/** The record a card names: `extend.id`, a positive integer; nothing else the client sends about it is kept. */
function namedId(extend: Record<string, unknown> | undefined): number {
  const id = typeof extend?.id === 'string' && /^\d+$/.test(extend.id) ? Number(extend.id) : extend?.id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647)
    throw AppError.field('extend', ChatTexts.cardWithoutRecord);
  return id;
}

/** spec 3: when goods_api (orders_api) is set, only the identities listed may send goods (orders). */
const mayShare = (api: string, identities: readonly string[], sender: Participant) =>
  !api.trim() || identities.includes(sender.type);

export function goodsCard(goods: TGoodsDetail): Card {
  const subtitle = goods.description.replace(/\s+/g, ' ').trim();
  return {
    type: 'good',
    content: goods.name,
    title: '',
    extend: {
      id: goods.id,
      title: goods.name,
      subtitle: subtitle.length > 120 ? `${subtitle.slice(0, 119)}…` : subtitle,
      price: money(goods.min_price),
      image: goods.images[0] ?? '',
      url: goods.url,
    },
  };
}

export function orderCard(order: TOrderListItem): Card {
  return {
    type: 'order',
    content: order.order_no,
    title: '',
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

/** spec 3: a file's extend holds its name, size and suffix; an image is its address (its alt text stays "Image"). */
export function fileCard(upload: TChatUpload): Card {
  return {
    type: upload.type,
    content: upload.url,
    title: '',
    extend:
      upload.type === 'image'
        ? { id: upload.id }
        : { id: upload.id, name: upload.name, size: upload.size, suffix: upload.suffix },
  };
}

/**
 * A goods, order or file message as the server builds it from its own records (the hardening
 * issue's "a chat the server trusts nothing from"): the client names the record by id; a goods
 * card comes from the catalogue, an order card only from an order of the conversation's shopper
 * (sent by that shopper, or by an agent when send_orders_identity allows), a file card only from
 * an upload the sender made. The chat configuration's switches hold on every frame.
 */
export function createCardBuilder(sources: CardSources) {
  return async function buildCard(
    context: CardContext,
    frame: { type: TChatMessageType; extend?: Record<string, unknown> },
  ): Promise<Card> {
    const id = namedId(frame.extend);
    const config = await sources.config();
    const { sender } = context;
    switch (frame.type) {
      case 'good': {
        if (!mayShare(config.goods_api, config.send_goods_identity, sender)) throw AppError.forbidden(ChatTexts.goodsNotAllowed);
        const goods = await sources.goods(id);
        if (!goods) throw AppError.notFound(ChatTexts.goodsGone);
        return goodsCard(goods);
      }
      case 'order': {
        if (!context.actingForShopper && !mayShare(config.orders_api, config.send_orders_identity, sender))
          throw AppError.forbidden(ChatTexts.ordersNotAllowed);
        if (context.shopperUserId === null)
          throw sender.type === 'tourist'
            ? AppError.forbidden(ChatTexts.loginToViewOrders)
            : AppError.notFound(ChatTexts.orderGone);
        const order = await sources.order(context.shopperUserId, id);
        if (!order) throw AppError.notFound(ChatTexts.orderGone);
        return orderCard(order);
      }
      default: {
        if (context.senderIsGuest && config.tourist_file_switch === 'no') throw AppError.forbidden(ChatTexts.guestUploadRefused);
        const upload = await sources.upload(sender, id);
        if (!upload) throw AppError.notFound(ChatTexts.fileGone);
        if (frame.type === 'image' && upload.type !== 'image') throw AppError.field('extend', ChatTexts.notAnImage);
        return fileCard(upload);
      }
    }
  };
}

export type BuildCard = ReturnType<typeof createCardBuilder>;
