import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // The README examples import the package by name, as an application would; run them on src/.
    alias: { '@svc/client': fileURLToPath(new URL('./src/index.ts', import.meta.url)) },
  },
  test: {
    include: ['test/**/*.test.ts'],
    // CI runs every package's tests at once on 2 cores; the packaging tests start processes.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
