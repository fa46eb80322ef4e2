#!/usr/bin/env node
// Runs the pnpm version pinned in the root package.json ("packageManager"), so that `npm start`
// and `npm test` work on a machine that has only Node and npm. Uses an installed pnpm when it is
// the pinned version, otherwise `npx --yes pnpm@<version>` (from the npm registry; corepack is not
// used because its signature check fails on some machines).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { packageManager } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const match = /^pnpm@(\d+\.\d+\.\d+)$/.exec(packageManager ?? '');
if (!match) {
  process.stderr.write(
    `tools/dev/pnpm.mjs: package.json must pin "packageManager": "pnpm@x.y.z", found ${packageManager}\n`,
  );
  process.exit(2);
}
const pinned = match[1];
const shell = process.platform === 'win32';
const installed = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell });
const useInstalled = installed.status === 0 && installed.stdout.trim() === pinned;
const [command, prefix] = useInstalled ? ['pnpm', []] : ['npx', ['--yes', `pnpm@${pinned}`]];
const result = spawnSync(command, [...prefix, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', shell });
if (result.error) {
  process.stderr.write(`tools/dev/pnpm.mjs: could not run ${command}: ${result.error.message}\n`);
  process.exit(1);
}
process.exit(result.status ?? 1);
