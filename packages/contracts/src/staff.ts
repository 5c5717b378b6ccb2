import { z } from 'zod';
import { TOTP_CODE_WRONG, ZEmail, ZNewPassword } from './auth';
import { ZAgentCap } from './chat-settings';
import { envelope, listResult } from './envelope';
import { id, key, text } from './fields';
import { STAFF_ROLES } from './permissions';

/**
 * Staff and roles in the back office (decision 0038): staff are invited by e-mail with a role,
 * accept through a link that sets their password, can be moved to another role or deactivated by
 * a member holding `staff.manage` — never to a role with permissions the granter lacks — and may
 * protect their sign-in with a second factor (TOTP).
 */

/** How long an invitation link stays good. */
export const STAFF_INVITATION_VALID_MS = 7 * 24 * 60 * 60 * 1000;

export const StaffTexts = {
  notYours: 'You cannot grant a role with permissions you do not hold',
  notYourself: 'You cannot change your own role or deactivate yourself',
  lastAdmin: 'The shop needs at least one active administrator',
  alreadyStaff: 'This e-mail address already belongs to a staff member',
  staffNotFound: 'Staff member not found',
  invitationInvalid: 'This invitation link is not valid or has expired; ask for a new one',
  deactivated: 'This staff account has been deactivated',
  invited: 'Invitation sent',
  accepted: 'Welcome aboard: sign in with your e-mail and new password',
  roleChanged: 'Role changed',
  chatCapChanged: 'Conversation limit saved',
  notAnAgent: 'Only support agents take conversations',
  deactivatedDone: 'Staff member deactivated and signed out everywhere',
  reactivatedDone: 'Staff member reactivated',
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  codeWrong: TOTP_CODE_WRONG,
  totpNotStarted: 'Start setting up the authenticator first',
  totpOn: 'Two-step sign-in is on',
  totpOff: 'Two-step sign-in is off',
} as const;

export const ZStaffRole = z.enum(STAFF_ROLES, { error: 'Please choose a role' });

/** A six-digit authenticator code. */
export const ZTotpCode = z
  .string({ error: StaffTexts.codeRequired })
  .trim()
  .regex(/^\d{6}$/, StaffTexts.codeWrong);

export const ZStaffMember = z.object({
  id: z.number().int(),
  email: z.string(),
  nickname: z.string(),
  role: ZStaffRole,
  active: z.boolean(),
  /** whether the member's sign-in asks for an authenticator code */
  totp: z.boolean(),
  /** the agent's own cap on open conversations; null: the chat settings' default (decision 0056) */
  chat_cap: z.number().int().nullable(),
  /** epoch ms; 0 when never seen by the chat */
  last_seen_at: z.number().int(),
  created_at: z.number().int(),
});
export type TStaffMember = z.infer<typeof ZStaffMember>;

export const ZStaffInvitation = z.object({
  id: z.number().int(),
  email: z.string(),
  nickname: z.string(),
  role: ZStaffRole,
  invited_by: z.string(),
  created_at: z.number().int(),
  expires_at: z.number().int(),
});
export type TStaffInvitation = z.infer<typeof ZStaffInvitation>;

export const ZStaffOverview = z.object({
  members: z.array(ZStaffMember),
  /** invitations not yet accepted and still good */
  invitations: z.array(ZStaffInvitation),
});
export type TStaffOverview = z.infer<typeof ZStaffOverview>;
export const ZStaffOverviewResponse = envelope(ZStaffOverview);
export const ZStaffMemberResponse = envelope(ZStaffMember);
export const ZStaffInvitationResponse = envelope(ZStaffInvitation);
export const ZStaffListResponse = envelope(listResult(ZStaffMember));

/** POST /admin/staff/invite */
export const ZStaffInviteRequest = z.object({
  email: ZEmail,
  nickname: text({ error: 'Please enter a name' }).trim().min(1, 'Please enter a name').max(60, 'The name is too long'),
  role: ZStaffRole,
});
export type TStaffInviteRequest = z.input<typeof ZStaffInviteRequest>;

/** POST /admin/staff/accept: the link's token and the new member's password. */
export const ZStaffAcceptRequest = z.object({
  token: key('token', { error: StaffTexts.invitationInvalid })
    .min(20, StaffTexts.invitationInvalid)
    .max(128, StaffTexts.invitationInvalid),
  password: ZNewPassword,
});
export type TStaffAcceptRequest = z.input<typeof ZStaffAcceptRequest>;

/** POST /admin/staff/role */
export const ZStaffRoleRequest = z.object({ id: id('id'), role: ZStaffRole });

/** POST /admin/staff/chat-cap: an agent's own cap on open conversations, or null for the default. */
export const ZStaffChatCapRequest = z.object({
  id: id('id'),
  chat_cap: ZAgentCap.nullable(),
});
export type TStaffChatCapRequest = z.infer<typeof ZStaffChatCapRequest>;

/** POST /admin/staff/active */
export const ZStaffActiveRequest = z.object({
  id: id('id'),
  active: z.boolean({ error: 'active must be true or false' }),
});

/** POST /admin/staff/totp/setup: a new secret to scan, not yet in force. */
export const ZTotpSetup = z.object({
  secret: z.string(),
  /** the otpauth:// address an authenticator app reads */
  uri: z.string(),
  /** the same address as a QR code, an SVG document */
  qr_svg: z.string(),
});
export type TTotpSetup = z.infer<typeof ZTotpSetup>;
export const ZTotpSetupResponse = envelope(ZTotpSetup);

/** POST /admin/staff/totp/enable and /disable: a current code proves the authenticator. */
export const ZTotpCodeRequest = z.object({ code: ZTotpCode });
