#!/usr/bin/env node
// svc-codegen spec|client|server|errors --out <dir>: writes the generated sources of @svc/spec (the API's
// types and header names, from the document given with --spec), of @svc/client, of a server
// (@svc/sandbox), the error catalogue (error-catalogue.gen.ts) or the header names (headers.gen.ts), both
// for @svc/server-kit.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { generateClient, generateErrors, generateHeaders, generateServer, generateSpecTypes } from './index.js';

const usage =
  'usage: svc-codegen spec --spec <openapi.json> --out <directory> | svc-codegen client|server|errors|headers --out <directory>';
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { out: { type: 'string' }, spec: { type: 'string' } },
});
/** @type {Record<string, (outDir: string) => Promise<string[]>>} */
const generators = {
  spec: (outDir) => generateSpecTypes(outDir, resolve(String(values.spec))),
  client: generateClient,
  server: generateServer,
  errors: generateErrors,
  headers: generateHeaders,
};
const target = positionals[0] ?? '';
const generate = Object.hasOwn(generators, target) ? generators[target] : undefined;
if (!generate || !values.out || (target === 'spec') !== Boolean(values.spec)) {
  process.stderr.write(`${usage}\n`);
  process.exit(2);
}
try {
  const written = await generate(resolve(values.out));
  process.stdout.write(`generated ${written.length} files: ${written.join(', ')}\n`);
} catch (error) {
  process.stderr.write(`svc-codegen: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
