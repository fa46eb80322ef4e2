import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    globalSetup: ['test/start-mock.ts'],
    // The render test starts @svc/mock (Prism's engine): one to two seconds on a busy 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
