import { ZEmailCodeSentResponse } from '@shop/contracts/email-codes';
import {
  NewsletterMessages,
  NewsletterPaths,
  ZNewsletterConfirmRequest,
  ZNewsletterSubscribeRequest,
  ZNewsletterSubscriptionResponse,
} from '@shop/contracts/newsletter';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { metaOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { AuthLimits, EmailCodeLimits } from '../../http/rate-limits';
import type { NewsletterService } from './service';

type Deps = { newsletter: NewsletterService; limits: AuthLimits; codeLimits: EmailCodeLimits };

/**
 * The newsletter sign-up of the footer and the floating widget (spec 2, 5; decision 0034). Asking
 * for a code counts as any e-mail code does (per client and per address); checking one counts as
 * an attempt on the address, like a sign-in.
 */
export function newsletterRoutes(app: FastifyInstance, { newsletter, limits, codeLimits }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['newsletter'];

  r.post(
    NewsletterPaths.subscribe,
    {
      schema: {
        tags,
        summary: 'Sign an address up (pending) with its consent record, and e-mail it a code',
        body: ZNewsletterSubscribeRequest,
        response: { 200: ZEmailCodeSentResponse },
      },
      onRequest: codeLimits.perIp,
    },
    async (request) => {
      await codeLimits.perAddress(request.body.email);
      return ok(await newsletter.subscribe(request.body, metaOf(request)), NewsletterMessages.codeSent);
    },
  );

  r.post(
    NewsletterPaths.confirm,
    {
      schema: {
        tags,
        summary: 'Confirm a sign-up with the e-mailed code (double opt-in)',
        body: ZNewsletterConfirmRequest,
        response: { 200: ZNewsletterSubscriptionResponse },
      },
      onRequest: limits.perIp,
    },
    async (request) => {
      await limits.perAccount(request, `newsletter:${request.body.email}`);
      return ok(await newsletter.confirm(request.body, metaOf(request)), NewsletterMessages.subscribed);
    },
  );
}
