import type { DomainEventType } from '@shop/contracts/events';
import { MESSAGE_EVENTS, type MessageEvent, type MessageType } from '@shop/contracts/messages';
import type { NotificationCategory } from '@shop/contracts/notifications';
import { PointsPages } from '@shop/contracts/points-rules';
import { centsToAmount } from '@shop/contracts/pricing';
import { ReturnPages } from '@shop/contracts/return-rules';
import type { Db } from '../db/database';
import type { DomainEvent, EventSubscriber } from '../infra/events';
import { MAILED_EVENTS, type MailSender } from '../infra/mail/subscriber';
import { noticeMail } from '../infra/mail/templates';
import { couponNoticeFacts } from '../modules/coupons';
import { leaveNotice } from '../modules/messages';
import { orderNoticeFacts } from '../modules/orders';
import { returnNoticeFacts } from '../modules/returns';

/**
 * The inbox subscriber (decision 0039), a workflow over the modules whose events it tells of: each
 * event below leaves one notice for the shopper it concerns — what happened, in a title and a sentence, and the page it concerns — unless the
 * shopper switched off the notice's category for in-account messages (decision 0027; order and
 * account updates are always on). What an event's payload lacks (an order's shopper and number,
 * a coupon's name) is read from the owning module. The notice's unique `event_id` makes a second
 * delivery of the event, or two at once, leave nothing more.
 */

export const INBOX_SUBSCRIBER = 'messages.inbox';

export const orderDetailsPath = (orderId: number) => `/ShoppingListMain/OrderDetails?id=${orderId}`;
export const MY_COUPONS_PATH = '/ShoppingListMain/MyCoupons';

type Notice = {
  userId: number;
  type: MessageType;
  /** the preference category that decides whether it is written */
  category: NotificationCategory;
  title: string;
  content: string;
  link: string;
};

const day = (at: number) =>
  new Date(at).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const usd = (cents: number) => `$${centsToAmount(cents)}`;
const pieces = (count: number) => (count === 1 ? '1 item' : `${count} items`);

type NoticeOf<T extends MessageEvent> = (event: DomainEvent<T>, trx: Db) => Promise<Notice | null>;

/** An order's notice: its shopper and number from the orders module. */
function orderNotice(
  compose: (order: NonNullable<Awaited<ReturnType<typeof orderNoticeFacts>>>) => Pick<Notice, 'title' | 'content'>,
): NoticeOf<'order.paid' | 'order.shipped' | 'order.delivered'> {
  return async (event, trx) => {
    const order = await orderNoticeFacts(trx, event.payload.order_id);
    if (!order) return null;
    return { userId: order.user_id, type: 'order', category: 'account', link: orderDetailsPath(order.id), ...compose(order) };
  };
}

/** A notice about a review of an order: the shopper is the event's, the order's number from the orders module. */
function afterOrderNotice(
  type: 'review',
  compose: (orderNo: string) => Pick<Notice, 'title' | 'content'>,
): NoticeOf<'review.published' | 'review.rejected'> {
  return async (event, trx) => {
    const order = await orderNoticeFacts(trx, event.payload.order_id);
    if (!order || order.user_id !== event.payload.user_id) return null;
    return { userId: order.user_id, type, category: 'account', link: orderDetailsPath(order.id), ...compose(order.order_no) };
  };
}

/** A notice about a return request: its facts from the returns module, linking to the request's page. */
function returnNotice(
  compose: (request: NonNullable<Awaited<ReturnType<typeof returnNoticeFacts>>>) => Pick<Notice, 'title' | 'content'>,
): NoticeOf<'return.approved' | 'return.rejected' | 'return.refunded' | 'return.exchanged'> {
  return async (event, trx) => {
    const request = await returnNoticeFacts(trx, event.payload.return_id);
    if (!request || request.user_id !== event.payload.user_id) return null;
    return {
      userId: request.user_id,
      type: 'return',
      category: 'account',
      link: ReturnPages.details(request.id),
      ...compose(request),
    };
  };
}

