import { z } from 'zod';
import { envelope } from './envelope';
import { coercedId, dollars, id, text, wholeNumber } from './fields';
import { RETURN_REASONS, ReturnMessages } from './return-rules';
import { ZRefundQuote, ZReturnableOrder, ZReturnDetail } from './returns';

export * from './chat-contact-rules';

/**
 * The contact panel of the agent console (staff token, permission chat.answer, decision 0059):
 * the shopper behind a conversation the agent may read, and what the agent does for them. Every
 * request names the conversation; the shopper is the conversation's, never one the client names.
 * Amounts are decimal US dollars with 2 places; times are epoch milliseconds.
 */

export const ZContactQuery = z.object({ session_id: coercedId('session_id') });

const ZContactOrder = z.object({
  id: z.number().int(),
  order_no: z.string(),
  status: z.number().int(),
  status_text: z.string(),
  pay_price: z.number(),
  total_num: z.number().int(),
  created_at: z.number().int(),
  /** the carrier's name, null before shipping */
  carrier: z.string().nullable(),
  tracking_no: z.string().nullable(),
  /** the carrier's page for the number, '' when there is none */
  tracking_url: z.string(),
});

export const ZContactPanel = z.object({
  session_id: z.number().int(),
  visitor: z.object({ id: z.number().int(), nickname: z.string() }),
  /** null: a guest, not signed in */
  shopper: z
    .object({
      id: z.number().int(),
      name: z.string(),
      email: z.string(),
      orders: z.object({ total: z.number().int(), data: z.array(ZContactOrder) }),
      bag: z.array(
        z.object({
          goods_id: z.number().int(),
          name: z.string(),
          url: z.string(),
          image: z.string(),
          sku_text: z.string(),
          num: z.number().int(),
        }),
      ),
      wishlist: z.array(z.object({ goods_id: z.number().int(), name: z.string(), url: z.string() })),
      conversations: z.array(
        z.object({
          id: z.number().int(),
          agent: z.string(),
          state: z.string(),
          messages: z.number().int(),
          preview: z.string(),
          created_at: z.number().int(),
          last_at: z.number().int(),
        }),
      ),
      /** the orders self-service offers a return for now, with their lines */
      returnable: z.array(ZReturnableOrder),
      /** the largest goodwill coupon this agent may grant */
      goodwill_limit: z.number(),
    })
    .nullable(),
  trajectory: z.array(z.object({ id: z.number().int(), title: z.string(), url: z.string(), created_at: z.string() })),
});
export type TContactPanel = z.infer<typeof ZContactPanel>;
export type TContactShopper = NonNullable<TContactPanel['shopper']>;
export type TContactOrder = z.infer<typeof ZContactOrder>;
export const ZContactPanelResponse = envelope(ZContactPanel);

export const ZContactOrderRequest = z.object({ session_id: id('session_id'), order_id: id('order_id') });
export type TContactOrderRequest = z.input<typeof ZContactOrderRequest>;

/** One line of an order and how many of its units: what an agent starts a return for. */
export const ZContactReturnQuoteRequest = ZContactOrderRequest.extend({
  order_item_id: id('order_item_id'),
  num: wholeNumber('num', 1, 999),
});
export type TContactReturnQuoteRequest = z.input<typeof ZContactReturnQuoteRequest>;

export const ZContactReturnRequest = ZContactReturnQuoteRequest.extend({
  reason: z.enum(RETURN_REASONS, { error: ReturnMessages.reason }),
});
export type TContactReturnRequest = z.input<typeof ZContactReturnRequest>;

export const ZContactGoodwillRequest = z.object({
  session_id: id('session_id'),
  amount: dollars('amount', 0.01),
  reason: text({ error: 'Please give a reason' })
    .trim()
    .min(1, 'Please give a reason')
    .max(500, 'The reason is too long (500 characters at most)'),
});
export type TContactGoodwillRequest = z.input<typeof ZContactGoodwillRequest>;

/** The agent's message that tells the action; null when it could not be sent at once, and the outbox sends it after (decision 0059). */
const messageId = z.number().int().nullable();
export const ZContactDone = z.object({ message_id: messageId });
export const ZContactDoneResponse = envelope(ZContactDone);
export const ZContactQuoteResponse = envelope(ZRefundQuote);
export const ZContactReturnResponse = envelope(ZReturnDetail.extend({ message_id: messageId }));
export const ZContactGoodwillResponse = envelope(
  z.object({ message_id: messageId, user_coupon_id: z.number().int(), amount: z.number() }),
);
