import { chatPreview } from '@shop/contracts/chat-protocol';
import { roleMay, STAFF_ROLES } from '@shop/contracts/permissions';
import type { ChatBase } from './context';
import type { MessageToStore, StoredMessage } from './message-writer';
import type { Participant } from './participants';
import { type ChatPresenters, presentMessage } from './present';
import type { SessionRow } from './store';

/** The staff roles that see every conversation (chat.configure): they see its notes and labels live too. */
export const SUPERVISOR_ROLES = STAFF_ROLES.filter((role) => roleMay(role, 'chat.configure'));

/** Messages stored and the pushes that tell each side of a conversation what changed in it. */
export function chatNotices({ store, writer, deliver }: ChatBase, { presentSession }: ChatPresenters) {
  /** Stores one message (see message-writer.ts); returns the session as it is after the message. */
  function storeMessage(
    sessionId: number,
    sender: Participant | 'system',
    message: MessageToStore['message'],
    onlyBy?: Participant,
  ): Promise<StoredMessage> {
    return writer.store({ sessionId, sender, message, onlyBy, preview: chatPreview(message.type, message.content) });
  }

  /** Delivers to the conversation's visitor and, once it has one, its agent. */
  function deliverToBoth(session: SessionRow, type: 'newMessage' | 'readMessage', data: unknown) {
    deliver({ type: 'tourist', id: session.tourist_id }, type, data);
    if (session.csr_id !== null) deliver({ type: 'csr', id: session.csr_id }, type, data);
  }

  return {
    storeMessage,
    deliverToBoth,

    /** A system message to both sides, stored once per `key`. */
    async systemNotice(session: SessionRow, content: string, key: string) {
      const stored = await storeMessage(session.id, 'system', { type: 'system', content, client_msg_id: key });
      if (!stored.duplicate) deliverToBoth(stored.session, 'newMessage', presentMessage(stored.row));
    },

    /** Tells the visitor and the conversation's agent (and the agent who changed it) how it stands. */
    async announceSession(session: SessionRow, by?: number) {
      const visitor: Participant = { type: 'tourist', id: session.tourist_id };
      deliver(visitor, 'sessionInfo', await presentSession(session, visitor));
      const agents = new Set([session.csr_id, by].filter((id): id is number => typeof id === 'number'));
      for (const id of agents) {
        const csr: Participant = { type: 'csr', id };
        deliver(csr, 'sessionInfo', await presentSession(session, csr));
      }
    },

    /** The conversation's agents: its own, the one who acted, and every supervisor. */
    async agentsOf(session: SessionRow, by: number): Promise<number[]> {
      const ids = new Set([session.csr_id, by, ...(await store.staffInRoles(SUPERVISOR_ROLES))]);
      return [...ids].filter((id): id is number => typeof id === 'number');
    },
  };
}
