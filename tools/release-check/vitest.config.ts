import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each case creates a git repository; packing runs pnpm three times.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
