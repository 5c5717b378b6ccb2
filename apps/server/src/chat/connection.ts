import {
  CHAT_FRAME_MAX_BYTES,
  ChatTexts,
  type TChatFrame,
  type TChatPush,
  type TPushType,
  ZChatFrame,
} from '@shop/contracts/chat-protocol';
import type { WebSocket } from 'ws';
import { AppError } from '../http/errors';
import type { ChatConnection } from './hub';
import type { Agent, Participant, Reader } from './participants';

/** One websocket of the chat: who is on it, and what it has been sent. */
export class SocketConnection implements ChatConnection {
  participant: Participant | null = null;
  /** an agent's connection: the agent and their role, read at initialize and again at each frame (decision 0019) */
  agent: Agent | null = null;
  /** the sign-in session this connection's identity rests on (none for a visitor without an account) */
  authSession: string | null = null;
  /** its session ended, or its agent may no longer answer chats: the connection is closing and answers nothing more */
  ended = false;
  readonly lastSeq = new Map<number, number>();
  lastSeen = Date.now();
  constructor(
    readonly socket: WebSocket,
    /** the key its frames are counted under */
    readonly limitKey: string,
  ) {}
  send(push: TChatPush) {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(push));
  }
}

/** The open connections of each sign-in session, so that a session's end reaches them. */
export class SessionSockets {
  private readonly bySession = new Map<string, Set<SocketConnection>>();

  add(sessionId: string, connection: SocketConnection) {
    let set = this.bySession.get(sessionId);
    if (!set) {
      set = new Set();
      this.bySession.set(sessionId, set);
    }
    set.add(connection);
  }

  delete(sessionId: string, connection: SocketConnection) {
    const set = this.bySession.get(sessionId);
    set?.delete(connection);
    if (set?.size === 0) this.bySession.delete(sessionId);
  }

  of(sessionId: string): SocketConnection[] {
    return [...(this.bySession.get(sessionId) ?? [])];
  }

  sessions(): string[] {
    return [...this.bySession.keys()];
  }
}

type ReadFrame = { frame: TChatFrame; error?: undefined } | { frame?: undefined; error: Record<string, unknown> };

/** A frame off the wire, checked against its schema; or the error push that answers it. */
export function readFrame(raw: Buffer, isBinary: boolean): ReadFrame {
  if (isBinary || raw.length > CHAT_FRAME_MAX_BYTES) {
    return { error: { message: isBinary ? ChatTexts.badFrame : 'The message is too large' } };
  }
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    return { error: { message: ChatTexts.badFrame } };
  }
  const parsed = ZChatFrame.safeParse(json);
  if (parsed.success) return { frame: parsed.data };
  return {
    error: {
      message: parsed.error.issues[0]?.message ?? ChatTexts.badFrame,
      pathInfo: (json as { pathInfo?: unknown } | null)?.pathInfo ?? null,
    },
  };
}

/** Sends one push on a connection. */
export function push(connection: ChatConnection, type: TPushType, data: unknown) {
  connection.send({ type, data });
}

/** The participant on the connection; a frame before initialize is refused. */
export function needParticipant(connection: ChatConnection): Participant {
  if (!connection.participant) throw new AppError('unauthorized', 'Please initialize the connection first');
  return connection.participant;
}
/** The agent on the connection, without their role (frames that do not depend on it). */
export function needCsr(connection: ChatConnection): Participant {
  const participant = needParticipant(connection);
  if (participant.type !== 'csr') throw AppError.forbidden();
  return participant;
}
/** The agent on the connection, with the role read for this frame. */
export function needAgent(connection: SocketConnection): Agent {
  needCsr(connection);
  if (!connection.agent) throw AppError.forbidden();
  return connection.agent;
}
/** Who reads: the visitor, or the agent with their role. */
export function needReader(connection: SocketConnection): Reader {
  const participant = needParticipant(connection);
  return participant.type === 'csr' ? { type: 'csr', ...needAgent(connection) } : { type: 'tourist', id: participant.id };
}
/** The visitor on the connection. */
export function needTourist(connection: ChatConnection): Participant {
  const participant = needParticipant(connection);
  if (participant.type !== 'tourist') throw AppError.forbidden();
  return participant;
}
