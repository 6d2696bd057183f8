import { defineConfig } from 'vitest/config';

// Browser end-to-end tests: the real server on a fresh database, driven through Debian's Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser and one server on a 2-core machine: files run one after another.
    fileParallelism: false,
  },
});
