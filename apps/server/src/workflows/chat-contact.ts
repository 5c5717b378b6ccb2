import { randomUUID } from 'node:crypto';
import {
  CONTACT_PANEL_ROWS,
  ContactTexts,
  GOODWILL_LIMIT_CENTS,
  type TContactGoodwillRequest,
  type TContactOrderRequest,
  type TContactPanel,
  type TContactReturnQuoteRequest,
  type TContactReturnRequest,
} from '@shop/contracts/chat-contact';
import { PathInfo } from '@shop/contracts/chat-protocol';
import type { DomainEventPayload } from '@shop/contracts/events';
import { centsToAmount, priceToCents } from '@shop/contracts/pricing';
import type { TRefundQuote, TReturnDetail } from '@shop/contracts/returns';
import { type Agent, type ChatService, conversationsOfUser } from '../chat';
import type { Db } from '../db/database';
import { inTransaction } from '../db/transaction';
import { AppError } from '../http/errors';
import { type EventSubscriber, emit } from '../infra/events';
import { recordAudit } from '../modules/audit';
import type { CartService } from '../modules/cart';
import { grantGoodwillCoupon, refusalText } from '../modules/coupons';
import { orderNoticeFacts, orderSummariesOf, orderTrackingOf } from '../modules/orders';
import { profileOf } from '../modules/users';
import { wishlistOf } from '../modules/wishlist';
import type { Returns } from './returns';

type OrderAction = 'order_card' | 'tracking';
type Acted = DomainEventPayload<'support.acted'>;

/**
 * The agent console's contact panel and what an agent does for the shopper from it (decision
 * 0059). The shopper is always the conversation's signed-in visitor, found by the chat service
 * for the asking agent; every part comes from its owning module — the account (users), orders and
 * tracking (orders), the bag (cart), the wishlist, past conversations and trajectory (chat), the
 * orders self-service would take a return for (the returns workflow's own `eligibleOrders`).
 *
 * Acting: an order card goes through the chat's own card builder (cards.ts), a tracking link is a
 * message of the agent's; a return is the returns workflow's own `requestReturn` with the agent
 * named, and its quote the workflow's own `quote`; a goodwill coupon is the coupons module's grant
 * within the role's limit. Each writes its audit entry and a `support.acted` event in the action's
 * own transaction; the agent's message that tells it is sent once that commits, and by the event's
 * subscriber should the process stop first (one message: the event carries its client id). The
 * shopper's notice follows the same event from the outbox (a coupon's, its own `coupon.received`).
 */
