import { z } from 'zod';
import { COUPON_SOURCES } from './coupon-rules';
import { EMAIL_CODE_PURPOSES } from './email-codes';
import { HELP_REQUEST_KINDS } from './help-requests-rules';
import { OrderStatus, type TOrderStatus } from './orders-rules';
import { STAFF_ROLES } from './permissions';

/**
 * The shop's domain events: what happened, named in the past tense, each with the schema of its
 * payload. A service writes an event in the same transaction as the change it reports
 * (`emit(trx, type, payload, at)` on the server); the dispatcher hands it to every subscriber of
 * its type at least once, and each subscriber handles it once. A payload carries ids and the few
 * facts a subscriber needs at once; anything else it reads from the owning module.
 */

const entityId = z.number().int().positive();
const email = z.string().min(3).max(254);
/** epoch milliseconds */
const time = z.number().int().nonnegative();
const status = z.number().int().min(1).max(7);

// ---------------------------------------------------------------- orders

/** An order's move from one status to another, as `order_status_history` records it. */
export const ZOrderMoved = z.object({
  order_id: entityId,
  from_status: status,
  to_status: status,
  /** 'shopper', 'payment', 'system' or 'staff:<id>' */
  actor: z.string().min(1).max(40),
});

export const ZOrderPlaced = z.object({
  order_id: entityId,
  user_id: entityId,
  /** what the shopper is to pay, in cents */
  pay_price: z.number().int().nonnegative(),
});

// ---------------------------------------------------------------- accounts

export const ZUserRegistered = z.object({
  user_id: entityId,
  email,
  first_name: z.string().max(100),
  marketing_consent: z.boolean(),
  /** the shopper whose invitation code was given, if any */
  invited_by: entityId.nullable(),
});

export const ZUserEmailVerified = z.object({ user_id: entityId, email });

export const ZUserEmailChanged = z.object({ user_id: entityId, old_email: email, new_email: email });

export const ZUserPasswordChanged = z.object({
  user_id: entityId,
  email,
  /** a change from the account area, or a reset through an e-mailed code */
  how: z.enum(['change', 'reset']),
});

/**
 * A one-time code was issued for an address (register, verify, reset, sign-out, newsletter, change
 * of e-mail). `account` is false when a reset or sign-out code was asked for an address without an
 * account: the same work is done either way (no one learns which addresses have accounts), and
 * the message says there is no account instead of carrying the code.
 */
export const ZEmailCodeIssued = z.object({
  email,
  purpose: z.enum(EMAIL_CODE_PURPOSES),
  code: z.string().min(4).max(12),
  expires_at: time,
  account: z.boolean(),
});

/**
 * An account was cancelled and its personal data erased; `email` is where the last message goes,
 * `reason` what the shopper chose to say about leaving (may be empty).
 */
export const ZUserCancelled = z.object({ user_id: entityId, email, reason: z.string().max(500).default('') });

// ---------------------------------------------------------------- loyalty and marketing

export const ZNewsletterSubscribed = z.object({ email, user_id: entityId.nullable() });

export const ZCouponReceived = z.object({
  user_id: entityId,
  user_coupon_id: entityId,
  coupon_id: entityId,
  source: z.enum(COUPON_SOURCES),
});

export const ZCouponExpiring = z.object({ user_id: entityId, user_coupon_id: entityId, expires_at: time });

/** `email`: where the notice goes (the shopper's address when it was written). */
export const ZPointsExpiring = z.object({
  user_id: entityId,
  email,
  points: z.number().int().positive(),
  expires_at: time,
});

export const ZReferralRewarded = z.object({
  inviter_id: entityId,
  friend_id: entityId,
  points: z.number().int().positive(),
});

// ---------------------------------------------------------------- after the order

/** A return or refund request moved (requested, approved, rejected, received, refunded, exchanged). */
export const ZReturnMoved = z.object({ return_id: entityId, order_id: entityId, user_id: entityId });

export const ZReviewModerated = z.object({ review_id: entityId, order_id: entityId, user_id: entityId });

// ---------------------------------------------------------------- staff

/** A staff invitation was made: the mail carries the link with its token (kept only as a hash). */
export const ZStaffInvited = z.object({
  invitation_id: entityId,
  email,
  nickname: z.string().max(60),
  role: z.enum(STAFF_ROLES),
  token: z.string().min(20).max(128),
  expires_at: time,
  invited_by: z.string().max(254),
});

// ---------------------------------------------------------------- the list

/** Every event type with its payload schema. */
// ---------------------------------------------------------------- requests from the help pages

/** A custom, tailor-made or wholesale request was received: the requester gets an acknowledgement. */
export const ZHelpRequestReceived = z.object({
  request_id: entityId,
  kind: z.enum(HELP_REQUEST_KINDS),
  email,
  name: z.string().max(200),
});

