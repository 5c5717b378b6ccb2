import {
  AccountClosureMessages,
  exportFileName,
  ZSendSignoutCodeRequest,
  ZSignoutRequest,
} from '@shop/contracts/account-closure';
import { EmailCodeMessages, ZEmailCodeSentResponse } from '@shop/contracts/email-codes';
import { envelope } from '@shop/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireSubject } from '../../http/auth';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import type { AuthLimits, EmailCodeLimits } from '../../http/rate-limits';
import type { AuthService } from '../auth';
import type { AccountSecurity } from './account-security';

type Deps = {
  security: AccountSecurity;
  auth: AuthService;
  limits: AuthLimits;
  codeLimits: EmailCodeLimits;
  /** the account cancellation workflow */
  cancel: (userId: number, input: { email: string; code: string; reason?: string }) => Promise<void>;
  /** everything the shop holds about the shopper */
  exportData: (userId: number) => Promise<Record<string, unknown>>;
  clock?: () => number;
};

/**
 * spec 7 "Account and session": cancelling the account with an e-mailed code, and downloading
 * one's data (decision 0026). All of them belong to the signed-in shopper, for their own address.
 */
export function accountClosureRoutes(app: FastifyInstance, deps: Deps) {
  const { security, auth, limits, codeLimits, clock = Date.now } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const requireUser = requireSubject(auth, 'user');
  const tags = ['account'];

  r.post(
    '/api/send/signout/mail',
    {
      schema: {
        tags,
        summary: 'E-mail a code to cancel the account',
        body: ZSendSignoutCodeRequest,
        response: { 200: ZEmailCodeSentResponse },
      },
      onRequest: [codeLimits.perIp, requireUser],
    },
    async (request) => {
      await codeLimits.perAddress(request.body.email);
      const { subjectId } = principalOf(request);
      const info = await security.ownEmail(subjectId);
      if (info !== request.body.email) throw AppError.field('email', EmailCodeMessages.notYourEmail);
      return ok(await security.sendEmailCode({ email: info, type: 'signout' }, subjectId), AccountClosureMessages.codeSent);
    },
  );

  r.post(
    '/api/signout',
    {
      schema: {
        tags,
        summary: 'Cancel the account and erase its data',
        body: ZSignoutRequest,
        response: { 200: envelope(z.null()) },
      },
      onRequest: [limits.perIp, requireUser],
    },
    async (request) => {
      const { subjectId } = principalOf(request);
      await limits.perAccount(request, `user:${subjectId}`);
      await deps.cancel(subjectId, request.body);
      return ok(null, AccountClosureMessages.cancelled);
    },
  );

  r.get(
    '/shop/user/export',
    { schema: { tags, summary: 'Download everything the shop holds about the shopper (JSON)' }, onRequest: requireUser },
    async (request, reply) => {
      const data = await deps.exportData(principalOf(request).subjectId);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(clock())}"`)
        .header('cache-control', 'no-store')
        .send(JSON.stringify(data, null, 2));
    },
  );
}
