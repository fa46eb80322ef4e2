#!/usr/bin/env node
// Fails (in CI) when generated sources differ from what is committed. Run it after the
// generators (`pnpm generate`, part of `pnpm test`): any change or new file under a package's
// src/generated/ means the committed output is stale.
import { spawnSync } from 'node:child_process';
import { readCommandLine } from '../dev/command-line.mjs';

readCommandLine({
  command: 'check-generated',
  usage: `usage: node tools/check-generated/check-generated.mjs   (after pnpm generate; in npm test)

Fails (exit 1, with CI set) when a generated source under packages/*/src/generated/ differs from
the committed one or is new: the spec or a generator changed without the output being
regenerated and committed. Outside CI it reports the files without failing.
  -h, --help   show this help`,
});

const GENERATED = [':(glob)packages/*/src/generated/**'];
const status = spawnSync('git', ['status', '--porcelain', '--untracked-files=all', '--', ...GENERATED], {
  encoding: 'utf8',
});
if (status.status !== 0) {
  process.stderr.write(`check-generated: git status failed: ${status.stderr || status.error?.message}\n`);
  process.exit(2);
}
const changed = status.stdout.trim();
if (changed === '') {
  process.stdout.write('check-generated: generated sources match the committed ones.\n');
  process.exit(0);
}
const message = [
  'check-generated: generated sources differ from the committed ones:',
  changed,
  '',
  'The spec or a generator changed without the generated files being regenerated and committed.',
  'Fix: pnpm generate && git add packages/*/src/generated && git commit',
  '',
].join('\n');
if (process.env.CI) {
  process.stderr.write(message);
  process.exit(1);
}
process.stderr.write(`${message}(not failing outside CI; commit the regenerated files before you push)\n`);
