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
import { principalOf, type StaffGuard, staffRoleOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { AuthLimits } from '../../http/rate-limits';
import { guarded } from '../../http/route-options';
import type { StaffService } from './service';

const tags = ['staff management'];

/** The member acting, as the service's checks want them: who and with which role. */
const actorOf = (request: FastifyRequest) => ({ id: principalOf(request).subjectId, role: staffRoleOf(request) });

/** Staff and roles (decision 0038): the list, invitations, role changes, deactivation, chat caps (staff.manage). */
export function staffManagementRoutes(
  app: FastifyInstance,
  deps: {
    staff: StaffService;
    guard: StaffGuard;
    limits: AuthLimits;
    /** an agent's cap changed: the chat's queue may move to them (decision 0056) */
    chatCapChanged?: () => Promise<unknown>;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = guarded(tags, deps.guard.may('staff.manage'));
  r.get(
    '/admin/staff/list',
    manage({
      summary: 'Staff members and open invitations (staff.manage)',
      response: { 200: ZStaffOverviewResponse },
    }),
    async () => ok(await deps.staff.overview()),
  );

  r.post(
    '/admin/staff/invite',
    manage({
      summary: 'Invite a new staff member by e-mail with a role the inviter holds every permission of (staff.manage)',
      body: ZStaffInviteRequest,
      response: { 200: ZStaffInvitationResponse },
    }),
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
    manage({
      summary: "Change another member's role, within the changer's own permissions (staff.manage)",
      body: ZStaffRoleRequest,
      response: { 200: ZStaffMemberResponse },
    }),
    async (request) => ok(await deps.staff.setRole(actorOf(request), request.body.id, request.body.role), StaffTexts.roleChanged),
  );

  r.post(
    '/admin/staff/active',
    manage({
      summary: 'Deactivate (signed out everywhere, sign-in refused) or reactivate another member (staff.manage)',
      body: ZStaffActiveRequest,
      response: { 200: ZStaffMemberResponse },
    }),
    async (request) =>
      ok(
        await deps.staff.setActive(actorOf(request), request.body.id, request.body.active),
        request.body.active ? StaffTexts.reactivatedDone : StaffTexts.deactivatedDone,
      ),
  );

  r.post(
    '/admin/staff/chat-cap',
    manage({
      summary:
        "Set an agent's cap on open conversations (1–50), or null for the chat settings' default; it holds at once (staff.manage)",
      body: ZStaffChatCapRequest,
      response: { 200: ZStaffMemberResponse },
    }),
    async (request) => {
      const changed = await deps.staff.setChatCap(actorOf(request), request.body.id, request.body.chat_cap);
      await deps.chatCapChanged?.();
      return ok(changed, StaffTexts.chatCapChanged);
    },
  );
}

/** Two-step sign-in (TOTP): any staff member sets it up, switches it on or off for themselves. */
export function twoStepRoutes(app: FastifyInstance, guard: StaffGuard, staff: StaffService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ownAccount = guarded(tags, guard.signedIn);
  r.post(
    '/admin/staff/totp/setup',
    ownAccount({
      summary: 'Start setting up two-step sign-in: a new secret and its QR code (any staff member, for themselves)',
      response: { 200: ZTotpSetupResponse },
    }),
    async (request) => ok(await staff.startTotp(principalOf(request).subjectId)),
  );

  r.post(
    '/admin/staff/totp/enable',
    ownAccount({
      summary: 'Switch two-step sign-in on with a current code from the new secret',
      body: ZTotpCodeRequest,
      response: { 200: envelope(z.null()) },
    }),
    async (request) => {
      await staff.enableTotp(principalOf(request).subjectId, request.body.code);
      return ok(null, StaffTexts.totpOn);
    },
  );

  r.post(
    '/admin/staff/totp/disable',
    ownAccount({
      summary: 'Switch two-step sign-in off with a current code',
      body: ZTotpCodeRequest,
      response: { 200: envelope(z.null()) },
    }),
    async (request) => {
      await staff.disableTotp(principalOf(request).subjectId, request.body.code);
      return ok(null, StaffTexts.totpOff);
    },
  );
}
