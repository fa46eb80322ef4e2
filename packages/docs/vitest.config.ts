import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The browser test starts Chromium and walks the page; the samples test runs tsc.
    hookTimeout: 60_000,
    testTimeout: 60_000,
  },
});
