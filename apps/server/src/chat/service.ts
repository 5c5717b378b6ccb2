import { chatAgentSearch } from './agent-search';
import { type ChatServiceDeps, createChatContext } from './context';
import { chatIdentities } from './identify';
import { chatLifecycle } from './lifecycle';
import { chatMessaging } from './messaging';
import { chatNotes } from './notes';
import { chatPresence } from './presence';
import { chatRouting } from './routing';
import { chatTransfers } from './transfer';
import { chatVisitors } from './visitors';

export type { AutoAnswer, ChatServiceDeps, Deliver, DeliverToAgents } from './context';
export { CHAT_AGENT_PERMISSION, ChatRoleRefused, ChatSessionEnded } from './identify';
export { type Agent, type Participant, participantKey, type Reader, type StaffStanding } from './participants';
export {
  chatFigures,
  PRESENCE_REFRESH_MS,
  PRESENCE_WINDOW_MS,
  presenceSince,
  seenRecently,
  visibleStaffStatus,
} from './presence';
export { presentMessage } from './present';

/**
 * The chat's rules, one part per concern, over one shared context (context.ts): who is on a
 * connection (identify.ts), where a conversation goes and the queue (routing.ts), its messages
 * (messaging.ts), its lifecycle and lists (lifecycle.ts), transfers and invitations (transfer.ts),
 * notes and labels (notes.ts), the agents' search (agent-search.ts), the visitors (visitors.ts)
 * and presence (presence.ts).
 */
export function createChatService(deps: ChatServiceDeps) {
  const ctx = createChatContext(deps);
  const routing = chatRouting(ctx);
  const lifecycle = chatLifecycle(ctx, routing);
  const moves = { drainQueue: routing.drainQueue, sessions: lifecycle.sessions };
  return {
    ...chatIdentities(ctx),
    ...routing,
    ...chatMessaging(ctx),
    ...lifecycle,
    ...chatTransfers(ctx, moves),
    ...chatNotes(ctx),
    ...chatAgentSearch(ctx),
    ...chatVisitors(ctx),
    ...chatPresence(ctx, moves),
    staffCard: ctx.staffCard,
  };
}

export type ChatService = ReturnType<typeof createChatService>;
