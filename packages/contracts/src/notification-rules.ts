/**
 * The notification categories, channels, labels, paths and messages without zod, so the
 * preferences page and the unsubscribe page carry no schema code (notifications.ts has the schemas).
 *
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
