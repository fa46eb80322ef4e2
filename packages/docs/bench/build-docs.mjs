#!/usr/bin/env node
// Measures the docs build: runs it several times and prints the page size (raw and gzip), the
// operations it documents and the build time (min / median / max). Not a test: figures only.
// usage: node bench/build-docs.mjs [runs, default 5]
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { buildDocs, htmlPath } from '../src/build-docs.js';

const runs = Number(process.argv[2] ?? 5);
if (!Number.isInteger(runs) || runs < 1) {
  process.stderr.write('usage: node bench/build-docs.mjs [runs]\n');
  process.exit(2);
}
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
