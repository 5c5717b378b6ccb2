/**
 * Notification preferences by category and channel, and the one-click unsubscribe (decision 0027).
 */
export { eraseNotificationPreferences, notificationPreferencesOf } from './personal-data';
export { notificationRoutes } from './routes';
export { createNotificationService } from './service';
