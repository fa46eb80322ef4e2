#!/usr/bin/env node
// svc-codegen client|server|errors --out <dir>: writes the generated sources of @svc/client, of a server
// (@svc/sandbox), or the error catalogue (error-catalogue.gen.ts, for @svc/client and @svc/server-kit).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { generateClient, generateErrors, generateServer } from './index.js';

const usage = 'usage: svc-codegen client|server|errors --out <directory>';
const { positionals, values } = parseArgs({ allowPositionals: true, options: { out: { type: 'string' } } });
const generators = { client: generateClient, server: generateServer, errors: generateErrors };
const target = positionals[0];
if ((target !== 'client' && target !== 'server' && target !== 'errors') || !values.out) {
  process.stderr.write(`${usage}\n`);
  process.exit(2);
}
try {
  const written = await generators[target](resolve(values.out));
  process.stdout.write(`generated ${written.length} files: ${written.join(', ')}\n`);
} catch (error) {
  process.stderr.write(`svc-codegen: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
