/**
 * The newsletter's double opt-in and consent record (decision 0034), and its subscriber that adopts
 * a guest's subscription.
 */
export { eraseNewsletterOf, newsletterOf } from './personal-data';
export { newsletterRoutes } from './routes';
export { createNewsletterService, type NewsletterService } from './service';
export { createNewsletterSubscriber } from './subscriber';
