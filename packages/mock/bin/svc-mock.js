#!/usr/bin/env node
import { main } from '../dist/cli.js';

main(process.argv.slice(2)).catch((error) => {
  process.stderr.write(`svc-mock: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