/** The shop answered a request: the answer goes to the requester by e-mail. */
export const ZHelpRequestAnswered = z.object({
  request_id: entityId,
  kind: z.enum(HELP_REQUEST_KINDS),
  email,
  name: z.string().max(200),
  answer: z.string().min(1).max(8000),
});

// ---------------------------------------------------------------- the support desk

/**
 * An agent acted for a signed-in shopper from the console's contact panel (decision 0059): sent an
 * order card, sent a shipped order's tracking link again, started a return, or granted a goodwill
 * coupon. The agent's message in the conversation that says so follows it (sent at once, and by
 * the outbox should the process stop first: `message_key` makes it one message); the shopper gets
 * a notice in MyMessage, a goodwill coupon's by its own `coupon.received`.
 */
export const ZSupportActed = z.object({
  user_id: entityId,
  staff_id: entityId,
  action: z.enum(['order_card', 'tracking', 'return', 'goodwill']),
  /** the order acted on (none for a goodwill coupon) */
  order_id: entityId.nullable(),
  /** the request started (action 'return') */
  return_id: entityId.nullable(),
  /** the conversation acted from, and the client id of the agent's message there */
  session_id: entityId.nullable().default(null),
  message_key: z.string().min(1).max(64).nullable().default(null),
  /** the goodwill coupon's value ('10.00') */
  amount: z.string().max(16).nullable().default(null),
});

// ---------------------------------------------------------------- chat

/**
 * An agent answered a visitor who had left an e-mail address and was not connected (decision
 * 0060). Written once per batch, due a few minutes later: the replies written meanwhile go in one mail.
 */
export const ZChatReplyWaiting = z.object({ session_id: entityId });

export const DOMAIN_EVENTS = {
  'order.placed': ZOrderPlaced,
  'order.paid': ZOrderMoved,
  'order.shipped': ZOrderMoved,
  'order.delivered': ZOrderMoved,
  'order.completed': ZOrderMoved,
  'order.reviewed': ZOrderMoved,
  'order.cancelled': ZOrderMoved,
  'order.refunded': ZOrderMoved,
  'user.registered': ZUserRegistered,
  'user.email_verified': ZUserEmailVerified,
  'user.email_changed': ZUserEmailChanged,
  'user.password_changed': ZUserPasswordChanged,
  'user.email_code_issued': ZEmailCodeIssued,
  'user.cancelled': ZUserCancelled,
  'newsletter.subscribed': ZNewsletterSubscribed,
  'coupon.received': ZCouponReceived,
  'coupon.expiring': ZCouponExpiring,
  'points.expiring': ZPointsExpiring,
  'referral.rewarded': ZReferralRewarded,
  'return.requested': ZReturnMoved,
  'return.approved': ZReturnMoved,
  'return.rejected': ZReturnMoved,
  'return.refunded': ZReturnMoved,
  'return.exchanged': ZReturnMoved,
  'review.published': ZReviewModerated,
  'review.rejected': ZReviewModerated,
  'staff.invited': ZStaffInvited,
  'request.received': ZHelpRequestReceived,
  'request.answered': ZHelpRequestAnswered,
  'support.acted': ZSupportActed,
  'chat.reply_waiting': ZChatReplyWaiting,
} as const;

export type DomainEventType = keyof typeof DOMAIN_EVENTS;
export type DomainEventPayload<T extends DomainEventType> = z.infer<(typeof DOMAIN_EVENTS)[T]>;
export const DOMAIN_EVENT_TYPES = Object.keys(DOMAIN_EVENTS) as DomainEventType[];

export const isDomainEventType = (type: string): type is DomainEventType => Object.hasOwn(DOMAIN_EVENTS, type);

/** The events an order's move between statuses causes (written by the orders module's `moveOrder`). */
export type OrderMoveEventType =
  | 'order.paid'
  | 'order.shipped'
  | 'order.delivered'
  | 'order.completed'
  | 'order.reviewed'
  | 'order.cancelled'
  | 'order.refunded';

/**
 * The events an order's move into each status causes. The shop has no separate delivered state:
 * receipt (the shopper confirms it, or the order completes on its own after shipping) is both the
 * parcel's delivery and the order's completion.
 */
export const ORDER_STATUS_EVENTS: Record<TOrderStatus, readonly OrderMoveEventType[]> = {
  [OrderStatus.PendingPayment]: [],
  [OrderStatus.PendingShipment]: ['order.paid'],
  [OrderStatus.Shipped]: ['order.shipped'],
  [OrderStatus.Completed]: ['order.delivered', 'order.completed'],
  [OrderStatus.CompletedEvaluated]: ['order.reviewed'],
  [OrderStatus.Cancelled]: ['order.cancelled'],
  [OrderStatus.Refunded]: ['order.refunded'],
};
