// Bundles the spec and its Arazzo workflows into dist/ (its usage, below, says how).
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCommandLine } from '../../../tools/dev/command-line.mjs';
import { runRedocly } from './redocly.mjs';

readCommandLine({
  command: 'bundle.mjs',
  usage: `usage: node scripts/bundle.mjs   (first step of pnpm --filter @svc/spec build)

Bundles spec/openapi.yaml into dist/ (openapi.yaml, openapi.json, openapi.dereferenced.json) with
Redocly CLI and the root redocly.yaml, and copies the Arazzo workflows of spec/workflows/ into
dist/workflows/, in YAML and JSON. Empties dist/ first.
  -h, --help   show this help`,
});

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(packageDir, 'dist');
const config = join(packageDir, '..', '..', 'redocly.yaml');

// Start from an empty dist/ so a build never ships files of deleted sources.
rmSync(distDir, { recursive: true, force: true });
mkdirSync(distDir, { recursive: true });

/** @param {string[]} args */
function bundle(args) {
  const status = runRedocly(['bundle', 'svc@v1', '--config', config, ...args], { stdout: 'ignore' });
  if (status !== 0) {
    throw new Error(`redocly bundle ${args.join(' ')} failed (exit ${status})`);
  }
}

bundle(['--output', join(distDir, 'openapi.yaml')]);
bundle(['--output', join(distDir, 'openapi.json')]);
bundle(['--dereferenced', '--output', join(distDir, 'openapi.dereferenced.json')]);

// Redocly writes JSON on one line; pretty-print it so diffs and reviews are readable.
for (const file of ['openapi.json', 'openapi.dereferenced.json']) {
  const path = join(distDir, file);
  writeFileSync(path, `${JSON.stringify(JSON.parse(readFileSync(path, 'utf8')), null, 2)}\n`);
}

const workflowsSource = join(packageDir, '..', '..', 'spec', 'workflows');
const workflowsDist = join(distDir, 'workflows');
mkdirSync(workflowsDist, { recursive: true });
const workflows = readdirSync(workflowsSource)
  .filter((name) => name.endsWith('.arazzo.yaml'))
  .sort();
for (const name of workflows) {
  copyFileSync(join(workflowsSource, name), join(workflowsDist, name));
}
// The JSON twins (`<name>.arazzo.json`), for tools that read JSON only.
const workflowsConfig = join(workflowsSource, 'redocly.yaml');
const workflowsArgs = workflows.map((name) => join(workflowsSource, name));
const status = runRedocly(
  ['bundle', ...workflowsArgs, '--config', workflowsConfig, '--ext', 'json', '--output', workflowsDist],
  { stdout: 'ignore' },
);
if (status !== 0) {
  throw new Error(`redocly bundle of the workflows failed (exit ${status})`);
}
for (const name of workflows) {
  const path = join(workflowsDist, name.replace(/\.yaml$/, '.json'));
  writeFileSync(path, `${JSON.stringify(JSON.parse(readFileSync(path, 'utf8')), null, 2)}\n`);
}
process.stdout.write(`bundled spec/openapi.yaml and ${workflows.length} workflow documents into ${distDir}\n`);
