import { ZTokenPairResponse, ZUserInfoResponse } from '@shop/contracts/auth';
import {
  EmailCodeMessages,
  ZChangeEmailRequest,
  ZChangeEmailSendRequest,
  ZChangePasswordRequest,
  ZEmailCodeSentResponse,
  ZResetPasswordRequest,
  ZResetSendQuery,
  ZSendEmailCodeRequest,
  ZVerifyEmailRequest,
} from '@shop/contracts/email-codes';
import { envelope } from '@shop/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { metaOf, optionalSubject, principalOf, requireSubject } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { AuthLimits, EmailCodeLimits } from '../../http/rate-limits';
import type { AuthService } from '../auth';
import type { AccountSecurity } from './account-security';

type Deps = { security: AccountSecurity; auth: AuthService; limits: AuthLimits; codeLimits: EmailCodeLimits };

/**
 * spec 7 "Account and session": e-mail codes, the verified address, forgotten and changed
 * passwords. Sending a code counts against the client's address and the e-mail address; checking
 * one counts as a sign-in attempt on the account (per client address and from anywhere).
 */
export function accountSecurityRoutes(app: FastifyInstance, { security, auth, limits, codeLimits }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const requireUser = requireSubject(auth, 'user');
  const tags = ['account'];

  r.post(
    '/api/email/sendEmailCode',
    {
      schema: { tags, summary: 'E-mail a one-time code', body: ZSendEmailCodeRequest, response: { 200: ZEmailCodeSentResponse } },
      onRequest: [codeLimits.perIp, optionalSubject(auth, 'user')],
    },
    async (request) => {
      await codeLimits.perAddress(request.body.email);
      const userId = request.principal?.subjectId ?? null;
      return ok(await security.sendEmailCode(request.body, userId), EmailCodeMessages.sent);
    },
  );

  r.post(
    '/api/email/verifyEmail',
    {
      schema: {
        tags,
        summary: "Verify the shopper's e-mail address",
        body: ZVerifyEmailRequest,
        response: { 200: ZUserInfoResponse },
      },
      onRequest: [limits.perIp, requireUser],
    },
    async (request) => {
      // counted against the signed-in shopper, whatever address the body names
      await limits.perAccount(request, `user:${principalOf(request).subjectId}`);
      return ok(await security.verifyEmail(principalOf(request).subjectId, request.body), EmailCodeMessages.verified);
    },
  );

  r.get(
    '/api/reset/password/email/send',
    {
      schema: {
        tags,
        summary: 'E-mail a code and a link to reset the password (the same answer for any address)',
        querystring: ZResetSendQuery,
        response: { 200: ZEmailCodeSentResponse },
      },
      onRequest: codeLimits.perIp,
    },
    async (request) => {
      await codeLimits.perAddress(request.query.email);
      return ok(await security.sendResetCode(request.query.email), EmailCodeMessages.resetSent);
    },
  );

  r.post(
    '/api/reset/password/verify',
    {
      schema: {
        tags,
        summary: 'Set a new password with the e-mailed code',
        body: ZResetPasswordRequest,
        response: { 200: ZTokenPairResponse },
      },
      onRequest: limits.perIp,
    },
    async (request) => {
      await limits.perAccount(request, request.body.email);
      const pair = await security.resetPassword(request.body, metaOf(request));
      await limits.clearAccount(request, request.body.email);
      return ok(pair, EmailCodeMessages.passwordReset);
    },
  );

  r.post(
    '/api/change/password',
    {
      schema: { tags, summary: 'Change the password', body: ZChangePasswordRequest, response: { 200: envelope(z.null()) } },
      onRequest: [limits.perIp, requireUser],
    },
    async (request) => {
      await limits.perAccount(request, `user:${principalOf(request).subjectId}`);
      await security.changePassword(principalOf(request), request.body);
      return ok(null, EmailCodeMessages.passwordChanged);
    },
  );

  r.post(
    '/shop/user/email/change/send',
    {
      schema: {
        tags,
        summary: 'E-mail a code to the new address of the account',
        body: ZChangeEmailSendRequest,
        response: { 200: ZEmailCodeSentResponse },
      },
      onRequest: [codeLimits.perIp, requireUser],
    },
    async (request) => {
      await codeLimits.perAddress(request.body.email);
      return ok(
        await security.sendChangeEmailCode(principalOf(request).subjectId, request.body.email),
        EmailCodeMessages.changeEmailSent,
      );
    },
  );

  r.post(
    '/shop/user/email/change',
    {
      schema: {
        tags,
        summary: "Change the account's e-mail with the code sent to the new address",
        body: ZChangeEmailRequest,
        response: { 200: ZUserInfoResponse },
      },
      onRequest: [limits.perIp, requireUser],
    },
    async (request) => {
      await limits.perAccount(request, `user:${principalOf(request).subjectId}`);
      return ok(await security.changeEmail(principalOf(request), request.body), EmailCodeMessages.emailChanged);
    },
  );
}
