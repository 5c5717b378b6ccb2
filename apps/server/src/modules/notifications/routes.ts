import {
  NotificationMessages,
  NotificationPaths,
  ZNotificationPreferencesRequest,
  ZNotificationPreferencesResponse,
  ZUnsubscribeQuery,
  ZUnsubscribeResponse,
} from '@shop/contracts/notifications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireSubject } from '../../http/auth';
import { ok } from '../../http/envelope';
import { tokenSecurity as security } from '../../http/route-options';
import type { AuthService } from '../auth';
import type { NotificationService } from './service';

type Deps = { notifications: NotificationService; auth: AuthService };

/** The shopper's notification preferences, and the one-click unsubscribe link of marketing e-mail (decision 0027). */
export async function notificationRoutes(app: FastifyInstance, { notifications, auth }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const requireUser = requireSubject(auth, 'user');

  r.get(
    NotificationPaths.preferences,
    {
      schema: {
        tags: ['notifications'],
        summary: 'Every notification category by channel (order and account updates are always on)',
        security,
        response: { 200: ZNotificationPreferencesResponse },
      },
      onRequest: requireUser,
    },
    async (request) => ok({ preferences: await notifications.preferences(principalOf(request).subjectId) }),
  );

  r.post(
    NotificationPaths.preferences,
    {
      schema: {
        tags: ['notifications'],
        summary: 'Saves the categories given; switching off order and account updates is refused',
        security,
        body: ZNotificationPreferencesRequest,
        response: { 200: ZNotificationPreferencesResponse },
      },
      onRequest: requireUser,
    },
    async (request) =>
      ok({ preferences: await notifications.save(principalOf(request).subjectId, request.body) }, NotificationMessages.saved),
  );

  // RFC 8058: a mail client posts `List-Unsubscribe=One-Click` as a form to the link itself, signed
  // out; the body says nothing the token does not, so it is read as text and set aside.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
      done(null, {}),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      NotificationPaths.unsubscribe,
      {
        schema: {
          tags: ['notifications'],
          summary: 'One-click unsubscribe (RFC 8058): the signed token’s category off by e-mail; idempotent, no sign-in',
          querystring: ZUnsubscribeQuery,
          response: { 200: ZUnsubscribeResponse },
        },
      },
      async (request) => {
        const result = await notifications.unsubscribe(request.query.token);
        return ok(result, result.message);
      },
    );
  });
}
