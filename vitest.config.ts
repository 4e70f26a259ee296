import { defineConfig } from 'vitest/config';

// One runner, three projects: pure contracts, the API on a real database, the SPA in happy-dom.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/test/setup.ts'],
          // Finders wait up to 5 s (test/setup.ts) and home's below-the-fold parts come one idle turn
          // at a time: on two busy cores a whole test needs more than the default 5 s.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
