import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each case lints a full copy of the spec with the Redocly CLI: 1 to 3 s on a 2-core machine,
    // more while other turbo tasks run beside it.
    testTimeout: 60_000,
  },
});
