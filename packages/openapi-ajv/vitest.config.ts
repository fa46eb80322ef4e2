import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // CI runs every package's tests at once on 2 cores: tests that start processes or servers
    // need far more than vitest's 5 s default there.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