export function createChatContact({
  db,
  chat,
  returns,
  cart,
  clock = Date.now,
}: {
  db: Db;
  chat: ChatService;
  returns: Returns;
  cart: CartService;
  clock?: () => number;
}) {
  /** The signed-in shopper of the agent's own conversation; a guest has no account to act for. */
  async function shopperToActFor(staffId: number, sessionId: number) {
    const visitor = await chat.visitorOf({ id: staffId }, sessionId, 'act');
    if (visitor.userId === null) throw AppError.field('session_id', ContactTexts.guestNoActions);
    const user = await profileOf(db, visitor.userId);
    if (user?.status !== 'active') throw AppError.field('session_id', ContactTexts.shopperGone);
    return { ...visitor, userId: visitor.userId, user };
  }

  /** A fresh client id for the agent's message that tells an action: the action's event carries it. */
  const newMessageKey = () => `contact-${randomUUID()}`;

  /**
   * The agent's message in the conversation that says what they did: an order card, or a sentence.
   * Sent right after the action commits, and again by the outbox's subscriber (the same client id,
   * so one message) should the process stop between the two (decision 0059). Null when there is
   * nothing to say (an event without a conversation).
   */
  async function sayWhatWasDone(acted: Acted): Promise<number | null> {
    if (acted.session_id === null || acted.message_key === null) return null;
    const agent = { type: 'csr' as const, id: acted.staff_id };
    const frame = { pathInfo: PathInfo.sendSessionMessage, session_id: acted.session_id, client_msg_id: acted.message_key };
    if (acted.action === 'order_card') {
      const sent = await chat.send(
        agent,
        { ...frame, type: 'order', content: 'order', extend: { id: acted.order_id } },
        { actingForShopper: true },
      );
      return sent.message.id;
    }
    const content = await sentenceOf(acted);
    if (content === null) return null;
    return (await chat.send(agent, { ...frame, type: 'text', content })).message.id;
  }

  /** The sentence that tells a tracking link, a return or a goodwill coupon, from the records. */
  async function sentenceOf(acted: Acted): Promise<string | null> {
    if (acted.action === 'goodwill') return acted.amount === null ? null : ContactTexts.goodwillMessage(acted.amount);
    if (acted.action === 'return') {
      if (acted.return_id === null) return null;
      const detail = await returns.detail(acted.user_id, acted.return_id);
      const line = detail.quote.lines[0];
      const units = detail.quote.lines.reduce((sum, row) => sum + row.num, 0);
      return ContactTexts.returnMessage(detail.return_no, line?.goods_name ?? 'the item', units, detail.amount.toFixed(2));
    }
    if (acted.order_id === null) return null;
    const order = await orderNoticeFacts(db, acted.order_id);
    const tracking = order && (await orderTrackingOf(db, acted.user_id, [order.id])).get(order.id);
    if (!order || !tracking?.carrier || !tracking.tracking_no) return null;
    return ContactTexts.trackingMessage(order.order_no, tracking.carrier, tracking.tracking_no, tracking.tracking_url);
  }

  /** After the action committed: its message now; the outbox's subscriber says it later if this fails. */
  async function sayNow(acted: Acted): Promise<number | null> {
    try {
      return await sayWhatWasDone(acted);
    } catch {
      return null;
    }
  }

  /** The audit entry of an order card or a tracking link and its event, in one transaction. */
  async function recordOrderAction(staffId: number, sessionId: number, userId: number, orderId: number, action: OrderAction) {
    const at = clock();
    const acted: Acted = {
      user_id: userId,
      staff_id: staffId,
      action,
      order_id: orderId,
      return_id: null,
      session_id: sessionId,
      message_key: newMessageKey(),
      amount: null,
    };
    await inTransaction(db, async (trx) => {
      await recordAudit(trx, {
        staffId,
        action: action === 'order_card' ? 'chat.order_card' : 'chat.tracking_link',
        object: { type: 'order', id: orderId },
        after: { user_id: userId, session_id: sessionId },
        at,
      });
      await emit(trx, 'support.acted', acted, at);
    });
    return acted;
  }

  return {
    /** GET /admin/kefu/contact: the conversation's visitor, and the shopper behind them when signed in. */
    async panel(agent: Agent, sessionId: number): Promise<TContactPanel> {
      const visitor = await chat.visitorOf(agent, sessionId, 'read');
      const trajectory = (await chat.trajectoryData(visitor.touristId, 1)).data.map((entry) => ({
        id: entry.id,
        title: entry.title,
        url: entry.url,
        created_at: entry.created_at,
      }));
      const base = { session_id: visitor.sessionId, visitor: { id: visitor.touristId, nickname: visitor.nickname }, trajectory };
      const userId = visitor.userId;
      const user = userId === null ? null : await profileOf(db, userId);
      if (userId === null || user?.status !== 'active') return { ...base, shopper: null };
      const [orders, bag, wishlist, conversations, returnable, limit] = await Promise.all([
        orderSummariesOf(db, userId, CONTACT_PANEL_ROWS),
        cart.list(userId, { page: 1, pageSize: CONTACT_PANEL_ROWS }),
        wishlistOf(db, userId),
        conversationsOfUser(db, userId),
        returns.eligibleOrders(userId),
        GOODWILL_LIMIT_CENTS[agent.role],
      ]);
      const tracking = await orderTrackingOf(
        db,
        userId,
        orders.data.map((order) => order.id),
      );
      return {
        ...base,
        shopper: {
          id: userId,
          name: `${user.first_name} ${user.last_name}`.trim(),
          email: user.email,
          orders: {
            total: orders.total,
            data: orders.data.map((order) => ({
              ...order,
              carrier: tracking.get(order.id)?.carrier ?? null,
              tracking_no: tracking.get(order.id)?.tracking_no ?? null,
              tracking_url: tracking.get(order.id)?.tracking_url ?? '',
            })),
          },
          bag: bag.data.map((line) => ({
            goods_id: line.goods_id,
            name: line.goods.name,
            url: line.goods.url,
            image: line.sku.image,
            sku_text: line.sku.spec,
            num: line.num,
          })),
          wishlist: wishlist
            .slice(-CONTACT_PANEL_ROWS)
            .reverse()
            .map((item) => ({ goods_id: item.goods_id, name: item.name, url: item.url })),
          // the earlier ones: this conversation is the one beside the panel
          conversations: conversations.filter((row) => row.id !== visitor.sessionId).slice(0, CONTACT_PANEL_ROWS),
          returnable: returnable.data.filter((order) => order.mode === 'return'),
          goodwill_limit: Number(centsToAmount(limit)),
        },
      };
    },

    /** POST /admin/kefu/contact/order-card: the order's card in the conversation, built by the chat's card builder. */
    async sendOrderCard({ id: staffId }: Agent, input: TContactOrderRequest) {
      const shopper = await shopperToActFor(staffId, input.session_id);
      const order = await orderNoticeFacts(db, input.order_id);
      if (!order || order.user_id !== shopper.userId) throw AppError.notFound('Order not found');
      const acted = await recordOrderAction(staffId, input.session_id, shopper.userId, order.id, 'order_card');
      return { message_id: await sayNow(acted) };
    },

    /** POST /admin/kefu/contact/tracking: a shipped order's carrier and tracking link again, as the agent's message. */
    async sendTracking({ id: staffId }: Agent, input: TContactOrderRequest) {
      const shopper = await shopperToActFor(staffId, input.session_id);
      const order = await orderNoticeFacts(db, input.order_id);
      if (!order || order.user_id !== shopper.userId) throw AppError.notFound('Order not found');
      const tracking = (await orderTrackingOf(db, shopper.userId, [order.id])).get(order.id);
      if (!tracking?.carrier || !tracking.tracking_no) throw AppError.field('order_id', ContactTexts.noTracking);
      const acted = await recordOrderAction(staffId, input.session_id, shopper.userId, order.id, 'tracking');
      return { message_id: await sayNow(acted) };
    },

    /** POST /admin/kefu/contact/return/quote: what the return would give back — self-service's own quote. */
    async returnQuote({ id: staffId }: Agent, input: TContactReturnQuoteRequest): Promise<TRefundQuote> {
      const shopper = await shopperToActFor(staffId, input.session_id);
      return returns.quote(shopper.userId, {
        order_id: input.order_id,
        kind: 'return',
        items: [{ order_item_id: input.order_item_id, num: Number(input.num) }],
      });
    },

    /**
     * POST /admin/kefu/contact/return: a return started for the shopper — self-service's own
     * `requestReturn` with the agent named — then said in the conversation.
     */
    async startReturn(
      { id: staffId }: Agent,
      input: TContactReturnRequest,
    ): Promise<TReturnDetail & { message_id: number | null }> {
      const shopper = await shopperToActFor(staffId, input.session_id);
      const agent = await chat.staffCard(staffId);
      const messageKey = newMessageKey();
      const detail = await returns.requestReturn(
        shopper.userId,
        {
          order_id: input.order_id,
          items: [{ order_item_id: input.order_item_id, num: Number(input.num) }],
          reason: input.reason,
          description: '',
          images: [],
          type: 'refund',
        },
        { staffId, sessionId: input.session_id, messageKey, note: ContactTexts.returnNote(agent?.nickname ?? 'an agent') },
      );
      const messageId = await sayNow({
        user_id: shopper.userId,
        staff_id: staffId,
        action: 'return',
        order_id: input.order_id,
        return_id: detail.id,
        session_id: input.session_id,
        message_key: messageKey,
        amount: null,
      });
      return { ...detail, message_id: messageId };
    },

    /** POST /admin/kefu/contact/goodwill: a goodwill coupon within the agent's role's limit, then said in the conversation. */
    async grantGoodwill({ id: staffId, role }: Agent, input: TContactGoodwillRequest) {
      const shopper = await shopperToActFor(staffId, input.session_id);
      const amountCents = priceToCents(Number(input.amount));
      if (amountCents > GOODWILL_LIMIT_CENTS[role]) throw AppError.field('amount', ContactTexts.goodwillOverLimit(role));
      const at = clock();
      const amount = centsToAmount(amountCents);
      const acted: Acted = {
        user_id: shopper.userId,
        staff_id: staffId,
        action: 'goodwill',
        order_id: null,
        return_id: null,
        session_id: input.session_id,
        message_key: newMessageKey(),
        amount,
      };
      const granted = await inTransaction(db, async (trx) => {
        const result = await grantGoodwillCoupon(trx, { userId: shopper.userId, amountCents, at });
        if ('refused' in result) throw AppError.field('amount', refusalText(result.refused, { per_user_limit: 1 }));
        await recordAudit(trx, {
          staffId,
          action: 'coupon.goodwill',
          object: { type: 'user_coupon', id: result.id },
          after: { user_id: shopper.userId, amount, session_id: input.session_id },
          reason: String(input.reason),
          at,
        });
        await emit(trx, 'support.acted', acted, at);
        return result;
      });
      return { message_id: await sayNow(acted), user_coupon_id: granted.id, amount: Number(amount) };
    },

    /** The outbox's delivery of an action's message (the subscriber below). */
    sayWhatWasDone,
  };
}

export type ChatContact = ReturnType<typeof createChatContact>;

export const AGENT_MESSAGE_SUBSCRIBER = 'chat.agent-message';

/**
 * `support.acted`: the agent's message that tells the action, for when the process stopped after
 * the action committed and before it was said. Said already, it is the same message (its client
 * id); a conversation the agent no longer holds is left without it.
 */
export function createAgentMessageSubscriber(contact: () => ChatContact | undefined): EventSubscriber {
  return {
    name: AGENT_MESSAGE_SUBSCRIBER,
    handles: ['support.acted'],
    // the message goes through the chat's writer, which keeps each conversation's order
    ownTransactions: true,
    async handle(event) {
      if (event.type !== 'support.acted') return;
      const current = contact();
      if (!current) throw new Error('the chat is not ready yet');
      try {
        await current.sayWhatWasDone(event.payload);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    },
  };
}
