import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Starting the mock (Prism) takes one to two seconds on a 2-core machine.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
