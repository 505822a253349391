import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Browser tests start Chromium; two cores do not fit more than two at once.
    maxWorkers: 2,
  },
});
