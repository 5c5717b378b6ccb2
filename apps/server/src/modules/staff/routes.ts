import { ZStaffInfoResponse, ZStaffLoginRequest, ZTokenPairResponse } from '@shop/contracts/auth';
import { ZDashboardResponse } from '@shop/contracts/dashboard';
import { envelope } from '@shop/contracts/envelope';
import {
  StaffTexts,
  ZStaffAcceptRequest,
  ZStaffActiveRequest,
  ZStaffChatCapRequest,
  ZStaffInvitationResponse,
  ZStaffInviteRequest,
  ZStaffMemberResponse,
  ZStaffOverviewResponse,
  ZStaffRoleRequest,
  ZTotpCodeRequest,
  ZTotpSetupResponse,
} from '@shop/contracts/staff';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { metaOf, principalOf, type StaffGuard, staffRoleOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { AuthLimits } from '../../http/rate-limits';
import { dashboardFor } from '../../workflows/dashboard';
import type { AuthService } from '../auth/service';
import type { StaffService } from './service';

export function staffRoutes(
  app: FastifyInstance,
  deps: {
    staff: StaffService;
    auth: AuthService;
    guard: StaffGuard;
    limits: AuthLimits;
    db: Db;
    clock: () => number;
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

  // ------------------------------------------------------------ staff and roles (decision 0038)

  const security: { [scheme: string]: string[] }[] = [{ userToken: [] }, { bearer: [] }];
  const tags = ['staff management'];
  const actorOf = (request: FastifyRequest) => ({ id: principalOf(request).subjectId, role: staffRoleOf(request) });

  r.get(
    '/admin/staff/list',
    {
      schema: {
        tags,
        summary: 'Staff members and open invitations (staff.manage)',
        response: { 200: ZStaffOverviewResponse },
        security,
      },
      onRequest: deps.guard.may('staff.manage'),
    },
    async () => ok(await deps.staff.overview()),
  );

  r.post(
    '/admin/staff/invite',
    {
      schema: {
        tags,
        summary: 'Invite a new staff member by e-mail with a role the inviter holds every permission of (staff.manage)',
        body: ZStaffInviteRequest,
        response: { 200: ZStaffInvitationResponse },
        security,
      },
      onRequest: deps.guard.may('staff.manage'),
    },
    async (request) => {
      const actor = actorOf(request);
      const me = await deps.staff.info(actor.id);
      return ok(await deps.staff.invite({ ...actor, name: me.nickname || me.username }, request.body), StaffTexts.invited);
    },
  );

  r.post(
    '/admin/staff/accept',
    {
      schema: {
        tags,
        summary: "Accept an invitation: the link's token and the new member's password (public)",
        body: ZStaffAcceptRequest,
        response: { 200: envelope(z.null()) },
      },
      onRequest: deps.limits.perIp,
    },
    async (request) => {
      await deps.staff.accept(request.body);
      return ok(null, StaffTexts.accepted);
    },
  );

  r.post(
    '/admin/staff/role',
    {
      schema: {
        tags,
        summary: "Change another member's role, within the changer's own permissions (staff.manage)",
        body: ZStaffRoleRequest,
        response: { 200: ZStaffMemberResponse },
        security,
      },
      onRequest: deps.guard.may('staff.manage'),
    },
    async (request) => ok(await deps.staff.setRole(actorOf(request), request.body.id, request.body.role), StaffTexts.roleChanged),
  );

  r.post(
    '/admin/staff/active',
    {
      schema: {
        tags,
        summary: 'Deactivate (signed out everywhere, sign-in refused) or reactivate another member (staff.manage)',
        body: ZStaffActiveRequest,
        response: { 200: ZStaffMemberResponse },
        security,
      },
      onRequest: deps.guard.may('staff.manage'),
    },
    async (request) =>
      ok(
        await deps.staff.setActive(actorOf(request), request.body.id, request.body.active),
        request.body.active ? StaffTexts.reactivatedDone : StaffTexts.deactivatedDone,
      ),
  );

  r.post(
    '/admin/staff/chat-cap',
    {
      schema: {
        tags,
        summary:
          "Set an agent's cap on open conversations (1–50), or null for the chat settings' default; it holds at once (staff.manage)",
        body: ZStaffChatCapRequest,
        response: { 200: ZStaffMemberResponse },
        security,
      },
      onRequest: deps.guard.may('staff.manage'),
    },
    async (request) => {
      const changed = await deps.staff.setChatCap(actorOf(request), request.body.id, request.body.chat_cap);
      await deps.chatCapChanged?.();
      return ok(changed, StaffTexts.chatCapChanged);
    },
  );

  r.post(
    '/admin/staff/totp/setup',
    {
      schema: {
        tags,
        summary: 'Start setting up two-step sign-in: a new secret and its QR code (any staff member, for themselves)',
        response: { 200: ZTotpSetupResponse },
        security,
      },
      onRequest: deps.guard.signedIn,
    },
    async (request) => ok(await deps.staff.startTotp(principalOf(request).subjectId)),
  );

  r.post(
    '/admin/staff/totp/enable',
    {
      schema: {
        tags,
        summary: 'Switch two-step sign-in on with a current code from the new secret',
        body: ZTotpCodeRequest,
        response: { 200: envelope(z.null()) },
        security,
      },
      onRequest: deps.guard.signedIn,
    },
    async (request) => {
      await deps.staff.enableTotp(principalOf(request).subjectId, request.body.code);
      return ok(null, StaffTexts.totpOn);
    },
  );

  r.post(
    '/admin/staff/totp/disable',
    {
      schema: {
        tags,
        summary: 'Switch two-step sign-in off with a current code',
        body: ZTotpCodeRequest,
        response: { 200: envelope(z.null()) },
        security,
      },
      onRequest: deps.guard.signedIn,
    },
    async (request) => {
      await deps.staff.disableTotp(principalOf(request).subjectId, request.body.code);
      return ok(null, StaffTexts.totpOff);
    },
  );

  r.get(
    '/admin/dashboard',
    {
      schema: {
        tags: ['staff'],
        summary:
          "The back office's first page: sales over 30 days, the order queues, low stock and the chat queue, each for the roles that act on it",
        response: { 200: ZDashboardResponse },
        security,
      },
      onRequest: deps.guard.signedIn,
    },
    async (request) => ok(await dashboardFor(deps.db, staffRoleOf(request), deps.clock())),
  );
}
