/**
 * Notification preferences and the unsubscribe page (decision 0027). What other features may import
 * from this one: they reach it only through this file. The pages are not named here: the routes
 * import them from their own modules, since a bundle keeps every module an index names wherever the
 * index is imported.
 */
export { NOTIFICATIONS_HREF } from './paths';
