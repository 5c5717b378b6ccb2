import type { TChatMessage, TChatNote, TChatSession, TChatSessionState } from '@shop/contracts/chat-protocol';
import type { ChatBase } from './context';
import type { Participant } from './participants';
import type { MessageRow, NoteRow, SessionRow } from './store';

/** A stored message as the clients receive it. */
export function presentMessage(row: MessageRow): TChatMessage {
  let extend: Record<string, unknown> = {};
  try {
    extend = JSON.parse(row.extend) as Record<string, unknown>;
  } catch {
    // a row written by hand; shown without extend
  }
  return {
    id: row.id,
    session_id: row.session_id,
    seq: row.seq,
    type: row.type as TChatMessage['type'],
    content: row.content,
    title: row.title,
    sender_id: row.sender_id,
    sender_identity: row.sender_type,
    status: row.status,
    extend,
    client_msg_id: row.client_msg_id,
    auto_reply: row.auto_reply === 1,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** How conversations, notes and agents are shown, each to whom it is shown, from the records as they stand now. */
export function chatPresenters({ store, now, connected, staffStatus }: ChatBase) {
  /** The state at this moment: a snooze whose time has passed is open again (decision 0053). */
  function stateNow(session: SessionRow): TChatSessionState {
    return session.state === 'snoozed' && session.snoozed_until <= now() ? 'open' : session.state;
  }

  /** What a conversation shows to everyone who sees it, the rating included. */
  async function commonView(session: SessionRow) {
    const state = stateNow(session);
    const rating = await store.latestRating(session.id);
    return {
      id: session.id,
      last_message: session.last_message,
      last_seq: session.last_seq,
      sort_time: session.sort_time,
      top: session.top,
      status: session.status,
      state,
      snoozed_until: state === 'snoozed' ? new Date(session.snoozed_until).toISOString() : null,
      csr_id: session.csr_id ?? 0,
      rating: rating
        ? { stars: rating.stars, comment: rating.comment, created_at: new Date(rating.created_at).toISOString() }
        : null,
      rating_due: state === 'resolved' && session.resolutions > 0 && rating?.resolution !== session.resolutions,
      // labels are the agents' own words about the visitor: the visitor never sees them
      labels: [] as string[],
    };
  }

  return {
    stateNow,

    /** A conversation as `viewer` sees it: an agent sees the visitor and the labels, the visitor sees their agent. */
    async presentSession(session: SessionRow, viewer: Participant): Promise<TChatSession> {
      const common = await commonView(session);
      if (viewer.type === 'csr') {
        const [tourist, labels] = await Promise.all([store.findTourist(session.tourist_id), store.labelsOf(session.id)]);
        return {
          ...common,
          labels,
          session_user_id: session.tourist_id,
          session_user_identity: 'tourist',
          session_user_status: tourist && connected(tourist.last_seen_at) ? 'online' : 'offline',
          nickname: tourist?.nickname ?? 'Visitor',
          avatar: tourist?.avatar ?? '',
          unread_message_count: session.unread_csr,
        };
      }
      const csr = session.csr_id === null ? undefined : await store.findStaff(session.csr_id);
      return {
        ...common,
        session_user_id: session.csr_id ?? 0,
        session_user_identity: 'csr',
        session_user_status: csr ? staffStatus(csr) : 'await',
        nickname: csr?.nickname ?? '',
        avatar: csr?.avatar ?? '',
        unread_message_count: session.unread_tourist,
      };
    },

    /** A private note with its author's nickname. */
    async presentNote(row: NoteRow): Promise<TChatNote> {
      const author = await store.findStaff(row.csr_id);
      return {
        id: row.id,
        session_id: row.session_id,
        after_seq: row.after_seq,
        csr_id: row.csr_id,
        author: author?.nickname ?? '',
        content: row.content,
        client_note_id: row.client_note_id,
        created_at: new Date(row.created_at).toISOString(),
      };
    },

    /** An agent as visitors see them in their header: name, picture and the status shown now. */
    async staffCard(csrId: number | null) {
      if (csrId === null) return null;
      const csr = await store.findStaff(csrId);
      return csr ? { id: csr.id, nickname: csr.nickname, avatar: csr.avatar, status: staffStatus(csr) } : null;
    },
  };
}

export type ChatPresenters = ReturnType<typeof chatPresenters>;
