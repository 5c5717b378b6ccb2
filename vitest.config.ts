import { defineConfig } from 'vitest/config';

const apiFiles = ['apps/server/src/**/*.test.ts'];
/**
 * The API test files share their worker's module graph rather than loading the server afresh
 * each (decision 0066): loading it was most of their time. Each file makes its own app and
 * database, and none mocks a module or leaves a global changed.
 */
const sharedModules = { isolate: false };
const unitFiles = ['packages/*/src/**/*.test.ts', 'apps/web/app/**/*.test.ts', 'scripts/**/*.test.ts'];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: unitFiles, environment: 'node' } },
      {
        test: {
          name: 'api',
          include: apiFiles,
          env: { SHOP_TEST_DB: 'sqlite' },
          ...sharedModules,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: apiFiles,
          env: { SHOP_TEST_DB: 'postgres' },
          ...sharedModules,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file makes its own database; a few at a time keep the server's connections in bounds.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          // Time limits find a journey that is stuck, not one that is slow: on a loaded two-core
          // machine a journey has taken ten times what it takes alone, and a page two seconds to
          // hydrate. A check that holds passes at once whatever its limit.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
