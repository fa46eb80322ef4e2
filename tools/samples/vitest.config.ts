import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each sample is a process (curl or node) against servers in this process, on 2 shared cores.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