/** A notice about the shopper's coupon: its name and terms from the coupons module, linking to their coupons. */
function couponNotice<T extends 'coupon.received' | 'coupon.expiring'>(
  category: NotificationCategory,
  compose: (
    coupon: NonNullable<Awaited<ReturnType<typeof couponNoticeFacts>>>,
    event: DomainEvent<T>,
  ) => Pick<Notice, 'title' | 'content'>,
): NoticeOf<T> {
  return async (event, trx) => {
    const coupon = await couponNoticeFacts(trx, event.payload.user_id, event.payload.user_coupon_id);
    if (!coupon) return null;
    return { userId: event.payload.user_id, type: 'coupon', category, link: MY_COUPONS_PATH, ...compose(coupon, event) };
  };
}

const NOTICES: { [T in MessageEvent]: NoticeOf<T> } = {
  'order.paid': orderNotice((order) => ({
    title: `Payment received for order ${order.order_no}`,
    content: `We have your payment of ${usd(order.pay_price)} for ${pieces(order.total_num)}. We will let you know when it ships.`,
  })),
  'order.shipped': orderNotice((order) => ({
    title: `Order ${order.order_no} has shipped`,
    content:
      order.carrier && order.tracking_no
        ? `Your parcel is on its way with ${order.carrier}, tracking number ${order.tracking_no}.`
        : 'Your parcel is on its way.',
  })),
  'order.delivered': orderNotice((order) => ({
    title: `Order ${order.order_no} has been delivered`,
    content: 'We hope you love it. You can review each item you bought from the order’s page.',
  })),
  'return.approved': returnNotice((request) => ({
    title: `Your request ${request.return_no} was approved`,
    content:
      request.kind === 'refund'
        ? 'We will refund it shortly.'
        : 'Send the parcel back to the address given with your request, and add its tracking number.',
  })),
  'return.rejected': returnNotice((request) => ({
    title: `Your request ${request.return_no} was declined`,
    content: request.reject_reason ? `The reason: ${request.reject_reason}.` : 'The reason is given with your request.',
  })),
  'return.refunded': returnNotice((request) => ({
    title: `Refund of ${usd(request.amount)} issued for ${request.return_no}`,
    content:
      request.amount > 0
        ? `${usd(request.amount)} is on its way to the card you paid with; banks take a few days to show it.`
        : 'Your points are back in your balance.',
  })),
  'return.exchanged': returnNotice((request) => ({
    title: `Your replacement for ${request.return_no} has shipped`,
    content: request.replacement_tracking_no
      ? `It is on its way, tracking number ${request.replacement_tracking_no}.`
      : 'It is on its way.',
  })),
  'review.published': afterOrderNotice('review', (orderNo) => ({
    title: `Your review of order ${orderNo} is published`,
    content: 'Thank you! It now shows on the product’s page, marked Verified buyer.',
  })),
  'review.rejected': afterOrderNotice('review', (orderNo) => ({
    title: `Your review of order ${orderNo} was not published`,
    content: 'It did not meet our review guidelines; the reason is given with your review.',
  })),
  // a coupon granted to the account (received, bought with points, a welcome offer): an account update
  'coupon.received': couponNotice('account', (coupon) => ({
    title: `You received a coupon: ${coupon.name}`,
    content: `${coupon.summary}. Use it by ${day(coupon.end_at)}.`,
  })),
  'coupon.expiring': couponNotice('promotions', (coupon, event) => ({
    title: `Your coupon ${coupon.name} expires soon`,
    content: `${coupon.summary}. It ends on ${day(event.payload.expires_at)}: use it before then.`,
  })),
  'points.expiring': async (event) => ({
    userId: event.payload.user_id,
    type: 'points',
    category: 'promotions',
    link: PointsPages.myPoints,
    title: `${event.payload.points} points expire on ${day(event.payload.expires_at)}`,
    content: 'Use them at checkout or exchange them for a coupon before they go. The oldest points are used first.',
  }),
  'support.acted': async (event, trx) => {
    // a goodwill coupon's notice is its own `coupon.received`
    if (event.payload.order_id === null) return null;
    const order = await orderNoticeFacts(trx, event.payload.order_id);
    if (!order || order.user_id !== event.payload.user_id) return null;
    if (event.payload.action === 'return') {
      const request = event.payload.return_id === null ? undefined : await returnNoticeFacts(trx, event.payload.return_id);
      if (!request || request.user_id !== order.user_id) return null;
      return {
        userId: order.user_id,
        type: 'return',
        category: 'account',
        link: ReturnPages.details(request.id),
        title: `Customer service started a return for you: ${request.return_no}`,
        content: `Our support agent started request ${request.return_no} for order ${order.order_no} while you chatted. Its next steps are on the request’s page.`,
      };
    }
    const tracking = event.payload.action === 'tracking';
    return {
      userId: order.user_id,
      type: 'order',
      category: 'account',
      link: orderDetailsPath(order.id),
      title: tracking ? `Tracking for order ${order.order_no}` : `Customer service shared order ${order.order_no} with you`,
      content:
        tracking && order.carrier && order.tracking_no
          ? `Our support agent sent you the tracking link in the chat: ${order.carrier}, tracking number ${order.tracking_no}.`
          : 'Our support agent sent you the order in the chat; its details are on the order’s page.',
    };
  },
  'referral.rewarded': async (event) => ({
    userId: event.payload.inviter_id,
    type: 'points',
    category: 'account',
    link: PointsPages.byFriends,
    title: `You earned ${event.payload.points} points for inviting a friend`,
    content: 'A friend you invited kept their first order. The points are in your balance.',
  }),
};

