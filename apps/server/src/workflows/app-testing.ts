import { afterAll, beforeAll } from 'vitest';
import { makeStaffToken } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/harness';

/**
 * Hooks that open a test app before the file's tests and close it after. Answers getters for the
 * app and its database.
 */
export function testAppHooks() {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  const app = () => t as TestApp;
  return { app, db: () => app().database.db };
}

/** The hooks of `testAppHooks`, with an administrator's token made once the app is open. */
export function testAppWithAdmin() {
  const hooks = testAppHooks();
  let token = '';
  beforeAll(async () => {
    token = await makeStaffToken(hooks.app(), 'admin');
  });
  return { ...hooks, admin: () => token };
}
