#!/usr/bin/env node
// `npm test`: installs the dependencies, then lint, typecheck, build and test of every package
// through turbo (with progress: what runs, how much is done, the elapsed time), then the checks
// of generated files, changesets and the breaking-change gate. A green run fits one screen; a
// failed task prints its whole log. Plain JS: it runs before anything is built.
import { readCommandLine } from './command-line.mjs';
import { continueOnPinnedNode } from './node-runtime.mjs';
import { createSteps, StepFailed } from './steps.mjs';
import { clock } from './turbo-progress.mjs';

const USAGE = `usage: npm test [-- [--no-install] [--filter <turbo filter>]...]

Installs the dependencies, runs lint, typecheck, build and test of every package (turbo), then
checks the generated files, the changesets and the spec's breaking-change gate.
  --no-install         skip \`pnpm install\` (dependencies already installed)
  --filter <filter>    only these packages (turbo's --filter, repeatable); the checks after turbo still run
  -h, --help           show this help`;

const { values } = readCommandLine({
  command: 'npm test',
  usage: USAGE,
  helpCommand: 'npm test -- --help',
  options: {
    'no-install': { type: 'boolean', default: false },
    filter: { type: 'string', multiple: true, default: [] },
  },
});

// The tools run on the pinned Node.js (devEngines.runtime): on an older line, fetch it once and
// run this script again on it (tools/dev/node-runtime.mjs).
await continueOnPinnedNode('npm test');

const steps = createSteps(values['no-install'] ? 4 : 5);
try {
  if (!values['no-install']) {
    await steps.install();
  }
  await steps.turbo('lint, typecheck, build and test every package', [
    'lint',
    'typecheck',
    'build',
    'test',
    '--concurrency=3',
    ...values.filter.map((filter) => `--filter=${filter}`),
  ]);
  await steps.command('check the generated files', process.execPath, ['tools/check-generated/check-generated.mjs']);
  await steps.command('check the changesets', process.execPath, ['tools/release-check/src/cli.js', 'changesets']);
  await steps.command('rate the spec changes (breaking-change gate)', process.execPath, [
    'tools/release-check/src/cli.js',
    'spec-gate',
    '--summary',
  ]);
} catch (error) {
  if (error instanceof StepFailed) {
    process.stderr.write(`npm test: ${error.message} after ${clock(Date.now() - steps.started)}\n`);
    process.exit(error.exitCode || 1);
  }
  throw error;
}
process.stdout.write(`npm test: all green in ${clock(Date.now() - steps.started)}\n`);
