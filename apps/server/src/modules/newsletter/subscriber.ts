import type { EventSubscriber } from '../../infra/events';
import type { NewsletterService } from './service';

/**
 * A guest who confirmed the newsletter and later proves the same address on an account (verifies
 * it, or changes the account's e-mail to it with a code) has the subscription on that account.
 */
export function createNewsletterSubscriber(newsletter: NewsletterService): EventSubscriber {
  return {
    name: 'newsletter',
    handles: ['user.email_verified', 'user.email_changed'],
    async handle(event, trx, now) {
      if (event.type === 'user.email_verified') {
        await newsletter.adoptGuestSubscription(trx, event.payload.user_id, event.payload.email, now);
      } else if (event.type === 'user.email_changed') {
        await newsletter.adoptGuestSubscription(trx, event.payload.user_id, event.payload.new_email, now);
      }
    },
  };
}
