import { z } from 'zod';
import { envelope } from './envelope';
import { id, wholeNumber } from './fields';
import {
  MESSAGE_EVENTS,
  MESSAGE_IDS_MAX,
  MESSAGE_PAGE_SIZE,
  MESSAGE_PAGE_SIZE_MAX,
  MESSAGE_TYPES,
  MessageTexts,
} from './messages-rules';

export * from './messages-rules';

/** POST /shop/user_msg/list (spec 7: page, type, read): newest first; `read` 0 unread only, 1 read only. */
export const ZMessageListRequest = z
  .object({
    page: wholeNumber('page', 1, 10_000).default(1),
    page_size: wholeNumber('page_size', 1, MESSAGE_PAGE_SIZE_MAX).default(MESSAGE_PAGE_SIZE),
    type: z.enum(MESSAGE_TYPES, { error: 'type is not a known kind of message' }).optional(),
    read: wholeNumber('read', 0, 1).optional(),
  })
  .strict();
export type TMessageListRequest = z.input<typeof ZMessageListRequest>;

export const ZMessage = z.object({
  id: z.number().int(),
  type: z.enum(MESSAGE_TYPES),
  /** the event the notice tells of (order.shipped, coupon.expiring…) */
  event: z.enum(MESSAGE_EVENTS),
  title: z.string(),
  content: z.string(),
  /** the page it concerns: a path of the shop */
  link: z.string(),
  read: z.boolean(),
  /** epoch milliseconds */
  created_at: z.number().int(),
});
export type TMessage = z.infer<typeof ZMessage>;

/** The page asked for, how many match the filter, and the shopper's unread count (all types). */
export const ZMessageList = z.object({
  data: z.array(ZMessage),
  total: z.number().int(),
  unread: z.number().int(),
});
export type TMessageList = z.infer<typeof ZMessageList>;
export const ZMessageListResponse = envelope(ZMessageList);

/** POST /shop/userMsg/updateReadStatus: the ids given, or all of the shopper's messages. */
export const ZMessageReadRequest = z
  .object({
    ids: z.array(id('ids')).min(1, MessageTexts.idsOrAll).max(MESSAGE_IDS_MAX, `ids: at most ${MESSAGE_IDS_MAX}`).optional(),
    all: z.boolean({ error: 'all must be true or false' }).optional(),
  })
  .strict()
  .refine((value) => (value.ids !== undefined) !== (value.all === true), { message: MessageTexts.idsOrAll, path: ['ids'] });
export type TMessageReadRequest = z.infer<typeof ZMessageReadRequest>;

export const ZMessageReadResult = z.object({ updated: z.number().int(), unread: z.number().int() });
export type TMessageReadResult = z.infer<typeof ZMessageReadResult>;
export const ZMessageReadResponse = envelope(ZMessageReadResult);
