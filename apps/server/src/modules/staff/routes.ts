import { ZStaffInfoResponse, ZStaffLoginRequest, ZTokenPairResponse } from '@shop/contracts/auth';
import { type TDashboard, ZDashboardResponse } from '@shop/contracts/dashboard';
import { envelope } from '@shop/contracts/envelope';
import type { StaffRoleName } from '@shop/contracts/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { metaOf, principalOf, type StaffGuard, staffRoleOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { AuthLimits } from '../../http/rate-limits';
import { tokenSecurity } from '../../http/route-options';
import type { AuthService } from '../auth';
import { staffManagementRoutes, twoStepRoutes } from './management-routes';
import type { StaffService } from './service';

export function staffRoutes(
  app: FastifyInstance,
  deps: {
    staff: StaffService;
    auth: AuthService;
    guard: StaffGuard;
    limits: AuthLimits;
    /** the back office's first page for a role, composed across modules by workflows/dashboard.ts */
    dashboard: (role: StaffRoleName) => Promise<TDashboard>;
    /** an agent's cap changed: the chat's queue may move to them (decision 0056) */
    chatCapChanged?: () => Promise<unknown>;
  },
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

  staffManagementRoutes(app, deps);
  twoStepRoutes(app, deps.guard, deps.staff);

  r.get(
    '/admin/dashboard',
    {
      schema: {
        tags: ['staff'],
        summary:
          "The back office's first page: sales over 30 days, the order queues, low stock and the chat queue, each for the roles that act on it",
        response: { 200: ZDashboardResponse },
        security: tokenSecurity,
      },
      onRequest: deps.guard.signedIn,
    },
    async (request) => ok(await deps.dashboard(staffRoleOf(request))),
  );
}
