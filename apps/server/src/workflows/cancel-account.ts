import { AccountClosureMessages } from '@shop/contracts/account-closure';
import { CustomerMessages } from '@shop/contracts/customer-rules';
import { EmailCodeMessages } from '@shop/contracts/email-codes';
import { eraseChatIdentity } from '../chat';
import type { Db } from '../db/database';
import { inTransaction } from '../db/transaction';
import { AppError } from '../http/errors';
import { emit } from '../infra/events';
import { eraseAddresses } from '../modules/addresses';
import { recordAudit } from '../modules/audit';
import type { AuthService } from '../modules/auth';
import { eraseCart } from '../modules/cart';
import { eraseBrowsingHistory, type StockChange } from '../modules/catalog';
import { eraseCoupons } from '../modules/coupons';
import { unlinkFeedbackOf } from '../modules/feedback';
import { eraseMessages } from '../modules/messages';
import { eraseNewsletterOf } from '../modules/newsletter';
import { eraseNotificationPreferences } from '../modules/notifications';
import {
  erasePersonalFieldsOfOrders,
  PAYMENT_IN_FLIGHT_MS,
  paymentInFlight,
  undeliveredOrderCount,
  unpaidOrdersOf,
} from '../modules/orders';
import { eraseRequestsOf } from '../modules/requests';
import { eraseReturnsOf, openReturnCount } from '../modules/returns';
import { eraseReviewsOf } from '../modules/reviews';
import { accountOf, closePoints, closeReferrals, eraseNotesOf, eraseUser } from '../modules/users';
import { type EmailCodeService, eraseCodesOf } from '../modules/verification';
import { eraseWishlist } from '../modules/wishlist';
import { cancelUnpaidOrder } from './cancel-order';

/**
 * Cancelling an account (decision 0026): with the sign-out code mailed to the account's address,
 * in one transaction — the code spent, the orders checked, unpaid orders cancelled (stock and
 * points back), then every owner erases its rows: the bag, the wishlist, the notification
 * preferences, the inbox's messages, the words and photos of return requests, the addresses, the browsing history, the chat identity, the e-mail codes, the points (a closing debit), the unused coupons, the orders'
 * personal fields, and last the account itself; `user.cancelled` carries the old address for the
 * last e-mail. After the commit every session of the account ends (closing its chat connections).
 * An administrator may erase an account on the shopper's request (decision 0055): the same
 * refusals, the same steps and the same last e-mail, with the reason in the audit trail.
 */

/** Step: refused while an order is paid and not delivered, a return is open, or a payment of an unpaid one is in flight. */
export async function checkNothingPending(trx: Db, userId: number, at: number): Promise<{ id: number; status: number }[]> {
  if ((await undeliveredOrderCount(trx, userId)) > 0) {
    throw new AppError('bad_request', AccountClosureMessages.ordersUndelivered);
  }
  if ((await openReturnCount(trx, userId)) > 0) throw new AppError('bad_request', AccountClosureMessages.returnsOpen);
  const unpaid = await unpaidOrdersOf(trx, userId);
  for (const order of unpaid) {
    if (await paymentInFlight(trx, order.id, at - PAYMENT_IN_FLIGHT_MS)) {
      throw new AppError('bad_request', AccountClosureMessages.paymentInFlight);
    }
  }
  return unpaid;
}

/** Step: every owner erases the shopper's rows, in `trx`. */
export async function eraseAccountData(trx: Db, userId: number, at: number): Promise<void> {
  await eraseCart(trx, userId);
  await eraseWishlist(trx, userId);
  await eraseNotificationPreferences(trx, userId);
  await eraseNewsletterOf(trx, userId);
  await unlinkFeedbackOf(trx, userId);
  await eraseRequestsOf(trx, userId);
  await eraseMessages(trx, userId);
  await eraseReviewsOf(trx, userId);
  await eraseReturnsOf(trx, userId);
  await eraseAddresses(trx, userId);
  await eraseBrowsingHistory(trx, userId);
  await eraseChatIdentity(trx, userId);
  await eraseCodesOf(trx, userId);
  await closePoints(trx, userId, at);
  await eraseCoupons(trx, userId);
  await closeReferrals(trx, userId, at);
  await eraseNotesOf(trx, userId);
  await erasePersonalFieldsOfOrders(trx, userId, at);
  if (!(await eraseUser(trx, userId, at))) throw AppError.field('code', EmailCodeMessages.expired);
}

