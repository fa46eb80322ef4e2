#!/usr/bin/env node
// Runs the pnpm version pinned in the root package.json ("packageManager"), so that `npm start`
// and `npm test` work on a machine that has only Node and npm. Uses an installed pnpm when it is
// the pinned version, otherwise `npx --yes pnpm@<version>` (from the npm registry; corepack is not
// used because its signature check fails on some machines). `node tools/dev/pnpm.mjs <args>` runs
// it with those arguments; the scripts of tools/dev import `pnpmCommand`.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { passThroughArguments } from './command-line.mjs';
import { rootDir } from './root.mjs';

const shell = process.platform === 'win32';

/**
 * The command and leading arguments that run the pinned pnpm.
 * @returns {{ command: string, prefix: string[], shell: boolean }}
 */
export function pnpmCommand() {
  const { packageManager } = JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8'));
  const match = /^pnpm@(\d+\.\d+\.\d+)$/.exec(packageManager ?? '');
  if (!match) {
    throw new Error(`package.json must pin "packageManager": "pnpm@x.y.z", found ${packageManager}`);
  }
  const pinned = match[1];
  const installed = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell });
  const useInstalled = installed.status === 0 && installed.stdout.trim() === pinned;
  return useInstalled
    ? { command: 'pnpm', prefix: [], shell }
    : { command: 'npx', prefix: ['--yes', `pnpm@${pinned}`], shell };
}

const USAGE = `usage: node tools/dev/pnpm.mjs <pnpm arguments>

Runs the pnpm version pinned in the root package.json ("packageManager") in the repository root:
the installed pnpm when it is that version, otherwise npx --yes pnpm@<version>. Every argument goes
to pnpm; pnpm's own help: node tools/dev/pnpm.mjs help.
  -h, --help   alone: show this help`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = passThroughArguments(USAGE);
  let pnpm;
  try {
    pnpm = pnpmCommand();
  } catch (error) {
    process.stderr.write(`tools/dev/pnpm.mjs: ${error.message}\n`);
    process.exit(2);
  }
  const result = spawnSync(pnpm.command, [...pnpm.prefix, ...args], {
    cwd: rootDir,
    stdio: 'inherit',
    shell: pnpm.shell,
  });
  if (result.error) {
    process.stderr.write(`tools/dev/pnpm.mjs: could not run ${pnpm.command}: ${result.error.message}\n`);
    process.exit(1);
  }
  process.exit(result.status ?? 1);
}
