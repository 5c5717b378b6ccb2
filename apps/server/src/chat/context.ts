import type { TChatQueue, TChatStatus } from '@shop/contracts/chat-protocol';
import type { Db } from '../db/database';
import type { AuthService } from '../modules/auth';
import { sessionAccess } from './access';
import type { BuildCard } from './cards';
import { createMessageWriter } from './message-writer';
import { chatNotices } from './notices';
import type { Participant } from './participants';
import { presenceSince, type StaffPresence, seenRecently, visibleStaffStatus } from './presence';
import { chatPresenters } from './present';
import { chatStore } from './store';

/** What the service asks the hub to deliver; the hub fans it out to every connection of the participant. */
export type Deliver = (
  to: Participant,
  type:
    | 'newMessage'
    | 'readMessage'
    | 'sessions'
    | 'sessionInfo'
    | 'distribution'
    | 'changeStatus'
    | 'csrTransfer'
    | 'changeUserBaseInfo'
    | 'note',
  data: unknown,
) => void;

/** What the service asks the hub to deliver to every agent connected anywhere (the queue). */
export type DeliverToAgents = (type: 'operates', data: { queue: TChatQueue }) => void;

export type AutoAnswer = (question: string) => Promise<{ answer: string } | null>;

/** What the chat service is built from: the gateway, the routes and the tests hand these in. */
export type ChatServiceDeps = {
  db: Db;
  auth: AuthService;
  signingKey: string;
  deliver: Deliver;
  /** every connected agent: the queue as it changes */
  deliverToAgents?: DeliverToAgents;
  cards: BuildCard;
  autoAnswer?: AutoAnswer;
  clock?: () => number;
  /** store the messages that arrive together in one transaction (see message-writer.ts) */
  groupCommit?: boolean;
  /** a message was stored, just before it goes out to the session (the metrics' counter) */
  onMessage?: (sender: 'tourist' | 'csr' | 'auto') => void;
  /** the number of the shopper's latest order, if any (the orders module's, for {order_no}) */
  latestOrderNo?: (userId: number) => Promise<string | null>;
  /**
   * agents' replies were stored in these conversations, in this transaction: the offline reply
   * mail is planned with them (decision 0060)
   */
  repliesStored?: (trx: Db, sessionIds: number[], at: number) => Promise<unknown>;
};

/** The dependencies and the clock every part of the chat service shares, with presence read at this moment. */
export function chatBase(deps: ChatServiceDeps) {
  const { db } = deps;
  const now = deps.clock ?? Date.now;
  const writer = createMessageWriter({
    db,
    groupCommit: deps.groupCommit ?? false,
    now,
    stored: async (trx, rows, at) => {
      const replied = [...new Set(rows.filter((row) => row.sender_type === 'csr').map((row) => row.session_id))];
      if (replied.length > 0 && deps.repliesStored) await deps.repliesStored(trx, replied, at);
    },
  });
  const staffStatus = (staff: StaffPresence | undefined): TChatStatus => visibleStaffStatus(staff, now());
  return {
    deps,
    db,
    auth: deps.auth,
    deliver: deps.deliver,
    now,
    store: chatStore(db),
    writer,
    /** someone seen after this moment is connected now */
    seenSince: () => presenceSince(now()),
    connected: (lastSeenAt: number) => seenRecently(lastSeenAt, now()),
    staffStatus,
    available: (staff: StaffPresence | undefined) => staffStatus(staff) === 'online',
  };
}

export type ChatBase = ReturnType<typeof chatBase>;

/**
 * What the parts of the chat service share: the base, who may read or change a conversation
 * (access.ts), how conversations are shown (present.ts) and the notices sent about them (notices.ts).
 */
export function createChatContext(deps: ChatServiceDeps) {
  const base = chatBase(deps);
  const presenters = chatPresenters(base);
  return { ...base, ...sessionAccess(base), ...presenters, ...chatNotices(base, presenters) };
}

export type ChatContext = ReturnType<typeof createChatContext>;
