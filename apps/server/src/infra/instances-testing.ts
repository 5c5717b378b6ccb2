import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp, testEngine } from '../testing/harness';

/**
 * Hooks that open a test app before the tests of the file or block and close it after, with a
 * second instance on the same database, as behind a load balancer (PostgreSQL only: two SQLite
 * connections in one process would block each other). Answers getters for both.
 */
export function appWithSecondInstance() {
  let first: TestApp | undefined;
  let second: TestApp | null = null;
  beforeAll(async () => {
    first = await createTestApp();
    if (testEngine === 'postgres') second = await createTestApp({ sameStoreAs: first });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });
  return {
    /** The app the tests call. */
    app: () => first as TestApp,
    /** The second instance, on PostgreSQL; null on SQLite. */
    second: () => second,
  };
}
