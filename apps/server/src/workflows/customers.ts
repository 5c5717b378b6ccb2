import {
  CUSTOMER_PROFILE_ROWS,
  CustomerMessages,
  type TAdminCustomerList,
  type TAdminCustomerNote,
  type TAdminCustomerProfile,
  type TAdminCustomerTranscript,
} from '@shop/contracts/customers';
import { conversationsOfUser, transcriptOfUser } from '../chat';
import type { Db } from '../db/database';
import { inTransaction } from '../db/transaction';
import { AppError } from '../http/errors';
import { addressesOf } from '../modules/addresses';
import { couponPageOf } from '../modules/coupons';
import { orderCountsOf, orderNumbersOf, orderOwnerOf, orderSummariesOf } from '../modules/orders';
import { returnSummariesOf } from '../modules/returns';
import {
  addNote,
  deleteNote,
  notesOf,
  pointsBalancesOf,
  pointsLog,
  pointsOverview,
  profileOf,
  searchShoppers,
} from '../modules/users';

/**
 * The back office's customers (`GET /admin/customers`, `GET /admin/customers/:id`, decision 0040):
 * each module answers for its own tables (the accounts and the points from the users module, the
 * orders, the coupons, the address book), the same functions "Download my data" and the shopper's
 * own pages use; this composes them for staff.
 */
export function createCustomerDirectory({ db, clock = Date.now }: { db: Db; clock?: () => number }) {
  async function mustExist(userId: number) {
    if (!(await profileOf(db, userId))) throw AppError.notFound(CustomerMessages.notFound);
  }

  return {
    /** Shoppers by e-mail, name, phone or order number, newest first, with their orders and points. */
    async search(query: { q: string; page: number; pagesize: number }): Promise<TAdminCustomerList> {
      const words = query.q.split(/\s+/).filter((word) => word !== '');
      // An order number names its shopper even though no account field matches it.
      const owner = words.length === 1 ? await orderOwnerOf(db, words[0] as string) : null;
      const { rows, total } = await searchShoppers(db, {
        words,
        alsoIds: owner === null ? [] : [owner],
        page: query.page,
        pagesize: query.pagesize,
      });
      const ids = rows.map((row) => row.id);
      const [orders, points] = await Promise.all([orderCountsOf(db, ids), pointsBalancesOf(db, ids)]);
      return {
        total,
        data: rows.map((row) => ({
          id: row.id,
          email: row.email,
          first_name: row.first_name,
          last_name: row.last_name,
          code: row.dial_code,
          mobile: row.mobile,
          status: row.status,
          created_at: row.created_at,
          orders: orders.get(row.id) ?? 0,
          points: points.get(row.id) ?? 0,
        })),
      };
    },

    /** One shopper: the account, newest orders, points and ledger, coupons held and address book. */
    async profile(userId: number): Promise<TAdminCustomerProfile> {
      const user = await profileOf(db, userId);
      if (!user) throw AppError.notFound(CustomerMessages.notFound);
      const now = clock();
      const [orders, overview, ledger, coupons, addresses, returns] = await Promise.all([
        orderSummariesOf(db, userId, CUSTOMER_PROFILE_ROWS),
        pointsOverview(db, userId, now),
        pointsLog(db, userId, { page: 1, pagesize: CUSTOMER_PROFILE_ROWS }),
        couponPageOf(db, userId, { status: '', page: 1, limit: CUSTOMER_PROFILE_ROWS }, now),
        addressesOf(db, userId),
        returnSummariesOf(db, userId, CUSTOMER_PROFILE_ROWS),
      ]);
      const orderNumbers = await orderNumbersOf(db, [...new Set(returns.map((row) => row.order_id))]);
      return {
        account: {
          id: user.id,
          email: user.email,
          first_name: user.first_name,
          last_name: user.last_name,
          code: user.dial_code,
          mobile: user.mobile,
          status: user.status,
          email_verified: user.email_verified_at !== null,
          marketing_consent: user.marketing_consent === 1,
          invitation_code: user.invitation_code,
          created_at: user.created_at,
          updated_at: user.updated_at,
        },
        orders,
        points: {
          balance: overview.balance,
          expiring_points: overview.expiring_points,
          expiring_at: overview.expiring_at,
          ledger,
        },
        coupons,
        addresses: addresses.map(({ created_at: _created, updated_at: _updated, ...address }) => address),
        returns: returns.map((row) => ({ ...row, order_no: orderNumbers.get(row.order_id) ?? '' })),
      };
    },

    /** The shopper's conversations with the support desk, newest first. */
    async chats(userId: number) {
      await mustExist(userId);
      return { data: await conversationsOfUser(db, userId) };
    },

    /** One conversation of the shopper's, read-only, with its messages. */
    async transcript(userId: number, sessionId: number): Promise<TAdminCustomerTranscript> {
      await mustExist(userId);
      const transcript = await transcriptOfUser(db, userId, sessionId);
      if (!transcript) throw AppError.notFound(CustomerMessages.chatNotFound);
      return transcript;
    },

    /** The staff notes about the shopper, newest first. */
    async notes(userId: number, readerId: number): Promise<{ data: TAdminCustomerNote[] }> {
      await mustExist(userId);
      return { data: await notesOf(db, userId, readerId) };
    },

    async addNote(userId: number, staffId: number, body: string) {
      await mustExist(userId);
      await inTransaction(db, (trx) => addNote(trx, { userId, staffId, body, at: clock() }));
      return { data: await notesOf(db, userId, staffId) };
    },

    async deleteNote(userId: number, staffId: number, noteId: number) {
      await mustExist(userId);
      await inTransaction(db, (trx) => deleteNote(trx, { userId, staffId, noteId, at: clock() }));
      return { data: await notesOf(db, userId, staffId) };
    },
  };
}

export type CustomerDirectory = ReturnType<typeof createCustomerDirectory>;
