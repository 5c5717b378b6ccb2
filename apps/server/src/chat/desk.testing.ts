import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { ChatClient } from '../testing/chat-client';
import { type ChatHarness, chatHarness } from '../testing/chat-harness';
import { makeStaff } from '../testing/fixtures';
import type { TestApp } from '../testing/harness';

/**
 * Every agent away, so each conversation goes to the agent the test brings; with `queue`, no
 * conversation waiting either.
 */
export async function clearDesk(t: TestApp, { queue = false }: { queue?: boolean } = {}) {
  await t.database.db.updateTable('staff').set({ status: 'offline' }).execute();
  if (queue) await t.database.db.updateTable('chat_sessions').set({ status: 'closed' }).where('status', '=', 'queued').execute();
}

/**
 * A chat test file's hooks: the harness started before its tests (`started` is handed the app, for
 * the file's `t`) and closed after them, and the desk cleared before each test (clearDesk).
 */
export function chatTestHooks(harness: ChatHarness, started: (t: TestApp) => unknown, desk: { queue?: boolean } = {}) {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await harness.start();
    await started(app);
  });
  afterAll(() => harness.close());
  beforeEach(async () => {
    if (app) await clearDesk(app, desk);
  });
}

/** The hooks of a file whose tests set agents' caps: an administrator's token as well, and the queue emptied before each test. */
export function chatTestHooksWithAdmin(harness: ChatHarness, started: (t: TestApp, adminToken: string) => unknown) {
  chatTestHooks(harness, async (app) => started(app, (await makeStaff(app, 'admin')).token), { queue: true });
}

/**
 * A chat test file on the agents' desk: the harness with its hooks (chatTestHooks), the app once
 * started, a counter for the ids and texts the file makes up, and the visitor's conversation.
 */
export function deskTestFile() {
  const harness = chatHarness();
  let app: TestApp | undefined;
  chatTestHooks(harness, (started) => {
    app = started;
  });
  let n = 0;
  return {
    harness,
    /** The app, once the harness has started. */
    app: () => app as TestApp,
    /** The next number, for ids and texts unique within the file. */
    next: () => ++n,
    /** The visitor's first message opens the conversation with the agent online; answers its session id. */
    converse: async (guest: ChatClient, first?: string) => (await harness.converse(guest, first)).session_id,
  };
}
