import type { StaffRoleName } from '@shop/contracts/permissions';
import type { Db } from '../db/database';
import { markStaffGone, setAgentStatus, touchStaffPresence } from '../modules/staff';

/** The agents as the chat reads them: presence, status, load and the roles that supervise. */
export function agentStore(db: Db) {
  return {
    findStaff(id: number) {
      return db
        .selectFrom('staff')
        .select(['id', 'nickname', 'avatar', 'status', 'role', 'last_seen_at'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
    setStaffStatus(id: number, status: string) {
      return setAgentStatus(db, id, status);
    },
    /** Marks participants as connected now (each instance, for the connections it holds). */
    async touchPresence(touristIds: number[], staffIds: number[], at: number) {
      if (touristIds.length)
        await db.updateTable('chat_tourists').set({ last_seen_at: at }).where('id', 'in', touristIds).execute();
      await touchStaffPresence(db, staffIds, at);
    },
    /** Marks a participant as gone; an instance still holding a connection of theirs restores them. */
    async markGone(type: 'tourist' | 'csr', id: number) {
      if (type === 'tourist') await db.updateTable('chat_tourists').set({ last_seen_at: 0 }).where('id', '=', id).execute();
      else await markStaffGone(db, id);
    },
    /** Agents who chose 'online' and are connected, with their open-session counts and last assignment. */
    onlineAgents(seenSince: number) {
      return db
        .selectFrom('staff')
        .leftJoin('chat_sessions', (join) =>
          join
            .onRef('chat_sessions.csr_id', '=', 'staff.id')
            .on('chat_sessions.status', '=', 'active')
            // resolved and snoozed conversations wait on the visitor, not on the agent
            .on('chat_sessions.state', '=', 'open'),
        )
        .select((eb) => [
          'staff.id as id',
          'staff.chat_cap as chat_cap',
          eb.fn.count<number>('chat_sessions.id').as('active'),
          eb.fn.max<number | null>('chat_sessions.created_at').as('last_assigned'),
        ])
        .where('staff.role', '=', 'csr')
        .where('staff.status', '=', 'online')
        .where('staff.last_seen_at', '>', seenSince)
        .groupBy(['staff.id', 'staff.chat_cap'])
        .execute();
    },
    /** An agent's own cap and how many open conversations they hold now (decision 0056). */
    async agentLoad(csrId: number) {
      const [staff, open] = await Promise.all([
        db.selectFrom('staff').select('chat_cap').where('id', '=', csrId).executeTakeFirst(),
        db
          .selectFrom('chat_sessions')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('csr_id', '=', csrId)
          .where('status', '=', 'active')
          .where('state', '=', 'open')
          .executeTakeFirstOrThrow(),
      ]);
      return { chatCap: staff?.chat_cap ?? null, open: Number(open.n) };
    },
    /** The staff who may see every conversation (roles given), for notes delivered live to supervisors. */
    async staffInRoles(roles: readonly StaffRoleName[]): Promise<number[]> {
      if (!roles.length) return [];
      const rows = await db.selectFrom('staff').select('id').where('role', 'in', roles).where('active', '=', 1).execute();
      return rows.map((row) => row.id);
    },
  };
}
