// @ts-check
/**
 * What the client's types cost a consumer's type-check. Creates temporary strict consumer
 * projects that make one call, each with `skipLibCheck: false` and `true`, and runs `tsc
 * --extendedDiagnostics` on them:
 * - `@svc/client` with a named method (`client.itemPublicTokenExchange(...)`),
 * - `@svc/client` with the path-typed `client.POST(...)`,
 * - openapi-fetch alone over the same generated `paths` (the client's `schema.gen.d.ts`, copied
 *   into the project as `schema.d.ts`, as an openapi-fetch user would generate it),
 * - and, as the floor, a project that imports nothing (what checking the standard library costs).
 * Prints the median check and total time over RUNS (default 3) runs, and the type and
 * instantiation counts. Runs on dist/: `pnpm --filter @svc/client bench:types` builds first.
 */
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCommandLine } from '../../../tools/dev/command-line.mjs';

readCommandLine({
  command: 'types.mjs',
  usage: `usage: node bench/types.mjs   (in packages/client; pnpm --filter @svc/client bench:types builds first)

What the client's types cost a consumer's type-check: strict consumer projects making one call
(a named method, the path-typed client.POST, openapi-fetch alone, and a project importing
nothing), each with skipLibCheck false and true, checked by tsc --extendedDiagnostics. Prints the
median check and total time and the type and instantiation counts. Environment:
  RUNS   runs per project (default 3)
  -h, --help   show this help`,
});

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const runs = Number(process.env.RUNS ?? 3);
const tsc = join(packageDir, 'node_modules', 'typescript', 'lib', 'tsc.js');
const openapiFetchDir = realpathSync(join(packageDir, 'node_modules', 'openapi-fetch'));

/** The consumer programs, each one call. */
const consumers = {
  'baseline: no import': `export const token: string = 'public-sandbox-x';
`,
  '@svc/client named method': `import { createClient } from '@svc/client';
const client = createClient({ clientId: 'id', secret: 'secret', baseUrl: 'http://127.0.0.1:4010' });
const { access_token } = await client.itemPublicTokenExchange({ public_token: 'public-sandbox-x' });
export const token: string = access_token;
`,
  '@svc/client POST': `import { createClient } from '@svc/client';
const client = createClient({ clientId: 'id', secret: 'secret', baseUrl: 'http://127.0.0.1:4010' });
const { data } = await client.POST('/item/public_token/exchange', { body: { public_token: 'public-sandbox-x' } });
export const token: string | undefined = data?.access_token;
`,
  'openapi-fetch alone POST': `import createClient from 'openapi-fetch';
import type { paths } from './schema.js';
const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:4010' });
const { data } = await client.POST('/item/public_token/exchange', { body: { public_token: 'public-sandbox-x' } });
export const token: string | undefined = data?.access_token;
`,
};

/**
 * The package as a consumer installs it (package.json, dist/ and its dependencies), copied once
 * so that a rebuild running meanwhile cannot pull it away.
 */
function installedCopy(root) {
  const dir = join(root, 'svc-client');
  cpSync(join(packageDir, 'dist'), join(dir, 'dist'), { recursive: true });
  cpSync(join(packageDir, 'package.json'), join(dir, 'package.json'));
  const { dependencies = {} } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  for (const name of Object.keys(dependencies)) {
    mkdirSync(dirname(join(dir, 'node_modules', name)), { recursive: true });
    symlinkSync(realpathSync(join(packageDir, 'node_modules', name)), join(dir, 'node_modules', name), 'dir');
  }
  return dir;
}

/** Writes a consumer project and returns its directory. */
function consumerProject(root, installed, name, code, skipLibCheck) {
  const dir = join(root, `${name.replace(/\W+/g, '-')}-${skipLibCheck ? 'skip' : 'full'}`);
  mkdirSync(join(dir, 'node_modules', '@svc'), { recursive: true });
  symlinkSync(installed, join(dir, 'node_modules', '@svc', 'client'), 'dir');
  symlinkSync(openapiFetchDir, join(dir, 'node_modules', 'openapi-fetch'), 'dir');
  cpSync(join(installed, 'dist', 'generated', 'schema.gen.d.ts'), join(dir, 'schema.d.ts'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  writeFileSync(join(dir, 'index.ts'), code);
  const compilerOptions = {
    target: 'ES2022',
    lib: ['ES2023', 'DOM'],
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    noEmit: true,
    types: [],
    skipLibCheck,
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['index.ts'] }));
  return dir;
}

/** Runs tsc once in `dir`; fails on any type error. Returns the extended diagnostics. */
function typeCheck(dir) {
  let output;
  try {
    output = execFileSync(process.execPath, [tsc, '-p', dir, '--extendedDiagnostics'], { encoding: 'utf8' });
  } catch (error) {
    throw new Error(`tsc failed in ${dir}:\n${/** @type {{ stdout?: string }} */ (error).stdout ?? error}`);
  }
  const figure = (label) => {
    const match = new RegExp(`^${label}:\\s+([\\d.]+)`, 'm').exec(output);
    return match ? Number(match[1]) : Number.NaN;
  };
  return {
    check: figure('Check time'),
    total: figure('Total time'),
    types: figure('Types'),
    instantiations: figure('Instantiations'),
    lines: figure('Lines of Definitions'),
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const root = mkdtempSync(join(tmpdir(), 'svc-client-types-'));
try {
  const installed = installedCopy(root);
  const lines = [
    `Type-check cost of one call (${execFileSync(process.execPath, [tsc, '--version'], { encoding: 'utf8' }).trim()}, median of ${runs} runs; strict, NodeNext, lib ES2023 + DOM)`,
    '',
    `${'consumer'.padEnd(28)} ${'skipLibCheck'.padEnd(12)} ${'check s'.padStart(8)} ${'total s'.padStart(8)} ${'types'.padStart(8)} ${'instantiations'.padStart(15)} ${'d.ts lines'.padStart(11)}`,
  ];
  for (const [name, code] of Object.entries(consumers)) {
    for (const skipLibCheck of [false, true]) {
      const dir = consumerProject(root, installed, name, code, skipLibCheck);
      const samples = Array.from({ length: runs }, () => typeCheck(dir));
      const last = samples[samples.length - 1] ?? typeCheck(dir);
      lines.push(
        `${name.padEnd(28)} ${String(skipLibCheck).padEnd(12)} ${median(samples.map((s) => s.check))
          .toFixed(2)
          .padStart(8)} ${median(samples.map((s) => s.total))
          .toFixed(2)
          .padStart(
            8,
          )} ${String(last.types).padStart(8)} ${String(last.instantiations).padStart(15)} ${String(last.lines).padStart(11)}`,
      );
    }
  }
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
