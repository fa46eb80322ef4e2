#!/usr/bin/env node
// Measures the docs build (its usage, below, says how). Not a test: figures only.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { exitWithUsageError, readCommandLine } from '../../../tools/dev/command-line.mjs';

const { positionals } = readCommandLine({
  command: 'build-docs.mjs',
  usage: `usage: node bench/build-docs.mjs [<runs>]   (pnpm --filter @svc/docs bench)

Runs the docs build <runs> times (default 5) and prints the page size (raw and gzip), the
operations it documents and the build time (min / median / max). Figures only, no thresholds.
  -h, --help   show this help`,
  positionals: true,
});
const runs = Number(positionals[0] ?? 5);
if (positionals.length > 1 || !Number.isInteger(runs) || runs < 1) {
  exitWithUsageError(
    'build-docs.mjs',
    `<runs> must be one whole number from 1, not "${positionals.join(' ')}"`,
    'node bench/build-docs.mjs --help says more',
  );
}
const { buildDocs, htmlPath } = await import('../src/build-docs.js');
/** @type {number[]} */
const times = [];
let last;
for (let run = 0; run < runs; run += 1) {
  last = buildDocs();
  times.push(last.milliseconds);
}
times.sort((a, b) => a - b);
const html = readFileSync(htmlPath);
/** @param {number} bytes */
const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
process.stdout.write(
  [
    `page: ${htmlPath}`,
    `size: ${kib(html.length)} (${html.length} bytes), gzip ${kib(gzipSync(html).length)}`,
    `operations with code samples: ${last?.operations}`,
    `remote URLs replaced: ${last?.replaced.size}`,
    `build (${runs} runs, includes Redocly CLI start-up): min ${seconds(times[0] ?? 0)}, median ${seconds(
      times[Math.floor(times.length / 2)] ?? 0,
    )}, max ${seconds(times.at(-1) ?? 0)}`,
    '',
  ].join('\n'),
);
