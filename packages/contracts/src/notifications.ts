import { z } from 'zod';
import { envelope } from './envelope';
import { MARKETING_CATEGORIES, NOTIFICATION_CATEGORIES, NotificationMessages } from './notification-rules';

export * from './notification-rules';

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
