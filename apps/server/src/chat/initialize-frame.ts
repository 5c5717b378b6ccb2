import type { TChatFrame } from '@shop/contracts/chat-protocol';
import { AppError } from '../http/errors';
import { push } from './connection';
import type { FrameContext } from './frame-handlers';
import { ChatRoleRefused, ChatSessionEnded, type Identified } from './identify';

type InitializeFrame = Extract<TChatFrame, { pathInfo: 'worker/kefu.WsIndex/initialize' }>;

/**
 * Who the connection is, or null when initialize is refused: told `init` without a user and the
 * reason, which turns the chat off on the client (spec 4).
 */
async function identified(
  frame: InitializeFrame,
  { connection, chat, limits, address }: FrameContext,
): Promise<Identified | null> {
  try {
    return await chat.identify(frame, () => limits.newVisitor(address));
  } catch (error) {
    if (error instanceof ChatSessionEnded) {
      push(connection, 'init', { user: null, reason: 'session_ended' });
      return null;
    }
    // a staff member whose role may not answer chats (decision 0019): told why, as a bad token is
    if (error instanceof ChatRoleRefused) {
      push(connection, 'init', { user: null, reason: 'forbidden', message: error.message });
      return null;
    }
    if (error instanceof AppError && (error.status === 401 || error.status === 409)) {
      push(connection, 'init', { user: null, reason: error.status === 409 ? 'token_expired' : 'unauthorized' });
      return null;
    }
    throw error;
  }
}

/**
 * spec 7 initialize: identifies the connection, attaches it to the hub, and sends what the client
 * starts from: its user, its conversations (an agent's console also the queue) and what it missed.
 */
export async function initialize(frame: InitializeFrame, on: FrameContext) {
  const { connection, chat, hub } = on;
  if (connection.participant) throw AppError.field('pathInfo', 'This connection is already initialized');
  const identity = await identified(frame, on);
  if (!identity) return;
  const { participant, role, user, authSession } = identity;
  if (participant.type === 'csr' && role) connection.agent = { id: participant.id, role };
  // The session was live when identify asked the database; one that ended since is in the set.
  if (authSession) {
    connection.authSession = authSession;
    on.sockets.add(authSession, connection);
    const endedFor = on.auth.sessionEnded(authSession);
    if (endedFor) return on.endConnection(connection, endedFor);
  }
  for (const [id, seq] of Object.entries(frame.last_seqs ?? {})) connection.lastSeq.set(Number(id), seq);
  await hub.attach(connection, participant);
  await chat.seen([participant]);
  // An agent who opens the console while marked offline is taken as ready to answer.
  const comingOnline = participant.type === 'csr' && user.status === 'offline';
  push(connection, 'init', { user: comingOnline ? { ...user, status: 'online' } : user });
  if (comingOnline) {
    await chat.changeStatus(participant.id, 'online');
    push(connection, 'changeStatus', { id: participant.id, status: 'online' });
  } else {
    // the other side sees them here; an agent still Online takes from the queue (decision 0057)
    await chat.arrived(participant);
  }
  push(connection, participant.type === 'csr' ? 'csrWindowInit' : 'sessions', await chat.sessions(participant));
  if (participant.type === 'csr') push(connection, 'operates', { queue: await chat.queue() });
  for (const message of await chat.missed(participant, frame.last_seqs ?? {})) await hub.sendMessage(connection, message);
}
