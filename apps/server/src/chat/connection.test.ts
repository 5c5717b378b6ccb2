import { CHAT_FRAME_MAX_BYTES, ChatTexts, PathInfo } from '@shop/contracts/chat-protocol';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import {
  needAgent,
  needCsr,
  needParticipant,
  needReader,
  needTourist,
  readFrame,
  SessionSockets,
  SocketConnection,
} from './connection';

const raw = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value));
const connection = () => new SocketConnection({} as WebSocket, 'test');

describe('a frame off the wire', () => {
  it('is read against its schema, or answered with the error push', () => {
    expect(readFrame(raw({ pathInfo: PathInfo.ping }), false)).toEqual({ frame: { pathInfo: PathInfo.ping } });
    expect(readFrame(raw({ pathInfo: PathInfo.ping }), true)).toEqual({ error: { message: ChatTexts.badFrame } });
    expect(readFrame(raw('{not json'), false)).toEqual({ error: { message: ChatTexts.badFrame } });
    expect(readFrame(Buffer.alloc(CHAT_FRAME_MAX_BYTES + 1, 32), false)).toEqual({
      error: { message: 'The message is too large' },
    });
    const wrong = readFrame(raw({ pathInfo: PathInfo.readMessage, session_id: 'x' }), false);
    expect(wrong.error).toMatchObject({ pathInfo: PathInfo.readMessage });
    expect(readFrame(raw([1]), false).error).toMatchObject({ pathInfo: null });
  });
});

describe('who a frame needs', () => {
  it('refuses a frame before initialize, and a frame of the other side', () => {
    const none = connection();
    expect(() => needParticipant(none)).toThrow('Please initialize the connection first');
    const visitor = connection();
    visitor.participant = { type: 'tourist', id: 7 };
    expect(needTourist(visitor)).toEqual({ type: 'tourist', id: 7 });
    expect(needReader(visitor)).toEqual({ type: 'tourist', id: 7 });
    expect(() => needCsr(visitor)).toThrow();
    const agent = connection();
    agent.participant = { type: 'csr', id: 3 };
    expect(needCsr(agent)).toEqual({ type: 'csr', id: 3 });
    expect(() => needTourist(agent)).toThrow();
    // an agent whose role was not read is nobody to the frames that depend on it
    expect(() => needAgent(agent)).toThrow();
    agent.agent = { id: 3, role: 'csr' };
    expect(needReader(agent)).toEqual({ type: 'csr', id: 3, role: 'csr' });
  });
});

describe('the connections of each sign-in session', () => {
  it('are found by their session until they close', () => {
    const sockets = new SessionSockets();
    const [a, b] = [connection(), connection()];
    sockets.add('s1', a);
    sockets.add('s1', b);
    expect(sockets.of('s1')).toEqual([a, b]);
    sockets.delete('s1', a);
    sockets.delete('s1', b);
    expect(sockets.of('s1')).toEqual([]);
    expect(sockets.sessions()).toEqual([]);
  });
});
