import { isStaffRole, roleMay } from '@shop/contracts/permissions';
import { AppError } from '../http/errors';
import type { ChatBase } from './context';
import type { Agent, Participant, Reader, StaffStanding } from './participants';
import type { SessionRow } from './store';

/** Whether a conversation is the participant's own: the visitor's, or the agent's it is given to. */
export function belongsTo(participant: Participant, session: SessionRow) {
  return participant.type === 'tourist' ? session.tourist_id === participant.id : session.csr_id === participant.id;
}

/** Whether an agent may see and act on every conversation (the supervisors), by the role they were identified with. */
export const supervises = (agent: Agent) => roleMay(agent.role, 'chat.configure');

/**
 * Who may read or change a conversation. Someone else's conversation is answered as if it did not
 * exist (404), so no one learns which ids are taken.
 */
export function sessionAccess({ db, store }: Pick<ChatBase, 'db' | 'store'>) {
  async function sessionFor(participant: Participant, sessionId: number) {
    const session = await store.findSession(sessionId);
    if (!session || !belongsTo(participant, session)) throw AppError.notFound('Session not found');
    return session;
  }

  return {
    sessionFor,

    /** A conversation a participant may read: their own; any for a supervisor (the All list). */
    async sessionToRead(reader: Reader, sessionId: number) {
      if (reader.type === 'csr' && supervises(reader)) {
        const session = await store.findSession(sessionId);
        if (session) return session;
      }
      return sessionFor(reader, sessionId);
    },

    /** A conversation an agent may change the state of: their own, or any open one for a supervisor. */
    async sessionToManage(agent: Agent, sessionId: number) {
      const session = await store.findSession(sessionId);
      if (!session || session.status === 'closed') throw AppError.notFound('Session not found');
      if (session.csr_id !== agent.id && !supervises(agent)) throw AppError.notFound('Session not found');
      return session;
    },

    /** The staff members among `ids` as their records stand now (none for one gone): active or not, and their role if the shop knows it. */
    async staffNow(ids: readonly number[]): Promise<Map<number, StaffStanding>> {
      if (!ids.length) return new Map();
      const rows = await db.selectFrom('staff').select(['id', 'role', 'active']).where('id', 'in', ids).execute();
      return new Map(rows.map((row) => [row.id, { active: row.active === 1, role: isStaffRole(row.role) ? row.role : null }]));
    },
  };
}
