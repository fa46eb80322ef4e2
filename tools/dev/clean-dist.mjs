#!/usr/bin/env node
// Removes the calling package's dist/ so a build never ships files of deleted sources.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { readCommandLine } from './command-line.mjs';

readCommandLine({
  command: 'clean-dist.mjs',
  usage: `usage: node ../../tools/dev/clean-dist.mjs   (in a package's directory, first in its build)

Removes dist/ of the current directory, so a build never ships files of deleted sources.
  -h, --help   show this help`,
});
rmSync(join(process.cwd(), 'dist'), { recursive: true, force: true });
