import { z } from 'zod';
import { envelope } from './envelope';

/**
 * Notification preferences (issue 14, item 7): what the shop may tell a shopper, by category and
 * channel. Order and account updates are always on; the marketing categories follow the shopper's
 * choice, defaulting to the register form's marketing consent.
 */
export const NOTIFICATION_CATEGORIES = ['account', 'promotions', 'newsletter', 'alerts'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];
/** the categories a shopper can switch off, and that carry an unsubscribe link in their e-mails */
export const MARKETING_CATEGORIES = ['promotions', 'newsletter', 'alerts'] as const;
export type MarketingCategory = (typeof MARKETING_CATEGORIES)[number];
export const NOTIFICATION_CHANNELS = ['email', 'inbox'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const NotificationLabels: Record<NotificationCategory, { title: string; detail: string }> = {
  account: {
    title: 'Order and account updates',
    detail: 'Order confirmations, shipping, codes and security notices. Always on.',
  },
  promotions: { title: 'Promotions', detail: 'Sales, offers and coupons.' },
  newsletter: { title: 'Newsletter', detail: 'New arrivals and style stories.' },
  alerts: { title: 'Price-drop and back-in-stock alerts', detail: 'When a product on your wishlist is cheaper or back.' },
};
export const NotificationChannelLabels: Record<NotificationChannel, string> = {
  email: 'E-mail',
  inbox: 'In-account message',
};

export const NotificationPaths = {
  preferences: '/shop/user/notifications',
  /** the one-click link of every marketing e-mail: POST unsubscribes, GET is the confirming page */
  unsubscribe: '/unsubscribe',
} as const;

export const NotificationMessages = {
  saved: 'Your notification preferences have been saved.',
  accountAlwaysOn: 'Order and account updates cannot be switched off.',
  tokenInvalid: 'This unsubscribe link is not valid.',
  unsubscribed: (category: MarketingCategory) =>
    `You will no longer receive ${NotificationLabels[category].title.toLowerCase()} by e-mail.`,
};

const ZChannels = z.object({ email: z.boolean(), inbox: z.boolean() }).strict();
export const ZNotificationPreference = z
  .object({ category: z.enum(NOTIFICATION_CATEGORIES) })
  .extend(ZChannels.shape)
  .strict();
export type TNotificationPreference = z.infer<typeof ZNotificationPreference>;

/** POST /shop/user/notifications: every category once; order and account updates stay on. */
export const ZNotificationPreferencesRequest = z
  .object({ preferences: z.array(ZNotificationPreference).min(1).max(NOTIFICATION_CATEGORIES.length) })
  .strict()
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    for (const [index, preference] of value.preferences.entries()) {
      if (seen.has(preference.category)) {
        ctx.addIssue({ code: 'custom', path: ['preferences', index, 'category'], message: 'Each category may appear once.' });
      }
      seen.add(preference.category);
      if (preference.category === 'account' && (!preference.email || !preference.inbox)) {
        ctx.addIssue({ code: 'custom', path: ['preferences', index], message: NotificationMessages.accountAlwaysOn });
      }
    }
  });
export type TNotificationPreferencesRequest = z.infer<typeof ZNotificationPreferencesRequest>;

export const ZNotificationPreferences = z.object({ preferences: z.array(ZNotificationPreference) });
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;
export const ZNotificationPreferencesResponse = envelope(ZNotificationPreferences);

/** POST /unsubscribe?token=… (RFC 8058 one-click) and the page's own call. */
export const ZUnsubscribeQuery = z.object({ token: z.string().min(1, NotificationMessages.tokenInvalid).max(200) });
export const ZUnsubscribeResult = z.object({ category: z.enum(MARKETING_CATEGORIES), message: z.string() });
export type TUnsubscribeResult = z.infer<typeof ZUnsubscribeResult>;
export const ZUnsubscribeResponse = envelope(ZUnsubscribeResult);
