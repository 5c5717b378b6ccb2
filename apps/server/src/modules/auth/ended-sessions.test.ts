import { describe, expect, it } from 'vitest';
import { MemoryPubSub } from '../../infra/pubsub';
import { EndedSessions, type SessionsEnded } from './ended-sessions';

describe('ended sessions', () => {
  it('are known on the announcing instance at once and on the others when the announcement arrives, each heard once', async () => {
    const pubsub = new MemoryPubSub();
    const here = new EndedSessions(pubsub);
    const there = new EndedSessions(pubsub);
    await here.listen();
    const arrived = new Promise<SessionsEnded>((resolve) => there.onEnded(resolve));
    await there.listen();
    const heardHere: SessionsEnded[] = [];
    here.onEnded((ended) => heardHere.push(ended));

    await here.announce({ sessionIds: ['a', 'b'], reason: 'logout' });
    expect(here.has('a')).toBe(true);
    expect(await arrived).toEqual({ sessionIds: ['a', 'b'], reason: 'logout' });
    expect(there.has('b')).toBe(true);
    expect(there.reasonOf('b')).toBe('logout');
    expect(there.reasonOf('unknown')).toBeNull();
    // its own announcement coming back through the pub/sub is not heard a second time
    await here.announce({ sessionIds: ['b', 'c'], reason: 'password_change' });
    expect(heardHere).toEqual([
      { sessionIds: ['a', 'b'], reason: 'logout' },
      { sessionIds: ['c'], reason: 'password_change' },
    ]);
  });

  it('forgets a session once the keeping window has passed', async () => {
    let now = 1_000_000;
    const ended = new EndedSessions(new MemoryPubSub(), () => now, 60_000);
    await ended.announce({ sessionIds: ['old'], reason: 'logout' });
    now += 30_000;
    await ended.announce({ sessionIds: ['newer'], reason: 'logout' });
    now += 31_000;
    await ended.announce({ sessionIds: ['newest'], reason: 'refresh_reuse' });
    expect([ended.has('old'), ended.has('newer'), ended.has('newest')]).toEqual([false, true, true]);
  });

  it('ignores an announcement it cannot read', async () => {
    const pubsub = new MemoryPubSub();
    const ended = new EndedSessions(pubsub);
    await ended.listen();
    const heard: SessionsEnded[] = [];
    ended.onEnded((e) => heard.push(e));
    const readable = new Promise((resolve) => ended.onEnded(resolve));
    await pubsub.publish('auth:sessions-ended', 'not json');
    await pubsub.publish('auth:sessions-ended', JSON.stringify({ reason: 'logout' }));
    await pubsub.publish('auth:sessions-ended', JSON.stringify({ sessionIds: ['x'], reason: 'logout' }));
    await readable;
    expect(heard).toEqual([{ sessionIds: ['x'], reason: 'logout' }]);
  });
});
