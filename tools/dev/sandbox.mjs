#!/usr/bin/env node
// `npm run sandbox -- <svc-sandbox arguments>`: the sandbox's command (`svc-sandbox`) from the
// repository root, on the data `npm start` serves. In this repository the sandbox is a workspace
// package, so `npx svc-sandbox` at the root finds nothing to run (npx asks the registry), and
// run from packages/sandbox it would use another `.svc-sandbox/`. This runs the built command from
// the root with `--data-dir` set to npm start's (SANDBOX_DATA_DIR) unless a store option is given,
// so `npm run sandbox -- clients add --name "My app"` adds a client the running sandbox accepts.
// Plain JS: it runs the built package, nothing to build itself.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { continueOnPinnedNode } from './node-runtime.mjs';
import { rootDir } from './root.mjs';
import { SANDBOX_DATA_DIR, sandboxArguments } from './sandbox-data.mjs';

const BIN = join(rootDir, 'packages', 'sandbox', 'bin', 'svc-sandbox.js');
const BUILT = join(rootDir, 'packages', 'sandbox', 'dist', 'cli.js');
const USAGE = `usage: npm run sandbox -- [svc-sandbox arguments]

Runs the sandbox's command (svc-sandbox) from the repository root, on the data npm start serves
(--data-dir ${SANDBOX_DATA_DIR}, unless you give --data-dir, --memory or --database-url):
  npm run sandbox -- clients add --name "My app"   a client the running sandbox accepts
  npm run sandbox -- clients list                  the clients of that data
  npm run sandbox -- --port 5020                   the sandbox alone
It needs the built sandbox (npm start builds it). Once built, npm run sandbox -- --help shows
every svc-sandbox option.`;

const args = process.argv.slice(2);
if (!existsSync(BUILT)) {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  process.stderr.write(
    `npm run sandbox: the sandbox is not built (${BUILT} is missing); run npm start once, or npm run build\n`,
  );
  process.exit(1);
}
// better-sqlite3 is built for the pinned Node.js that npm start runs on (tools/dev/node-runtime.mjs).
await continueOnPinnedNode('npm run sandbox');
const child = spawn(process.execPath, [BIN, ...sandboxArguments(args)], { cwd: rootDir, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
