#!/usr/bin/env node
// Runs after `tsc` in `build`. The client's sources take the API's types from `@svc/spec/types`
// (generated once, in @svc/spec); the published client ships them in dist/ instead, so it keeps no
// runtime dependency (a browser app does not install the 2 MB spec for its types). Copies the
// declarations of `@svc/spec/types` to dist/generated/schema.gen.d.ts and points every
// declaration file of dist/ at that copy. The .js files have nothing to rewrite: type imports are
// erased.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { readCommandLine } from '../../../tools/dev/command-line.mjs';

readCommandLine({
  command: 'inline-spec-types.mjs',
  usage: `usage: node scripts/inline-spec-types.mjs   (in packages/client, last step of its build, after tsc)

Copies the declarations of @svc/spec/types to dist/generated/schema.gen.d.ts and points every
declaration file of dist/ at that copy, so the published client keeps no runtime dependency on
@svc/spec.
  -h, --help   show this help`,
});

const SPECIFIER = '@svc/spec/types';
const dist = join(process.cwd(), 'dist');
const copy = join(dist, 'generated', 'schema.gen.d.ts');

const specPackage = createRequire(join(process.cwd(), 'package.json')).resolve('@svc/spec/package.json');
const { exports } = JSON.parse(readFileSync(specPackage, 'utf8'));
mkdirSync(dirname(copy), { recursive: true });
copyFileSync(join(dirname(specPackage), exports['./types'].types), copy);

let rewritten = 0;
for (const name of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
  const file = join(dist, name);
  if (!name.endsWith('.d.ts') || file === copy) {
    continue;
  }
  const source = readFileSync(file, 'utf8');
  if (!source.includes(`'${SPECIFIER}'`)) {
    continue;
  }
  let target = relative(dirname(file), copy)
    .split(sep)
    .join('/')
    .replace(/\.d\.ts$/, '.js');
  target = target.startsWith('.') ? target : `./${target}`;
  writeFileSync(file, source.replaceAll(`'${SPECIFIER}'`, `'${target}'`));
  rewritten += 1;
}
process.stdout.write(
  `inline-spec-types: ${SPECIFIER} copied to dist/generated/schema.gen.d.ts, ${rewritten} files point at it\n`,
);
