import { z } from 'zod';
import { ZUserCoupon } from './coupons';
import { CUSTOMER_NOTE_MAX, CUSTOMER_PAGE_SIZE_DEFAULT, CUSTOMER_PAGE_SIZE_MAX, CustomerMessages } from './customer-rules';
import { envelope, listResult } from './envelope';
import { coercedId, id, text, wholeNumber } from './fields';
import { ZPointsLog } from './points';

export * from './customer-rules';

/**
 * The back office's customers (staff token, permission customers.view): a search over the
 * shoppers and one shopper's profile, each part answered by the module that owns it. Amounts are
 * decimal US dollars with 2 places; times are epoch milliseconds.
 */

/**
 * GET /admin/customers: `q` is an e-mail address (or part of one), a name, a phone number or an
 * order number; every word must match. Absent or empty, every shopper, newest first.
 */
export const ZAdminCustomerListQuery = z.object({
  q: text({ error: 'q must be text' }).trim().max(254, 'The search is too long (254 characters at most)').default(''),
  page: wholeNumber('page', 1, 10_000).default(1),
  pagesize: wholeNumber('pagesize', 1, CUSTOMER_PAGE_SIZE_MAX).default(CUSTOMER_PAGE_SIZE_DEFAULT),
});
export type TAdminCustomerListQuery = z.input<typeof ZAdminCustomerListQuery>;

export const ZAdminCustomerListItem = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** the dial code and number as the shopper gave them ('' when none) */
  code: z.string(),
  mobile: z.string(),
  status: z.string(),
  created_at: z.number().int(),
  orders: z.number().int(),
  points: z.number().int(),
});
export type TAdminCustomerListItem = z.infer<typeof ZAdminCustomerListItem>;
export const ZAdminCustomerList = listResult(ZAdminCustomerListItem);
export type TAdminCustomerList = z.infer<typeof ZAdminCustomerList>;
export const ZAdminCustomerListResponse = envelope(ZAdminCustomerList);

export const ZAdminCustomerParams = z.object({ id: coercedId('id') });

export const ZAdminCustomerOrder = z.object({
  id: z.number().int(),
  order_no: z.string(),
  status: z.number().int(),
  status_text: z.string(),
  /** what the shopper paid or is to pay, USD */
  pay_price: z.number(),
  total_num: z.number().int(),
  created_at: z.number().int(),
});
export type TAdminCustomerOrder = z.infer<typeof ZAdminCustomerOrder>;

export const ZAdminCustomerAddress = z.object({
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  country: z.string(),
  state: z.string(),
  city: z.string(),
  address1: z.string(),
  address2: z.string(),
  postcode: z.string(),
  is_default: z.number().int(),
});
export type TAdminCustomerAddress = z.infer<typeof ZAdminCustomerAddress>;

/** A return request on the profile; its page is /office/returns/:id. */
export const ZAdminCustomerReturn = z.object({
  id: z.number().int(),
  return_no: z.string(),
  order_id: z.number().int(),
  order_no: z.string(),
  kind: z.string(),
  status: z.string(),
  /** what is or was to be refunded, USD */
  amount: z.number(),
  created_at: z.number().int(),
});
export type TAdminCustomerReturn = z.infer<typeof ZAdminCustomerReturn>;

export const ZAdminCustomerProfile = z.object({
  account: ZAdminCustomerListItem.omit({ orders: true, points: true }).extend({
    email_verified: z.boolean(),
    marketing_consent: z.boolean(),
    invitation_code: z.string(),
    updated_at: z.number().int(),
  }),
  /** the newest orders first; `total` counts them all */
  orders: listResult(ZAdminCustomerOrder),
  points: z.object({
    balance: z.number().int(),
    expiring_points: z.number().int(),
    expiring_at: z.number().int().nullable(),
    /** the newest movements first */
    ledger: ZPointsLog,
  }),
  /** every coupon held, newest first, with the count per tab */
  coupons: listResult(ZUserCoupon).extend({
    counts: z.object({ unused: z.number().int(), used: z.number().int(), expired: z.number().int() }),
  }),
  addresses: z.array(ZAdminCustomerAddress),
  /** the return requests, newest first */
  returns: z.array(ZAdminCustomerReturn),
});
export type TAdminCustomerProfile = z.infer<typeof ZAdminCustomerProfile>;
export const ZAdminCustomerProfileResponse = envelope(ZAdminCustomerProfile);

