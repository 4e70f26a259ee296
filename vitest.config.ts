import os from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner, three projects: pure contracts, the API on a real database, the SPA in happy-dom.
export default defineConfig({
  test: {
    // Vitest keeps one core for itself by default: on two cores that is one worker, and the suite ran
    // one file at a time (measured: 760 s with one worker, about 495 s with two).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts'],
          // Files share a worker and its loaded modules: importing the server's module graph anew
          // for each of 110 files took a quarter of the suite. Each file builds its own app on its
          // own database, and what a file changes in process.env it puts back (vi.stubEnv).
          isolate: false,
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
