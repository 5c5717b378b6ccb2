import { z } from 'zod';
import { ZEmail } from './auth';
import { ZEmailCode } from './email-codes';
import { text } from './fields';

/**
 * Cancelling an account and downloading one's data (spec 7 "Account and session": /api/send/signout/mail
 * and /api/signout; decision 0026): the requests and the texts, shared by the page and the server.
 */

export const AccountClosureMessages = {
  codeSent: 'The cancellation code has been sent to your email.',
  cancelled: 'Your account has been cancelled.',
  ordersUndelivered:
    'Your account cannot be cancelled while an order is paid but not yet delivered. Please try again once it has arrived.',
  paymentInFlight: 'A payment for one of your orders is being processed. Please try again in a few minutes.',
  returnsOpen:
    'Your account cannot be cancelled while a return or refund is in progress. Please try again once it is refunded or closed.',
  reasonTooLong: 'Please keep the reason under 500 characters.',
} as const;

export const CANCEL_REASON_MAX_LENGTH = 500;

/** POST /api/send/signout/mail */
export const ZSendSignoutCodeRequest = z.object({ email: ZEmail });
export type TSendSignoutCodeRequest = z.input<typeof ZSendSignoutCodeRequest>;

/** POST /api/signout */
export const ZSignoutRequest = z.object({
  email: ZEmail,
  code: ZEmailCode,
  reason: text().max(CANCEL_REASON_MAX_LENGTH, AccountClosureMessages.reasonTooLong).optional(),
});
export type TSignoutRequest = z.input<typeof ZSignoutRequest>;

/** The file GET /shop/user/export answers with, named for the day it was made. */
export const exportFileName = (at: number) => `my-data-${new Date(at).toISOString().slice(0, 10)}.json`;
