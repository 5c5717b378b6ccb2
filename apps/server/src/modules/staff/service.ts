import { createHash, randomBytes } from 'node:crypto';
import { Messages, SHOP_NAME } from '@shop/contracts';
import type { TStaffInfo, TStaffLogin, TTokenPair } from '@shop/contracts/auth';
import { mayGrantRole, type StaffRoleName } from '@shop/contracts/permissions';
import {
  STAFF_INVITATION_VALID_MS,
  StaffTexts,
  type TStaffAcceptRequest,
  type TStaffInvitation,
  type TStaffInviteRequest,
  type TStaffMember,
  type TStaffOverview,
  type TTotpSetup,
} from '@shop/contracts/staff';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { StaffTable } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/errors';
import { emit } from '../../infra/events';
import { hashPassword, verifyPassword } from '../../infra/password';
import { recordAudit } from '../audit';
import type { AuthService, RequestMeta } from '../auth';
import type { StaffChanges } from './changes';
import { staffRepo } from './repo';
import { acceptedStep, newTotpSecret, totpSealer } from './totp';

const presentStaff = (row: Selectable<StaffTable>): TStaffInfo => ({
  id: row.id,
  username: row.email,
  nickname: row.nickname,
  avatar: row.avatar,
  role: row.role,
  status: row.status,
  totp: row.totp_secret !== null,
});

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

type Actor = { id: number; role: StaffRoleName };

/**
 * Staff (agents, operators and administrators) sign in apart from shoppers, with sessions of their
 * own kind. Staff management (decision 0038): invitations by e-mail, roles and deactivation — nobody
 * grants what they do not hold, nobody changes their own role, and the shop always keeps an active
 * administrator — and a second factor (TOTP) any member can switch on for their own sign-in.
 */
