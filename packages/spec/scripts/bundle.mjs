// Bundles ../../spec/openapi.yaml into dist/: openapi.yaml, openapi.json and
// openapi.dereferenced.json (no $ref left), with Redocly CLI and the root redocly.yaml.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(packageDir, 'dist');
const config = join(packageDir, '..', '..', 'redocly.yaml');
const redocly = join(packageDir, 'node_modules', '.bin', 'redocly');

// Start from an empty dist/ so a build never ships files of deleted sources.
rmSync(distDir, { recursive: true, force: true });
mkdirSync(distDir, { recursive: true });

/** @param {string[]} args */
function bundle(args) {
  execFileSync(redocly, ['bundle', 'svc@v1', '--config', config, ...args], {
    cwd: packageDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
}

bundle(['--output', join(distDir, 'openapi.yaml')]);
bundle(['--output', join(distDir, 'openapi.json')]);
bundle(['--dereferenced', '--output', join(distDir, 'openapi.dereferenced.json')]);

// Redocly writes JSON on one line; pretty-print it so diffs and reviews are readable.
for (const file of ['openapi.json', 'openapi.dereferenced.json']) {
  const path = join(distDir, file);
  writeFileSync(path, `${JSON.stringify(JSON.parse(readFileSync(path, 'utf8')), null, 2)}\n`);
}
process.stdout.write(`bundled spec/openapi.yaml into ${distDir}\n`);
