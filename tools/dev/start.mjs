#!/usr/bin/env node
// `npm start`: installs the dependencies, builds every package (tools/dev/start-build.mjs, with
// progress), then serves the mock, the sandbox and the docs (tools/dev/platform.mjs). Plain JS: it
// runs before anything is built.
import { readCommandLine } from './command-line.mjs';
import { continueOnPinnedNode } from './node-runtime.mjs';
import { servePlatform } from './platform.mjs';
import { START_BUILD } from './start-build.mjs';
import { createSteps, StepFailed } from './steps.mjs';

const USAGE = `usage: npm start [-- [--mock-port 4010] [--sandbox-port 4020] [--docs-port 4030] [--reset]
                      [--start-time TIME] [--no-install]]

Installs the dependencies, builds, then serves the mock, the sandbox and the docs on 127.0.0.1.
  --mock-port <n>     port of the mock (default 4010; 0 picks a free one)
  --sandbox-port <n>  port of the sandbox (default 4020)
  --docs-port <n>     port of the HTML docs (default 4030)
  --reset             delete the sandbox's data (.svc-sandbox/) and seed the canonical world again;
                      clients added with \`npm run sandbox -- clients add\` stay
  --start-time <time> the sandbox's time at start, then running at the machine's pace
                      (2026-11-20T14:00:00Z, the day the spec's examples describe, or a date)
  --no-install        skip \`pnpm install\` (dependencies already installed)
  -h, --help          show this help
Ctrl+C stops all three.`;

const { values } = readCommandLine({
  command: 'npm start',
  usage: USAGE,
  helpCommand: 'npm start -- --help',
  options: {
    'mock-port': { type: 'string', default: '4010' },
    'sandbox-port': { type: 'string', default: '4020' },
    'docs-port': { type: 'string', default: '4030' },
    reset: { type: 'boolean', default: false },
    'start-time': { type: 'string' },
    'no-install': { type: 'boolean', default: false },
  },
});
for (const option of ['mock-port', 'sandbox-port', 'docs-port']) {
  if (!/^\d+$/.test(values[option]) || Number(values[option]) > 65535) {
    process.stderr.write(`npm start: --${option} must be a whole number from 0 to 65535, not "${values[option]}"\n`);
    process.exit(2);
  }
}

// The tools run on the pinned Node.js (devEngines.runtime): on an older line, fetch it once and
// run this script again on it (tools/dev/node-runtime.mjs).
await continueOnPinnedNode('npm start');

// Ctrl+C while installing or building: the tools stop by themselves (same process group); say so once.
let interrupted = false;
const onInterrupt = () => {
  interrupted = true;
};
process.on('SIGINT', onInterrupt);
process.on('SIGTERM', onInterrupt);

const steps = createSteps(values['no-install'] ? 2 : 3);
try {
  if (!values['no-install']) {
    await steps.install();
  }
  await steps.turbo('build the packages', START_BUILD);
} catch (error) {
  if (interrupted) {
    process.stdout.write('stopped\n');
    process.exit(130);
  }
  if (error instanceof StepFailed) {
    process.stderr.write(`npm start: ${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
process.off('SIGINT', onInterrupt);
process.off('SIGTERM', onInterrupt);
let code = 1;
await steps.other('start the servers', async () => {
  code = await servePlatform({
    mockPort: values['mock-port'],
    sandboxPort: values['sandbox-port'],
    docsPort: values['docs-port'],
    reset: values.reset,
    startTime: values['start-time'],
    started: steps.started,
  });
});
process.exit(code);
