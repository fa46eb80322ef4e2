#!/usr/bin/env node
// svc-codegen client --out <dir>: writes the generated sources of @svc/client.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { generateClient } from './index.js';

const usage = 'usage: svc-codegen client --out <directory>';
const { positionals, values } = parseArgs({ allowPositionals: true, options: { out: { type: 'string' } } });
if (positionals[0] !== 'client' || !values.out) {
  process.stderr.write(`${usage}\n`);
  process.exit(2);
}
try {
  const written = await generateClient(resolve(values.out));
  process.stdout.write(`generated ${written.length} files: ${written.join(', ')}\n`);
} catch (error) {
  process.stderr.write(`svc-codegen: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
