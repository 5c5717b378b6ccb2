import { afterAll, beforeAll } from 'vitest';
import type { StaffTable } from '../db/schema';
import { makeStaff } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/harness';
import type { BuildCard } from './cards';
import { type ChatServiceDeps, createChatContext } from './context';
import type { Participant } from './participants';
import { chatStore, type SessionRow } from './store';

/** A push the service asked the hub to deliver, as the tests read it. */
export type Delivery = { to: Participant; type: string; data: unknown };

/**
 * The chat service's parts on a test app's database, without websockets: the shared context, what
 * they deliver (recorded), and the records a test starts from. For tests of one part's rules; the
 * chat as clients see it is tested through the gateway (testing/chat-harness.ts).
 */
export async function chatTestKit(options: { clock?: () => number } = {}) {
  const t: TestApp = await createTestApp();
  const deliveries: Delivery[] = [];
  const deps: ChatServiceDeps = {
    db: t.database.db,
    auth: t.app.services.auth,
    signingKey: 'chat-test-key',
    deliver: (to, type, data) => deliveries.push({ to, type, data }),
    cards: (async () => {
      throw new Error('no cards in these tests');
    }) as unknown as BuildCard,
    clock: options.clock,
  };
  const ctx = createChatContext(deps);
  const store = chatStore(t.database.db);
  return {
    t,
    deps,
    ctx,
    store,
    deliveries,
    /** Forgets what was delivered so far. */
    clear: () => deliveries.splice(0),
    /** What was delivered to one participant, of one type. */
    deliveredTo: (to: Participant, type: string) =>
      deliveries.filter((d) => d.to.type === to.type && d.to.id === to.id && d.type === type).map((d) => d.data),
    /** A staff member of this role; `online`: their status Online and seen now. */
    staff: async (role: StaffTable['role'] = 'csr', online = false) => {
      const { id } = await makeStaff(t, role, { online });
      if (online) await store.touchPresence([], [id], Date.now());
      return id;
    },
    /** A visitor, seen `lastSeenAt` (never, by default). */
    visitor: (nickname = 'Visitor', lastSeenAt = 0) =>
      store.insertTourist({
        user_id: null,
        nickname,
        avatar: '',
        language: 'en',
        last_seen_at: lastSeenAt,
        created_at: Date.now(),
      }),
    /** A conversation of a visitor, with an agent (active) or without (queued). */
    conversation: async (touristId: number, csrId: number | null, change: Partial<Omit<SessionRow, 'id'>> = {}) => {
      const at = Date.now();
      const id = await store.insertSession({
        tourist_id: touristId,
        csr_id: csrId,
        status: csrId === null ? 'queued' : 'active',
        sort_time: at,
        created_at: at,
      });
      if (Object.keys(change).length) await store.updateSession(id, change);
      return (await store.findSession(id)) as SessionRow;
    },
    close: () => t.close(),
  };
}

export type ChatTestKit = Awaited<ReturnType<typeof chatTestKit>>;

/** A test file's kit: made before its tests, closed after them; filled in once its beforeAll has run. */
export function chatTestKitFile(options: Parameters<typeof chatTestKit>[0] = {}): ChatTestKit {
  const kit = {} as ChatTestKit;
  beforeAll(async () => {
    Object.assign(kit, await chatTestKit(options));
  });
  afterAll(() => kit.close?.());
  return kit;
}
