/**
 * The shopper's message inbox (MyMessage, spec 2 and 7) without zod, so the page carries no schema
 * code (messages.ts has the schemas): the kinds of notice, their filter tabs, paths and texts.
 */

/** What a notice is about: the filter of POST /shop/user_msg/list and the page's tabs. */
export const MESSAGE_TYPES = ['order', 'return', 'coupon', 'points', 'review'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const MESSAGE_TYPE_LABELS: Record<MessageType, string> = {
  order: 'Orders',
  return: 'Returns',
  coupon: 'Coupons',
  points: 'Points',
  review: 'Reviews',
};

/** The events that leave a notice in the inbox, one notice per event. */
export const MESSAGE_EVENTS = [
  'order.paid',
  'order.shipped',
  'order.delivered',
  'return.approved',
  'return.rejected',
  'return.refunded',
  'return.exchanged',
  'coupon.received',
  'coupon.expiring',
  'points.expiring',
  'referral.rewarded',
  'review.published',
  'review.rejected',
  'support.acted',
] as const;
export type MessageEvent = (typeof MESSAGE_EVENTS)[number];

/** Notices to a page, at most this many per request. */
export const MESSAGE_PAGE_SIZE_MAX = 50;
export const MESSAGE_PAGE_SIZE = 10;
/** Ids marked read in one request, at most. */
export const MESSAGE_IDS_MAX = 100;

export const MessagePaths = {
  list: '/shop/user_msg/list',
  updateReadStatus: '/shop/userMsg/updateReadStatus',
} as const;

export const MESSAGES_PAGE = '/ShoppingListMain/MyMessage';

export const MessageTexts = {
  notFound: 'Message not found',
  idsOrAll: 'Give the ids of the messages to mark as read, or all',
  markedRead: 'Marked as read',
  emptyTitle: 'No messages yet',
  emptyAll: 'News about your orders, returns, coupons, points and reviews will appear here.',
  emptyFiltered: 'Nothing here for this filter.',
} as const;