/** A staff note about the customer, newest first; `mine` when the reader wrote it (and may delete it). */
export const ZAdminCustomerNote = z.object({
  id: z.number().int(),
  body: z.string(),
  author: z.string(),
  mine: z.boolean(),
  created_at: z.number().int(),
});
export type TAdminCustomerNote = z.infer<typeof ZAdminCustomerNote>;

/** GET /admin/customers/:id/notes and the answer of adding or deleting one */
export const ZAdminCustomerNotes = z.object({ data: z.array(ZAdminCustomerNote) });
export type TAdminCustomerNotes = z.infer<typeof ZAdminCustomerNotes>;
export const ZAdminCustomerNotesResponse = envelope(ZAdminCustomerNotes);

/** POST /admin/customers/:id/notes */
export const ZAdminCustomerNoteRequest = z.object({
  body: text({ error: CustomerMessages.noteEmpty })
    .trim()
    .min(1, CustomerMessages.noteEmpty)
    .max(CUSTOMER_NOTE_MAX, CustomerMessages.noteTooLong),
});
export type TAdminCustomerNoteRequest = z.input<typeof ZAdminCustomerNoteRequest>;

/** POST /admin/customers/:id/notes/delete: the author's own note */
export const ZAdminCustomerNoteDeleteRequest = z.object({ note_id: id('note_id') });

/** POST /admin/customers/:id/erase: an administrator erases the account on the shopper's request */
export const ZAdminCustomerEraseRequest = z.object({
  reason: text({ error: CustomerMessages.reasonEmpty })
    .trim()
    .min(1, CustomerMessages.reasonEmpty)
    .max(500, CustomerMessages.reasonTooLong),
});
export type TAdminCustomerEraseRequest = z.input<typeof ZAdminCustomerEraseRequest>;

/** One of the shopper's conversations with the support desk, newest first. */
export const ZAdminCustomerChat = z.object({
  id: z.number().int(),
  /** the agent who took it, '' when none did */
  agent: z.string(),
  state: z.string(),
  messages: z.number().int(),
  preview: z.string(),
  created_at: z.number().int(),
  last_at: z.number().int(),
});
export type TAdminCustomerChat = z.infer<typeof ZAdminCustomerChat>;
export const ZAdminCustomerChats = z.object({ data: z.array(ZAdminCustomerChat) });
export type TAdminCustomerChats = z.infer<typeof ZAdminCustomerChats>;
export const ZAdminCustomerChatsResponse = envelope(ZAdminCustomerChats);

export const ZAdminCustomerChatParams = z.object({ id: coercedId('id'), sessionId: coercedId('sessionId') });

/** GET /admin/customers/:id/chats/:sessionId: the conversation read-only, oldest message first */
export const ZAdminCustomerTranscript = ZAdminCustomerChat.extend({
  lines: z.array(
    z.object({
      seq: z.number().int(),
      /** 'tourist' (the shopper), 'csr' (an agent) or 'system' */
      sender: z.string(),
      type: z.string(),
      text: z.string(),
      created_at: z.number().int(),
    }),
  ),
});
export type TAdminCustomerTranscript = z.infer<typeof ZAdminCustomerTranscript>;
export const ZAdminCustomerTranscriptResponse = envelope(ZAdminCustomerTranscript);

/** The answer of POST /admin/customers/:id/erase */
export const ZAdminCustomerEraseResponse = envelope(z.null());
