import type { StaffRoleName } from '@shop/contracts/permissions';

/** Someone on a chat connection: a visitor (tourist) or an agent (csr), by their id. */
export type Participant = { type: 'tourist' | 'csr'; id: number };
export const participantKey = (p: Participant) => `${p.type}:${p.id}`;
/**
 * An agent as the websocket identified them: their role is read once, where their token is
 * verified (`identify`), and handed in to what depends on it (decision 0019). A connection whose
 * role changes is closed and identified again (gateway.ts).
 */
export type Agent = { id: number; role: StaffRoleName };
/** A staff member's record as it stands now: active or deactivated, and their role (null: one the shop does not know). */
export type StaffStanding = { active: boolean; role: StaffRoleName | null };
/** Who reads a conversation: a visitor, or an agent with their role (a supervisor reads any). */
export type Reader = { type: 'tourist'; id: number } | ({ type: 'csr' } & Agent);

/** The sender of the shop's own messages: automatic answers and notices. */
export const SYSTEM: Participant = { type: 'csr', id: 0 };
