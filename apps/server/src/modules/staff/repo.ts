import type { Db } from '../../db/database';

/** The staff table's writes besides a new account: the chat's agent status and presence. */
export function staffRepo(db: Db) {
  return {
    setStatus(id: number, status: string) {
      return db.updateTable('staff').set({ status }).where('id', '=', id).execute();
    },
    setLastSeen(ids: number[], at: number) {
      return db.updateTable('staff').set({ last_seen_at: at }).where('id', 'in', ids).execute();
    },
  };
}
