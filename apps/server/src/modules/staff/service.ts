import { Messages } from '@shop/contracts';
import type { TLoginRequest, TStaffInfo, TTokenPair } from '@shop/contracts/auth';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { StaffTable } from '../../db/schema';
import { AppError } from '../../http/errors';
import { hashPassword, verifyPassword } from '../../infra/password';
import type { AuthService, RequestMeta } from '../auth/service';
import { staffRepo } from './repo';

const presentStaff = (row: Selectable<StaffTable>): TStaffInfo => ({
  id: row.id,
  username: row.email,
  nickname: row.nickname,
  avatar: row.avatar,
  role: row.role,
  status: row.status,
});

/** Staff (agents and administrators) sign in apart from shoppers, with sessions of their own kind. */
export function createStaffService({ db, auth }: { db: Db; auth: AuthService }) {
  return {
    async login(input: TLoginRequest, meta: RequestMeta): Promise<TTokenPair> {
      const staff = await db.selectFrom('staff').selectAll().where('email', '=', input.username.toLowerCase()).executeTakeFirst();
      const ok = await verifyPassword(staff?.password_hash, input.password);
      if (!staff || !ok) throw new AppError('bad_request', Messages.badCredentials);
      return auth.startSession('staff', staff.id, meta);
    },

    /** The staff member's role; undefined when the account is gone. */
    async roleOf(staffId: number): Promise<string | undefined> {
      const row = await db.selectFrom('staff').select('role').where('id', '=', staffId).executeTakeFirst();
      return row?.role;
    },

    async info(staffId: number): Promise<TStaffInfo> {
      const staff = await db.selectFrom('staff').selectAll().where('id', '=', staffId).executeTakeFirst();
      if (!staff) throw AppError.unauthorized();
      return presentStaff(staff);
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;

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
  input: { email: string; password: string; nickname: string; role: StaffTable['role']; avatar?: string },
): Promise<number> {
  const row: Insertable<StaffTable> = {
    email: input.email.toLowerCase(),
    password_hash: await hashPassword(input.password),
    nickname: input.nickname,
    avatar: input.avatar ?? '',
    role: input.role,
    status: 'offline',
    created_at: Date.now(),
  };
  const inserted = await db.insertInto('staff').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}
