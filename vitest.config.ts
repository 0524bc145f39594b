import { defineConfig } from 'vitest/config';

// Playwright specs live in e2e/ and must not be collected here.
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scenarios/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['src/testing/setup.ts'],
    testTimeout: 60_000,
  },
});
