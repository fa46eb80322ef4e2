import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Unpacking the packaged Chromium the first time takes a while on a slow disk.
    hookTimeout: 60_000,
    testTimeout: 60_000,
  },
});
