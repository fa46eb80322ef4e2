#!/usr/bin/env node
// `node tools/dev/turbo.mjs <args>`: turbo with its telemetry off (no banner on the first run,
// nothing sent), for the root package.json scripts.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { passThroughArguments } from './command-line.mjs';
import { continueOnPinnedNode } from './node-runtime.mjs';
import { rootDir } from './root.mjs';
import { TURBO_ENV } from './turbo-progress.mjs';

const USAGE = `usage: node tools/dev/turbo.mjs <turbo arguments>

Runs the repository's turbo with its telemetry off (no banner on the first run, nothing sent), for
the root package.json scripts (build, generate, lint, docs): node tools/dev/turbo.mjs run build.
Every argument goes to turbo; turbo's own help: node tools/dev/turbo.mjs run --help.
  -h, --help   alone: show this help`;

const args = passThroughArguments(USAGE);
// The tools run on the pinned Node.js, as in npm test (tools/dev/node-runtime.mjs).
await continueOnPinnedNode('tools/dev/turbo.mjs');
const bin = join(rootDir, 'node_modules', '.bin', process.platform === 'win32' ? 'turbo.cmd' : 'turbo');
const result = spawnSync(bin, args, {
  stdio: 'inherit',
  env: TURBO_ENV,
  shell: process.platform === 'win32',
});
if (result.error) {
  process.stderr.write(`tools/dev/turbo.mjs: could not run turbo: ${result.error.message}\n`);
  process.exit(1);
}
process.exit(result.status ?? 1);
