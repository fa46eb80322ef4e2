#!/usr/bin/env node
// Entry point of the svc-sandbox command: runs the compiled CLI (dist/cli.js).
import { main } from '../dist/cli.js';

main(process.argv.slice(2)).catch((error) => {
  process.stderr.write(`svc-sandbox: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
