import { MessagePaths, MessageTexts, type TMessageReadResult } from '@shop/contracts/messages';
import { describe, expect, it } from 'vitest';
import { makeShopper, type Shopper } from '../../testing/fixtures';
import { appPerFile, injectAs, type TestApp } from '../../testing/harness';
import { emitted, inboxOf } from '../../testing/inbox';

let t: TestApp;

appPerFile((made) => {
  t = made;
});

const db = () => t.database.db;
const { dispatch, list, rowsOf } = inboxOf(() => t);
const markRead = (shopper: Shopper, payload: unknown) =>
  injectAs(t, shopper).post<TMessageReadResult>(MessagePaths.updateReadStatus, payload);

describe('POST /shop/user_msg/list and /shop/userMsg/updateReadStatus', () => {
  /** A shopper with `count` notices (points expiring, an account update each), oldest first. */
  async function withNotices(count: number) {
    const shopper = await makeShopper(t);
    for (let n = 0; n < count; n++) {
      await emitted(db(), 'referral.rewarded', { inviter_id: shopper.id, friend_id: shopper.id, points: 100 + n });
    }
    await dispatch();
    return shopper;
  }

  it('pages newest first and filters by type and read state, the unread count always the whole inbox', async () => {
    const shopper = await withNotices(12);
    const first = (await list(shopper, { page: 1, page_size: 5 })).result;
    expect(first.total).toBe(12);
    expect(first.data.map((notice) => notice.title)).toEqual(
      [111, 110, 109, 108, 107].map((points) => `You earned ${points} points for inviting a friend`),
    );
    expect((await list(shopper, { page: 3, page_size: 5 })).result.data).toHaveLength(2);
    expect((await list(shopper, { type: 'order' })).result).toEqual({ data: [], total: 0, unread: 12 });
    expect((await list(shopper, { type: 'points' })).result.total).toBe(12);

    const [newest, second] = first.data;
    const marked = await markRead(shopper, { ids: [newest?.id, second?.id, newest?.id] });
    expect(marked.status).toBe(200);
    expect(marked.result).toEqual({ updated: 2, unread: 10 });
    const read = (await list(shopper, { read: 1 })).result;
    expect(read.data.map((notice) => notice.id)).toEqual([newest?.id, second?.id]);
    expect(read.data.every((notice) => notice.read)).toBe(true);
    expect((await list(shopper, { read: 0 })).result).toMatchObject({ total: 10, unread: 10 });
    // marking them again changes nothing
    expect((await markRead(shopper, { ids: [newest?.id] })).result).toEqual({ updated: 0, unread: 10 });
    expect((await markRead(shopper, { all: true })).result).toEqual({ updated: 10, unread: 0 });
    expect((await list(shopper)).result.unread).toBe(0);
  });

  it('counts each notice read once when marks race: 12 requests at once, one at a time or all', async () => {
    const shopper = await withNotices(6);
    const ids = (await list(shopper)).result.data.map((notice) => notice.id);
    const answers = await Promise.all([
      ...ids.map((id) => markRead(shopper, { ids: [id] })),
      ...ids.map(() => markRead(shopper, { all: true })),
    ]);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(answers.reduce((sum, answer) => sum + answer.result.updated, 0)).toBe(6);
    expect((await list(shopper)).result.unread).toBe(0);
    expect((await rowsOf(shopper.id)).every((row) => row.read_at !== null)).toBe(true);
  });

  it('never shows or changes another shopper’s messages: their ids are a 404 that changes nothing', async () => {
    const owner = await withNotices(2);
    const other = await withNotices(1);
    const [mine] = (await list(other)).result.data;
    const theirs = (await list(owner)).result.data;
    expect(theirs).toHaveLength(2);
    expect(theirs.some((notice) => notice.id === mine?.id)).toBe(false);

    const refused = await markRead(other, { ids: [mine?.id, theirs[0]?.id] });
    expect(refused.status).toBe(404);
    expect(refused.msg).toBe(MessageTexts.notFound);
    expect((await list(other)).result.unread).toBe(1);
    expect((await list(owner)).result.unread).toBe(2);
    // "all" is the shopper's own all
    expect((await markRead(other, { all: true })).result).toEqual({ updated: 1, unread: 0 });
    expect((await list(owner)).result.unread).toBe(2);
  });

  it('refuses bad input with a 400 naming the field, and asks for a signed-in shopper', async () => {
    const shopper = await withNotices(1);
    const cases: [unknown, string][] = [
      [{}, 'ids'],
      [{ ids: [] }, 'ids'],
      [{ ids: [1], all: true }, 'ids'],
      [{ ids: ['x'] }, 'ids.0'],
      [{ all: 'yes' }, 'all'],
    ];
    for (const [payload, field] of cases) {
      const answer = await injectAs(t, shopper).post<{ fields: Record<string, string> }>(MessagePaths.updateReadStatus, payload);
      expect(answer.status, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(answer.result.fields), JSON.stringify(payload)).toContain(field);
    }
    for (const [payload, field] of [
      [{ type: 'spam' }, 'type'],
      [{ read: 2 }, 'read'],
      [{ page_size: 500 }, 'page_size'],
    ] as const) {
      const answer = await injectAs(t, shopper).post<{ fields: Record<string, string> }>(MessagePaths.list, payload);
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.result.fields)).toContain(field);
    }
    expect((await list(shopper)).result.unread).toBe(1);
    expect((await injectAs(t, null).post(MessagePaths.list, {})).status).toBe(401);
    expect((await injectAs(t, null).post(MessagePaths.updateReadStatus, { all: true })).status).toBe(401);
  });
});
