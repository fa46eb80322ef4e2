#!/usr/bin/env node
// The `prepack` script of every published package (`node ../../tools/release-check/src/prepack.js`,
// run by pnpm from the package's directory before `pnpm pack` and `pnpm publish`): refuses to pack
// a package that is not built, so no tarball ever ships without dist/.
import { assertBuilt } from './require-built.js';

try {
  assertBuilt(process.cwd());
} catch (error) {
  process.stderr.write(`prepack: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
