#!/usr/bin/env node
// `npm start`: serves the mock, the sandbox (SQLite in .svc-sandbox/) and the HTML docs together,
// each in its own process, with its output prefixed by its name. Ctrl+C (or SIGTERM) stops all
// three gracefully; if one fails to start, the others are stopped and the exit code is non-zero.
// Plain JS (no build step): it only starts the packages' own commands.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({
  options: {
    'mock-port': { type: 'string', default: '4010' },
    'sandbox-port': { type: 'string', default: '4020' },
    'docs-port': { type: 'string', default: '4030' },
    reset: { type: 'boolean', default: false },
  },
});

const servers = [
  { name: 'mock', args: ['packages/mock/bin/svc-mock.js', '--port', values['mock-port'], '--quiet'] },
  {
    name: 'sandbox',
    args: [
      'packages/sandbox/bin/svc-sandbox.js',
      '--port',
      values['sandbox-port'],
      ...(values.reset ? ['--reset'] : []),
    ],
  },
  { name: 'docs', args: ['packages/docs/bin/svc-docs.js', 'serve', '--port', values['docs-port']] },
];

let stopping = false;
let failed = false;
const children = servers.map(({ name, args }) => {
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${name}]`.padEnd(10);
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        process.stdout.write(`${prefix}${line}\n`);
      }
    });
  }
  child.once('exit', (code, signal) => {
    if (!stopping) {
      failed = true;
      process.stdout.write(`${prefix}stopped (${signal ?? `exit code ${code}`}); stopping the others\n`);
      stopAll('SIGTERM');
    }
  });
  return child;
});

function stopAll(signal) {
  stopping = true;
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
    }
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => stopAll('SIGTERM'));
}

await Promise.all(
  children.map((child) =>
    child.exitCode !== null ? undefined : new Promise((resolve) => child.once('exit', resolve)),
  ),
);
process.exit(failed ? 1 : 0);
