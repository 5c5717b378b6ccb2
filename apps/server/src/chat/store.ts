import type { Db } from '../db/database';
import { agentStore } from './agent-store';
import { messageStore } from './message-store';
import { noteStore } from './note-store';
import { sessionStore } from './session-store';
import { touristStore } from './tourist-store';

export type { MessageRow } from './message-store';
export type { NoteRow } from './note-store';
export type { SessionListQuery, SessionRow } from './session-store';
export type { TouristRow } from './tourist-store';

/**
 * The chat's SQL, one store per table group: visitors (tourist-store.ts), agents (agent-store.ts),
 * conversations (session-store.ts), messages (message-store.ts), notes and labels (note-store.ts).
 * Rules live in the service's parts (service.ts).
 */
export function chatStore(db: Db) {
  return { ...touristStore(db), ...agentStore(db), ...sessionStore(db), ...messageStore(db), ...noteStore(db) };
}

export type ChatStore = ReturnType<typeof chatStore>;
