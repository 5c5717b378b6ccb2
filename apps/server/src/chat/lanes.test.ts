import { PathInfo } from '@shop/contracts/chat-protocol';
import { describe, expect, it } from 'vitest';
import { Lanes, laneOf } from './lanes';

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

/** Tasks that log when they start and end, taking `ms` each. */
function recorder() {
  const log: string[] = [];
  const task = (name: string, ms: number) => async () => {
    log.push(`start ${name}`);
    await tick(ms);
    log.push(`end ${name}`);
  };
  return { log, task };
}

describe('a connection’s frame lanes', () => {
  it('runs one lane in order, and different lanes side by side', async () => {
    const lanes = new Lanes();
    const { log, task } = recorder();
    await Promise.all([lanes.run('a', task('a1', 30)), lanes.run('a', task('a2', 0)), lanes.run('b', task('b1', 5))]);
    expect(log.indexOf('end a1')).toBeLessThan(log.indexOf('start a2'));
    // b did not wait for a
    expect(log.indexOf('end b1')).toBeLessThan(log.indexOf('end a1'));
    expect(lanes.busyLanes).toBe(0);
  });

  it('makes a barrier wait for every lane, and every later lane wait for the barrier', async () => {
    const lanes = new Lanes();
    const { log, task } = recorder();
    const all = [
      lanes.run('a', task('a1', 20)),
      lanes.run('b', task('b1', 10)),
      lanes.run(null, task('init', 10)),
      lanes.run('a', task('a2', 0)),
      lanes.run('c', task('c1', 0)),
    ];
    await Promise.all(all);
    const at = (entry: string) => log.indexOf(entry);
    expect(at('start init')).toBeGreaterThan(at('end a1'));
    expect(at('start init')).toBeGreaterThan(at('end b1'));
    expect(at('start a2')).toBeGreaterThan(at('end init'));
    expect(at('start c1')).toBeGreaterThan(at('end init'));
  });

  it('keeps going after a failed task, and idle() waits for everything queued', async () => {
    const lanes = new Lanes();
    const done: string[] = [];
    const failed = lanes.run('a', async () => {
      throw new Error('boom');
    });
    await expect(failed).rejects.toThrow('boom');
    lanes.run('a', async () => {
      await tick(5);
      done.push('a2');
    });
    lanes.run(null, async () => {
      done.push('barrier');
    });
    await lanes.idle();
    expect(done).toEqual(['a2', 'barrier']);
  });
});

describe('the lane of a frame', () => {
  it('is its conversation’s, the searches’ own, or the barrier', () => {
    expect(laneOf({ pathInfo: PathInfo.readMessage, session_id: 4 })).toBe('session:4');
    expect(laneOf({ pathInfo: PathInfo.loadRecords, id: 4, page: 1 })).toBe('session:4');
    expect(laneOf({ pathInfo: PathInfo.sendSessionMessage, type: 'text', content: 'Hi', client_msg_id: 'm' })).toBe(
      'session:new',
    );
    expect(laneOf({ pathInfo: PathInfo.search, keyword: 'x', page: 1 })).toBe('search');
    expect(laneOf({ pathInfo: PathInfo.ping })).toBeNull();
  });
});
