import { defineConfig } from 'vitest/config';

// Journeys in a real browser against the built product: one server, one file at a time.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['journeys/**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    // A person waits a few seconds for a page: below-the-fold sections of home render after the
    // first paint (after the video's first frame, at most 3 s), so a poll gets 10 s, not 1 s.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
  },
});
