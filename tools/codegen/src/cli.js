#!/usr/bin/env node
// svc-codegen client|server --out <dir>: writes the generated sources of @svc/client or of a server (@svc/sandbox).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { generateClient, generateServer } from './index.js';

const usage = 'usage: svc-codegen client|server --out <directory>';
const { positionals, values } = parseArgs({ allowPositionals: true, options: { out: { type: 'string' } } });
const generators = { client: generateClient, server: generateServer };
const target = positionals[0];
if ((target !== 'client' && target !== 'server') || !values.out) {
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
