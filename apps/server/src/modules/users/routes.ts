import {
  REFRESH_TOKEN_HEADER,
  ZLoginRequest,
  ZRefreshHeaders,
  ZRegisterRequest,
  ZTokenPairResponse,
  ZUserEditRequest,
  ZUserInfoResponse,
} from '@shop/contracts/auth';
import { envelope } from '@shop/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { metaOf, principalOf, requireSubject } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { AuthLimits } from '../../http/rate-limits';
import type { AuthService } from '../auth';
import type { UserService } from './service';

type Deps = { users: UserService; auth: AuthService; limits: AuthLimits };

/** spec 7 "Account and session". */
export function userRoutes(app: FastifyInstance, { users, auth, limits }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const requireUser = requireSubject(auth, 'user');

  r.post(
    '/shop/login/register',
    {
      schema: { tags: ['account'], summary: 'Register a shopper', body: ZRegisterRequest, response: { 200: ZTokenPairResponse } },
      onRequest: limits.perIp,
    },
    async (request) => {
      await limits.perAccount(request, request.body.email);
      return ok(await users.register(request.body, metaOf(request)), 'successfully registered');
    },
  );

  r.post(
    '/shop/login/password',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign in with e-mail and password',
        body: ZLoginRequest,
        response: { 200: ZTokenPairResponse },
      },
      onRequest: limits.perIp,
    },
    async (request) => {
      await limits.perAccount(request, request.body.username);
      const pair = await users.login(request.body, metaOf(request));
      await limits.clearAccount(request, request.body.username);
      return ok(pair, 'Login succeeded');
    },
  );

  r.post(
    '/shop/login/refresh',
    {
      schema: {
        tags: ['account'],
        summary: `Rotate the refresh token sent in the ${REFRESH_TOKEN_HEADER} header`,
        headers: ZRefreshHeaders,
        response: { 200: ZTokenPairResponse },
      },
      onRequest: limits.perIp,
    },
    async (request) => ok(await auth.refresh(request.headers[REFRESH_TOKEN_HEADER])),
  );

  r.post(
    '/shop/login/logout',
    {
      schema: { tags: ['account'], summary: 'End this session', response: { 200: envelope(z.null()) } },
      onRequest: requireUser,
    },
    async (request) => {
      await auth.endSessions({ sessionId: principalOf(request).sessionId }, 'logout');
      return ok(null, 'Signed out');
    },
  );

  r.get(
    '/shop/user/info',
    {
      schema: { tags: ['account'], summary: 'The signed-in shopper', response: { 200: ZUserInfoResponse } },
      onRequest: requireUser,
    },
    async (request) => ok(await users.info(principalOf(request).subjectId)),
  );

  r.post(
    '/shop/user/edit',
    {
      schema: { tags: ['account'], summary: 'Edit the profile', body: ZUserEditRequest, response: { 200: ZUserInfoResponse } },
      onRequest: requireUser,
    },
    async (request) => ok(await users.edit(principalOf(request).subjectId, request.body), 'Profile saved'),
  );
}