export function createStaffService({
  db,
  auth,
  signingKey,
  changes,
  clock = Date.now,
}: {
  db: Db;
  auth: AuthService;
  signingKey: string;
  /** where a role or activity change is announced to every instance (the agents' consoles hear it) */
  changes?: StaffChanges;
  clock?: () => number;
}) {
  const sealer = totpSealer(signingKey);
  const repo = staffRepo(db);

  async function member(id: number): Promise<TStaffMember> {
    const row = await repo.find(id);
    if (!row) throw AppError.notFound(StaffTexts.staffNotFound);
    return presentMember(row);
  }

  /** A role or activity change to `id`, checked against the rules behind the lock on every staff row. */
  async function changeMember(
    actor: Actor,
    id: number,
    change: { role?: StaffRoleName; active?: boolean },
    action: string,
  ): Promise<TStaffMember> {
    if (id === actor.id) throw new AppError('forbidden', StaffTexts.notYourself);
    const at = clock();
    const changed = await inTransaction(db, async (trx) => {
      const staff = staffRepo(trx);
      const everyone = await staff.lockAll();
      // The changer's own role as it is now, behind the lock: one demoted a moment ago grants nothing.
      const me = everyone.find((row) => row.id === actor.id);
      const myRole = me && me.active === 1 ? me.role : null;
      const target = await staff.find(id);
      if (!target) throw AppError.notFound(StaffTexts.staffNotFound);
      // Both the role held now and the one given must be within the granter's own permissions.
      if (!mayGrantRole(myRole, target.role) || (change.role && !mayGrantRole(myRole, change.role))) {
        throw new AppError('forbidden', StaffTexts.notYours);
      }
      const role = change.role ?? target.role;
      const active = change.active ?? target.active === 1;
      const adminsLeft = everyone.filter((row) =>
        row.id === id ? role === 'admin' && active : row.role === 'admin' && row.active === 1,
      ).length;
      if (adminsLeft === 0) throw AppError.field(change.role ? 'role' : 'active', StaffTexts.lastAdmin);
      await staff.update(id, { role, active: active ? 1 : 0 });
      await recordAudit(trx, {
        staffId: actor.id,
        action,
        object: { type: 'staff', id },
        before: { role: target.role, active: target.active === 1 },
        after: { role, active },
        at,
      });
      return { wasActive: target.active === 1, active, role };
    });
    // A deactivated member is signed out everywhere, the chat included (decision 0013).
    if (changed.wasActive && !changed.active) await auth.endSessions({ subjectType: 'staff', subjectId: id }, 'deactivated');
    // A consoles' agent takes the new role at once, or is closed out when it no longer answers chats (decision 0019).
    await changes?.announce({ staffId: id, role: changed.role, active: changed.active });
    return member(id);
  }

  return {
    async login(input: TStaffLogin, meta: RequestMeta): Promise<TTokenPair> {
      const staff = await repo.findByEmail(input.username.toLowerCase());
      const ok = await verifyPassword(staff?.password_hash, input.password);
      if (!staff || !ok) throw new AppError('bad_request', Messages.badCredentials);
      if (staff.active !== 1) throw new AppError('bad_request', StaffTexts.deactivated);
      if (staff.totp_secret) {
        if (!input.code) throw AppError.field('code', StaffTexts.codeRequired);
        const step = await acceptedStep(sealer.open(staff.totp_secret), input.code, clock(), staff.totp_last_step);
        // The step is taken with a conditional write, so two sign-ins with one code cannot both pass.
        const taken =
          step !== null &&
          Number(
            (
              await db
                .updateTable('staff')
                .set({ totp_last_step: step })
                .where('id', '=', staff.id)
                .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
                .executeTakeFirst()
            ).numUpdatedRows,
          ) === 1;
        if (!taken) throw AppError.field('code', StaffTexts.codeWrong);
      }
      return auth.startSession('staff', staff.id, meta);
    },

    /** The staff member's role; undefined when the account is gone or deactivated (its sessions are refused). */
    async roleOf(staffId: number): Promise<string | undefined> {
      const row = await db.selectFrom('staff').select(['role', 'active']).where('id', '=', staffId).executeTakeFirst();
      return row && row.active === 1 ? row.role : undefined;
    },

    async info(staffId: number): Promise<TStaffInfo> {
      const staff = await repo.find(staffId);
      if (!staff) throw AppError.unauthorized();
      return presentStaff(staff);
    },

    // ------------------------------------------------------------ management (staff.manage)

    async overview(): Promise<TStaffOverview> {
      const [members, invitations] = await Promise.all([repo.all(), repo.openInvitations(clock())]);
      return {
        members: members.map(presentMember),
        invitations: invitations.map(presentInvitation),
      };
    },

    /**
     * An agent's own cap on open conversations, or null for the chat settings' default
     * (decision 0056), with its audit entry. The routing reads it at every assignment.
     */
    async setChatCap(actor: Actor, id: number, chatCap: number | null): Promise<TStaffMember> {
      const at = clock();
      await inTransaction(db, async (trx) => {
        const staff = staffRepo(trx);
        const target = await staff.find(id);
        if (!target) throw AppError.notFound(StaffTexts.staffNotFound);
        if (target.role !== 'csr') throw AppError.field('id', StaffTexts.notAnAgent);
        if (target.chat_cap === chatCap) return;
        await staff.update(id, { chat_cap: chatCap });
        await recordAudit(trx, {
          staffId: actor.id,
          action: 'staff.chat_cap',
          object: { type: 'staff', id },
          before: { chat_cap: target.chat_cap },
          after: { chat_cap: chatCap },
          at,
        });
      });
      return member(id);
    },

    /** Invites a new member with a role the inviter may grant; the e-mail follows the event. */
    async invite(actor: Actor & { name: string }, input: TStaffInviteRequest): Promise<TStaffInvitation> {
      const email = input.email.toLowerCase();
      const role = input.role as StaffRoleName;
      if (!mayGrantRole(actor.role, role)) throw AppError.field('role', StaffTexts.notYours);
      if (await repo.findByEmail(email)) throw AppError.field('email', StaffTexts.alreadyStaff);
      const at = clock();
      const token = randomBytes(32).toString('base64url');
      const nickname = input.nickname.trim();
      const expiresAt = at + STAFF_INVITATION_VALID_MS;
      const id = await inTransaction(db, async (trx) => {
        const { id } = await staffRepo(trx).insertInvitation({
          email,
          nickname,
          role,
          token_hash: hashToken(token),
          invited_by: actor.id,
          created_at: at,
          expires_at: expiresAt,
        });
        await emit(
          trx,
          'staff.invited',
          { invitation_id: id, email, nickname, role, token, expires_at: expiresAt, invited_by: actor.name },
          at,
        );
        await recordAudit(trx, {
          staffId: actor.id,
          action: 'staff.invite',
          object: { type: 'staff_invitation', id },
          after: { email, nickname, role },
          at,
        });
        return id;
      });
      return { id, email, nickname, role, invited_by: actor.name, created_at: at, expires_at: expiresAt };
    },

    /** Accepts an invitation once: the account is made with the invited role and the chosen password. */
    async accept(input: TStaffAcceptRequest): Promise<void> {
      const at = clock();
      const invitation = await repo.findInvitationByHash(hashToken(input.token));
      if (!invitation || invitation.accepted_at !== null || invitation.expires_at <= at) {
        throw AppError.field('token', StaffTexts.invitationInvalid);
      }
      const passwordHash = await hashPassword(input.password);
      await inTransaction(db, async (trx) => {
        const staff = staffRepo(trx);
        if (await staff.findByEmail(invitation.email)) throw AppError.field('token', StaffTexts.alreadyStaff);
        const { id } = await staff.insert({
          email: invitation.email,
          password_hash: passwordHash,
          nickname: invitation.nickname,
          avatar: '',
          role: invitation.role,
          status: 'offline',
          created_at: at,
        });
        if (!(await staff.acceptInvitation(invitation.id, id, at))) throw AppError.field('token', StaffTexts.invitationInvalid);
        await recordAudit(trx, {
          staffId: id,
          action: 'staff.accept',
          object: { type: 'staff', id },
          after: { email: invitation.email, role: invitation.role, invitation_id: invitation.id },
          at,
        });
      });
    },

    setRole: (actor: Actor, id: number, role: StaffRoleName) => changeMember(actor, id, { role }, 'staff.role'),

    setActive: (actor: Actor, id: number, active: boolean) =>
      changeMember(actor, id, { active }, active ? 'staff.reactivate' : 'staff.deactivate'),

    // ------------------------------------------------------------ the second factor (every member, for themselves)

    /** A new secret to scan; the sign-in asks for codes only once one is confirmed. */
    async startTotp(staffId: number): Promise<TTotpSetup> {
      const staff = await repo.find(staffId);
      if (!staff) throw AppError.unauthorized();
      const { secret, uri, qrSvg } = await newTotpSecret(staff.email, SHOP_NAME);
      await repo.update(staffId, { totp_pending_secret: sealer.seal(secret) });
      return { secret, uri, qr_svg: qrSvg };
    },

    /** Confirms the secret being set up with a current code from it. */
    async enableTotp(staffId: number, code: string): Promise<void> {
      const staff = await repo.find(staffId);
      if (!staff) throw AppError.unauthorized();
      if (!staff.totp_pending_secret) throw AppError.field('code', StaffTexts.totpNotStarted);
      const step = await acceptedStep(sealer.open(staff.totp_pending_secret), code, clock(), null);
      if (step === null) throw AppError.field('code', StaffTexts.codeWrong);
      const at = clock();
      await inTransaction(db, async (trx) => {
        await staffRepo(trx).update(staffId, {
          totp_secret: staff.totp_pending_secret,
          totp_pending_secret: null,
          totp_last_step: step,
        });
        await recordAudit(trx, { staffId, action: 'staff.totp_enable', object: { type: 'staff', id: staffId }, at });
      });
    },

    /** Switches the second factor off, proven by a current code. */
    async disableTotp(staffId: number, code: string): Promise<void> {
      const staff = await repo.find(staffId);
      if (!staff) throw AppError.unauthorized();
      if (!staff.totp_secret) return;
      const step = await acceptedStep(sealer.open(staff.totp_secret), code, clock(), staff.totp_last_step);
      if (step === null) throw AppError.field('code', StaffTexts.codeWrong);
      const at = clock();
      await inTransaction(db, async (trx) => {
        await staffRepo(trx).update(staffId, { totp_secret: null, totp_pending_secret: null, totp_last_step: null });
        await recordAudit(trx, { staffId, action: 'staff.totp_disable', object: { type: 'staff', id: staffId }, at });
      });
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;

function presentMember(row: {
  id: number;
  email: string;
  nickname: string;
  role: StaffRoleName;
  active: number;
  totp_secret: string | null;
  chat_cap: number | null;
  last_seen_at: number;
  created_at: number;
}): TStaffMember {
  return {
    id: row.id,
    email: row.email,
    nickname: row.nickname,
    role: row.role,
    active: row.active === 1,
    totp: row.totp_secret !== null,
    chat_cap: row.chat_cap === null ? null : Number(row.chat_cap),
    last_seen_at: Number(row.last_seen_at),
    created_at: Number(row.created_at),
  };
}

function presentInvitation(row: {
  id: number;
  email: string;
  nickname: string;
  role: StaffRoleName;
  created_at: number;
  expires_at: number;
  invited_by: string | null;
}): TStaffInvitation {
  return {
    id: row.id,
    email: row.email,
    nickname: row.nickname,
    role: row.role,
    invited_by: row.invited_by ?? '',
    created_at: Number(row.created_at),
    expires_at: Number(row.expires_at),
  };
}

/** The status an agent chose in the chat (online, busy, invisible, …). */
export async function setAgentStatus(db: Db, staffId: number, status: string): Promise<void> {
  await staffRepo(db).setStatus(staffId, status);
}

/** Marks staff members as connected at `at` (the chat's presence; each instance for the connections it holds). */
export async function touchStaffPresence(db: Db, staffIds: number[], at: number): Promise<void> {
  if (staffIds.length) await staffRepo(db).setLastSeen(staffIds, at);
}

/** Marks a staff member as gone from the chat; an instance still holding a connection of theirs restores them. */
export async function markStaffGone(db: Db, staffId: number): Promise<void> {
  await staffRepo(db).setLastSeen([staffId], 0);
}

/** Seed and test factory for a staff account. */
export async function buildStaff(
  db: Db,
  input: { email: string; nickname: string; role: StaffTable['role']; avatar?: string } & (
    | { password: string }
    // a member who signs in through a session only (tests), without the cost of hashing
    | { password_hash: string }
  ),
): Promise<number> {
  const row: Insertable<StaffTable> = {
    email: input.email.toLowerCase(),
    password_hash: 'password_hash' in input ? input.password_hash : await hashPassword(input.password),
    nickname: input.nickname,
    avatar: input.avatar ?? '',
    role: input.role,
    status: 'offline',
    created_at: Date.now(),
  };
  return (await staffRepo(db).insert(row)).id;
}
