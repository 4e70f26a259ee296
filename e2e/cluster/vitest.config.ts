import { defineConfig } from 'vitest/config';

// The cluster journey (issue 14): the release build, PostgreSQL (DATABASE_URL), an S3-compatible
// server, HAProxy and Chromium; its steps build on each other, in order, in one file.
export default defineConfig({
  test: {
    name: 'cluster',
    root: import.meta.dirname,
    include: ['cluster.e2e.ts'],
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 300_000,
    expect: { poll: { timeout: 10_000 } },
  },
});
