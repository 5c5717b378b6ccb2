import { describe, expect, it } from 'vitest';
import { chatTestKitFile } from './context.testing';
import { chatFigures, chatPresence, PRESENCE_WINDOW_MS, presenceSince, seenRecently, visibleStaffStatus } from './presence';

// Presence (decision 0005): who is connected, as every instance refreshes it, and the other side told.

const kit = chatTestKitFile();

describe('presence', () => {
  it('counts someone seen within the window as connected, and shows an agent’s choice only while connected', () => {
    const at = 1_000_000;
    expect(presenceSince(at)).toBe(at - PRESENCE_WINDOW_MS);
    expect(seenRecently(at - PRESENCE_WINDOW_MS + 1, at)).toBe(true);
    expect(seenRecently(at - PRESENCE_WINDOW_MS, at)).toBe(false);
    expect(visibleStaffStatus({ status: 'busy', last_seen_at: at }, at)).toBe('busy');
    expect(visibleStaffStatus({ status: 'busy', last_seen_at: 0 }, at)).toBe('offline');
    expect(visibleStaffStatus(undefined, at)).toBe('offline');
  });

  it('counts the queue and the agents connected and online for the dashboard', async () => {
    const before = await chatFigures(kit.t.database.db, Date.now());
    await kit.staff('csr', true);
    await kit.conversation(await kit.visitor(), null);
    expect(await chatFigures(kit.t.database.db, Date.now())).toEqual({
      queued: before.queued + 1,
      agents_online: before.agents_online + 1,
    });
  });

  it('tells the agent when their visitor leaves and comes back, and the visitor when their agent changes status', async () => {
    const drained: number[] = [];
    const presence = chatPresence(kit.ctx, { drainQueue: async () => drained.push(1), sessions: async () => [] });
    const csrId = await kit.staff('csr', true);
    const touristId = await kit.visitor('Ada', Date.now());
    const session = await kit.conversation(touristId, csrId);
    const agent = { type: 'csr', id: csrId } as const;
    const visitor = { type: 'tourist', id: touristId } as const;
    kit.clear();
    await presence.gone(visitor);
    await presence.stillHere(visitor);
    expect(kit.deliveredTo(agent, 'changeUserBaseInfo')).toMatchObject([
      { session_id: session.id, id: touristId, status: 'offline' },
      { session_id: session.id, id: touristId, status: 'online' },
    ]);
    await presence.changeStatus(csrId, 'busy');
    expect(kit.deliveredTo(visitor, 'changeUserBaseInfo')).toMatchObject([{ session_id: session.id, id: csrId, status: 'busy' }]);
    expect(drained).toHaveLength(0);
    // coming online makes the agent available: the queue drains, and they get their list
    await presence.changeStatus(csrId, 'online');
    expect(drained).toHaveLength(1);
    expect(kit.deliveredTo(agent, 'sessions')).toEqual([[]]);
  });
});
