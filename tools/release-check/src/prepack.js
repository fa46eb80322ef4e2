#!/usr/bin/env node
// The `prepack` script of every published package (`node ../../tools/release-check/src/prepack.js`,
// run by pnpm from the package's directory before `pnpm pack` and `pnpm publish`): refuses to pack
// a package that is not built, so no tarball ever ships without dist/.
import { readCommandLine } from '../../dev/command-line.mjs';
import { assertBuilt } from './require-built.js';

readCommandLine({
  command: 'prepack',
  usage: `usage: node ../../tools/release-check/src/prepack.js   (a published package's prepack script)

Run by pnpm from a package's directory before \`pnpm pack\` and \`pnpm publish\`: fails, naming the
missing exports/bin targets and the build command, when the package is not built.
  -h, --help   show this help`,
});

try {
  assertBuilt(process.cwd());
} catch (error) {
  process.stderr.write(`prepack: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