type Deps = {
  db: Db;
  auth: AuthService;
  codes: EmailCodeService;
  /** called after a commit that moved these goods' stock (unpaid orders cancelled) */
  onStockChange?: (changes: StockChange[]) => Promise<void> | void;
};

export function createAccountCancellation({ db, auth, codes, onStockChange }: Deps) {
  return {
    /** POST /api/signout: the signed-in shopper's own address and its sign-out code. */
    async cancel(userId: number, input: { email: string; code: string; reason?: string }): Promise<void> {
      const outcome = await inTransaction(db, async (trx) => {
        const user = await accountOf(trx, userId);
        if (user?.status !== 'active') throw AppError.unauthorized();
        if (user.email !== input.email) throw AppError.field('email', EmailCodeMessages.notYourEmail);
        const at = codes.now();
        // refused before the code is spent: the shopper can come back once the order arrives
        const unpaid = await checkNothingPending(trx, userId, at);
        const check = await codes.check(trx, { email: user.email, purpose: 'signout', code: input.code, userId });
        if (check !== 'ok') return { check } as const;
        const changes: StockChange[] = [];
        for (const order of unpaid) {
          changes.push(...(await cancelUnpaidOrder(trx, order, { actor: 'shopper', reason: 'Account cancelled', at })));
        }
        await eraseAccountData(trx, userId, at);
        await emit(trx, 'user.cancelled', { user_id: userId, email: user.email, reason: input.reason ?? '' }, at);
        return { check, changes } as const;
      });
      if (outcome.check !== 'ok') {
        throw AppError.field('code', outcome.check === 'wrong' ? EmailCodeMessages.invalid : EmailCodeMessages.expired);
      }
      await auth.endSessions({ subjectType: 'user', subjectId: userId }, 'account_cancelled');
      if (outcome.changes.length && onStockChange) await onStockChange(outcome.changes);
    },

    /** POST /admin/customers/:id/erase (customers.erase): the shopper asked the shop to erase the account. */
    async erase(staffId: number, userId: number, reason: string): Promise<void> {
      const changes = await inTransaction(db, async (trx) => {
        const user = await accountOf(trx, userId);
        if (!user) throw AppError.notFound(CustomerMessages.notFound);
        if (user.status !== 'active') throw new AppError('bad_request', CustomerMessages.notActive);
        const at = codes.now();
        const unpaid = await checkNothingPending(trx, userId, at);
        const moved: StockChange[] = [];
        for (const order of unpaid) {
          moved.push(...(await cancelUnpaidOrder(trx, order, { actor: `staff:${staffId}`, reason: 'Account erased', at })));
        }
        await eraseAccountData(trx, userId, at);
        await emit(trx, 'user.cancelled', { user_id: userId, email: user.email, reason }, at);
        // the audit keeps who, when and why, not the erased address
        await recordAudit(trx, {
          staffId,
          action: 'customer.erase',
          object: { type: 'user', id: userId },
          before: { status: user.status },
          after: { status: 'cancelled', unpaid_orders_cancelled: unpaid.map((order) => order.id) },
          reason,
          at,
        });
        return moved;
      });
      await auth.endSessions({ subjectType: 'user', subjectId: userId }, 'account_cancelled');
      if (changes.length && onStockChange) await onStockChange(changes);
    },
  };
}

export type AccountCancellation = ReturnType<typeof createAccountCancellation>;
