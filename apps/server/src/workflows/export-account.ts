import { chatOf } from '../chat';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { addressesOf } from '../modules/addresses';
import { sessionsOf } from '../modules/auth';
import { cartOf } from '../modules/cart';
import { browsingHistoryOf } from '../modules/catalog';
import { couponsOf } from '../modules/coupons';
import { feedbackOf } from '../modules/feedback';
import { messagesOf } from '../modules/messages';
import { newsletterOf } from '../modules/newsletter';
import { notificationPreferencesOf } from '../modules/notifications';
import { ordersOf } from '../modules/orders';
import { paymentsOf } from '../modules/payments';
import { requestsOf } from '../modules/requests';
import { returnsOf } from '../modules/returns';
import { reviewsOf } from '../modules/reviews';
import { pointsLedgerOf, profileOf, referralsOf } from '../modules/users';
import { wishlistOf } from '../modules/wishlist';

/**
 * "Download my data" (decision 0026): one exporter per module, each naming the tables it reads, so
 * a test can list every table with a user column and fail when one is neither exported here nor
 * exempt below with its reason.
 */
export type Exporter = {
  /** the key of its part in the file */
  key: string;
  /** the tables its part comes from */
  tables: (keyof Database)[];
  collect: (db: Db, userId: number) => Promise<unknown>;
};

export const EXPORTERS: Exporter[] = [
  { key: 'profile', tables: ['users'], collect: profileOf },
  { key: 'addresses', tables: ['addresses'], collect: addressesOf },
  { key: 'orders', tables: ['orders', 'order_items', 'order_status_history'], collect: ordersOf },
  { key: 'payments', tables: ['order_payments'], collect: paymentsOf },
  { key: 'bag', tables: ['cart_items'], collect: cartOf },
  { key: 'wishlist', tables: ['favorites'], collect: wishlistOf },
  { key: 'notification_preferences', tables: ['notification_preferences'], collect: notificationPreferencesOf },
  { key: 'newsletter', tables: ['newsletter_subscriptions', 'newsletter_consents'], collect: newsletterOf },
  { key: 'feedback', tables: ['feedback'], collect: feedbackOf },
  { key: 'requests', tables: ['help_requests', 'help_request_files'], collect: requestsOf },
  { key: 'messages', tables: ['user_messages'], collect: messagesOf },
  { key: 'browsing_history', tables: ['browsing_history'], collect: browsingHistoryOf },
  { key: 'points_ledger', tables: ['points_ledger'], collect: pointsLedgerOf },
  { key: 'coupons', tables: ['user_coupons'], collect: couponsOf },
  { key: 'referrals', tables: ['referrals'], collect: referralsOf },
  { key: 'reviews', tables: ['reviews', 'review_photos', 'review_likes'], collect: reviewsOf },
  { key: 'returns', tables: ['returns', 'return_lines', 'return_events'], collect: returnsOf },
  { key: 'chat', tables: ['chat_tourists', 'chat_sessions', 'chat_messages'], collect: chatOf },
  { key: 'sign_in_sessions', tables: ['auth_sessions'], collect: sessionsOf },
];

/** Tables with a user column that hold nothing to give back, and why. */
export const EXPORT_EXEMPT: Partial<Record<keyof Database, string>> = {
  email_codes: 'one-time codes kept only as a keyed hash for ten minutes: nothing readable about the shopper',
  coupon_claims: 'welcome offers taken, kept as a hash of the address or number so an offer is not taken twice (decision 0029)',
  known_identities: 'one-way digests of the address and phone an account was opened with: nothing readable about the shopper',
  referral_rewards_monthly: "a count of the inviter's rewards in a month; each reward is in the referrals part",
  points_expiry_notices: 'which earning an expiry notice covered; the notices are e-mails and the points are in the ledger',
  customer_notes: "the staff's own working notes about the customer, the shop's records (decision 0055); erased with the account",
};

/** Everything the shop holds about the shopper, one part per exporter. */
export async function exportAccount(db: Db, userId: number, at: number): Promise<Record<string, unknown>> {
  const parts: Record<string, unknown> = { exported_at: new Date(at).toISOString() };
  for (const exporter of EXPORTERS) parts[exporter.key] = await exporter.collect(db, userId);
  return parts;
}