/** Whether the shopper takes the category as in-account messages, read in `trx` (the notifications module answers). */
export type InboxPreference = (trx: Db, userId: number, category: NotificationCategory) => Promise<boolean>;

export function createInboxSubscriber(options: { allows: InboxPreference }): EventSubscriber {
  return {
    name: INBOX_SUBSCRIBER,
    handles: MESSAGE_EVENTS satisfies readonly DomainEventType[],
    async handle(event, trx) {
      const noticeOf = NOTICES[event.type as MessageEvent] as NoticeOf<MessageEvent> | undefined;
      if (!noticeOf) return;
      const notice = await noticeOf(event as DomainEvent<MessageEvent>, trx);
      if (!notice || !(await options.allows(trx, notice.userId, notice.category))) return;
      await leaveNotice(trx, {
        user_id: notice.userId,
        event_id: event.id,
        event: event.type,
        type: notice.type,
        title: notice.title.slice(0, 200),
        content: notice.content,
        link: notice.link,
        read_at: null,
        created_at: event.occurred_at,
      });
    },
  };
}

export const NOTICE_MAIL_SUBSCRIBER = 'messages.mail';

/**
 * E-mail copies of the notices (issue "after the order", item 5): the same notice as the inbox's,
 * to the shopper's address, unless an event already has a mail of its own (points expiring). Order
 * and account notices always go; promotions by the shopper's e-mail preferences, with the
 * unsubscribe link. Queued once per event, in the transaction that marks it handled.
 */
export function createNoticeMailSubscriber(options: {
  sender: MailSender;
  emailOf: (trx: Db, userId: number) => Promise<string | undefined>;
}): EventSubscriber {
  return {
    name: NOTICE_MAIL_SUBSCRIBER,
    handles: MESSAGE_EVENTS.filter((type) => !MAILED_EVENTS.includes(type)),
    async handle(event, trx, now) {
      const noticeOf = NOTICES[event.type as MessageEvent] as NoticeOf<MessageEvent> | undefined;
      if (!noticeOf) return;
      const notice = await noticeOf(event as DomainEvent<MessageEvent>, trx);
      if (!notice) return;
      const to = await options.emailOf(trx, notice.userId);
      if (!to) return;
      const content = noticeMail(
        { title: notice.title, content: notice.content, link: notice.link, marketing: notice.category !== 'account' },
        options.sender.context,
      );
      await options.sender.send(trx, now, { to, content, userId: notice.userId }, event.type);
    },
  };
}
