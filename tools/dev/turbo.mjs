#!/usr/bin/env node
// `node tools/dev/turbo.mjs <args>`: turbo with its telemetry off (no banner on the first run,
// nothing sent), for the root package.json scripts.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { rootDir } from './root.mjs';
import { TURBO_ENV } from './turbo-progress.mjs';

const bin = join(rootDir, 'node_modules', '.bin', process.platform === 'win32' ? 'turbo.cmd' : 'turbo');
const result = spawnSync(bin, process.argv.slice(2), {
  stdio: 'inherit',
  env: TURBO_ENV,
  shell: process.platform === 'win32',
});
if (result.error) {
  process.stderr.write(`tools/dev/turbo.mjs: could not run turbo: ${result.error.message}\n`);
  process.exit(1);
}
process.exit(result.status ?? 1);
