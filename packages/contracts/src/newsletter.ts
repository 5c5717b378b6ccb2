import { z } from 'zod';
import { ZEmail } from './auth';
import { ZEmailCode } from './email-codes';
import { envelope } from './envelope';
import { NEWSLETTER_SOURCES } from './newsletter-rules';

export * from './newsletter-rules';

/** POST /api/newsletter/subscribe: the address and the form it was given in. */
export const ZNewsletterSubscribeRequest = z.object({
  email: ZEmail,
  source: z.enum(NEWSLETTER_SOURCES, { error: 'source must be footer or floating' }),
});
export type TNewsletterSubscribeRequest = z.input<typeof ZNewsletterSubscribeRequest>;

/** POST /api/newsletter/confirm: the address with the code it received. */
export const ZNewsletterConfirmRequest = z.object({ email: ZEmail, code: ZEmailCode });
export type TNewsletterConfirmRequest = z.input<typeof ZNewsletterConfirmRequest>;

/**
 * The confirmed subscription. `account` says whether the address belongs to an account (the $10
 * offer is granted to that account); a guest is asked to sign in or register with it.
 */
export const ZNewsletterSubscription = z.object({
  email: z.string(),
  status: z.enum(['pending', 'subscribed', 'unsubscribed']),
  account: z.boolean(),
  confirmed_at: z.number().int().nullable(),
});
export type TNewsletterSubscription = z.infer<typeof ZNewsletterSubscription>;
export const ZNewsletterSubscriptionResponse = envelope(ZNewsletterSubscription);
