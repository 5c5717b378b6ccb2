import { defineConfig } from 'vitest/config';

const apiFiles = ['apps/server/src/**/*.test.ts'];
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: apiFiles,
          env: { SHOP_TEST_DB: 'postgres' },
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
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
