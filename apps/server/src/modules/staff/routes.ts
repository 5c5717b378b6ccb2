import { ZStaffInfoResponse, ZStaffLoginRequest, ZTokenPairResponse } from '@shop/contracts/auth';
import { envelope } from '@shop/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { metaOf, principalOf, type StaffGuard } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { AuthLimits } from '../../http/rate-limits';
import type { AuthService } from '../auth/service';
import type { StaffService } from './service';

export function staffRoutes(
  app: FastifyInstance,
  deps: { staff: StaffService; auth: AuthService; guard: StaffGuard; limits: AuthLimits },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/admin/login',
    {
      schema: { tags: ['staff'], summary: 'Staff sign-in', body: ZStaffLoginRequest, response: { 200: ZTokenPairResponse } },
      onRequest: deps.limits.perIp,
    },
    async (request) => {
      await deps.limits.perAccount(request, `staff:${request.body.username}`);
      const pair = await deps.staff.login(request.body, metaOf(request));
      await deps.limits.clearAccount(request, `staff:${request.body.username}`);
      return ok(pair, 'Login succeeded');
    },
  );

  r.get(
    '/admin/info',
    {
      schema: { tags: ['staff'], summary: 'The signed-in staff member', response: { 200: ZStaffInfoResponse } },
      onRequest: deps.guard.signedIn,
    },
    async (request) => ok(await deps.staff.info(principalOf(request).subjectId)),
  );

  r.post(
    '/admin/logout',
    {
      schema: { tags: ['staff'], summary: 'End this staff session', response: { 200: envelope(z.null()) } },
      onRequest: deps.guard.signedIn,
    },
    async (request) => {
      await deps.auth.endSessions({ sessionId: principalOf(request).sessionId }, 'logout');
      return ok(null, 'Signed out');
    },
  );
}
