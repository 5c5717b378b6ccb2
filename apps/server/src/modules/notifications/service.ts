import {
  MARKETING_CATEGORIES,
  type MarketingCategory,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CHANNELS,
  type NotificationCategory,
  type NotificationChannel,
  NotificationMessages,
  NotificationPaths,
  type TNotificationPreference,
  type TNotificationPreferencesRequest,
  type TUnsubscribeResult,
} from '@shop/contracts/notifications';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { unsubscribeTokens } from './token';

type Deps = {
  db: Db;
  signingKey: string;
  /** the shop's public address: unsubscribe links are absolute on it */
  publicUrl: string;
  /**
   * The register form's marketing consent of a shopper (the default of every marketing category),
   * null for no such shopper; read in `from` (the caller's transaction when there is one).
   */
  marketingConsent: (userId: number, from: Db) => Promise<boolean | null>;
  /**
   * Told, in the transaction of the change, when a shopper's e-mail of a marketing category is
   * switched off: `unsubscribe` by an e-mail's link, `account` on the preferences page (the
   * newsletter records the withdrawal of its consent).
   */
  onEmailOff?: (trx: Db, userId: number, category: MarketingCategory, how: 'unsubscribe' | 'account') => Promise<void>;
  clock?: () => number;
};

const isMarketing = (category: NotificationCategory): category is MarketingCategory =>
  (MARKETING_CATEGORIES as readonly string[]).includes(category);

/**
 * Notification preferences (issue 14, item 7; decision 0027): a row per shopper, category and
 * channel the shopper chose, the marketing consent for the rest; order and account updates are
 * always on and never stored. Unsubscribing by an e-mail's signed link switches that category's
 * e-mail off, signed out, as often as it is followed.
 */
export function createNotificationService({ db, signingKey, publicUrl, marketingConsent, onEmailOff, clock = Date.now }: Deps) {
  const tokens = unsubscribeTokens(signingKey);

  /** Every category by channel, read in `from` (the caller's transaction when there is one). */
  async function preferences(userId: number, from: Db = db): Promise<TNotificationPreference[]> {
    const consent = (await marketingConsent(userId, from)) ?? false;
    const rows = await from
      .selectFrom('notification_preferences')
      .select(['category', 'channel', 'enabled'])
      .where('user_id', '=', userId)
      .execute();
    const chosen = new Map(rows.map((row) => [`${row.category}.${row.channel}`, row.enabled === 1]));
    const enabled = (category: NotificationCategory, channel: NotificationChannel) =>
      !isMarketing(category) || (chosen.get(`${category}.${channel}`) ?? consent);
    return NOTIFICATION_CATEGORIES.map((category) => ({
      category,
      email: enabled(category, 'email'),
      inbox: enabled(category, 'inbox'),
    }));
  }

  /** Writes one choice (a repeat, or a race, leaves the last value). */
  async function choose(trx: Db, userId: number, category: MarketingCategory, channel: NotificationChannel, on: boolean) {
    const now = clock();
    await trx
      .insertInto('notification_preferences')
      .values({ user_id: userId, category, channel, enabled: on ? 1 : 0, updated_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'category', 'channel']).doUpdateSet({ enabled: on ? 1 : 0, updated_at: now }))
      .execute();
  }

  return {
    /** GET /shop/user/notifications: every category by channel. */
    preferences,

    /** POST /shop/user/notifications: the categories given, in one transaction; the answer is the whole set. */
    async save(userId: number, input: TNotificationPreferencesRequest): Promise<TNotificationPreference[]> {
      await db.transaction().execute(async (trx) => {
        for (const preference of input.preferences) {
          if (!isMarketing(preference.category)) {
            if (!preference.email || !preference.inbox) {
              throw AppError.field('preferences', NotificationMessages.accountAlwaysOn);
            }
            continue;
          }
          for (const channel of NOTIFICATION_CHANNELS)
            await choose(trx, userId, preference.category, channel, preference[channel]);
          if (!preference.email) await onEmailOff?.(trx, userId, preference.category, 'account');
        }
      });
      return preferences(userId);
    },

    /** The shopper's e-mail of a marketing category switched on, in `trx` (a confirmed newsletter sign-up). */
    async takeEmail(trx: Db, userId: number, category: MarketingCategory): Promise<void> {
      await choose(trx, userId, category, 'email', true);
    },

    /** Whether the shopper takes this category by this channel (order and account updates: always), read in `from`. */
    async allows(from: Db, userId: number, category: NotificationCategory, channel: NotificationChannel): Promise<boolean> {
      const found = (await preferences(userId, from)).find((preference) => preference.category === category);
      return found?.[channel] ?? false;
    },

    /** The absolute one-click unsubscribe link of a marketing e-mail to the shopper. */
    unsubscribeUrl(userId: number, category: MarketingCategory): string {
      const url = new URL(NotificationPaths.unsubscribe, publicUrl);
      url.searchParams.set('token', tokens.sign(userId, category));
      return url.toString();
    },

    /** POST /unsubscribe?token=…: the token's category off by e-mail; following it again changes nothing more. */
    async unsubscribe(token: string): Promise<TUnsubscribeResult> {
      const named = tokens.verify(token);
      if (!named || (await marketingConsent(named.userId, db)) === null) {
        throw AppError.field('token', NotificationMessages.tokenInvalid);
      }
      await db.transaction().execute(async (trx) => {
        await choose(trx, named.userId, named.category, 'email', false);
        await onEmailOff?.(trx, named.userId, named.category, 'unsubscribe');
      });
      return { category: named.category, message: NotificationMessages.unsubscribed(named.category) };
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
