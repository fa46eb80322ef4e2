#!/usr/bin/env node
// Renders spec/errors/sandbox-reachability.yaml as the table of spec/README.md (its usage, below,
// says how). Plain JS: it runs before anything is built.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { readCommandLine } from '../../../tools/dev/command-line.mjs';

const START = '<!-- sandbox-reachability:start (generated from errors/sandbox-reachability.yaml, do not edit) -->';
const END = '<!-- sandbox-reachability:end -->';
const specDir = fileURLToPath(new URL('../../../spec/', import.meta.url));

/**
 * @typedef {{ code: string, type: string, reachable: boolean, how?: string, why?: string, proof?: string }} ReachabilityEntry
 */

/**
 * One table row per entry: the code, its type, and how to reach it or why it cannot be reached.
 * @param {ReachabilityEntry[]} entries
 * @returns {string}
 */
export function renderReachabilityTable(entries) {
  /** @param {unknown} text */
  const cell = (text) => String(text).replaceAll('|', '\\|').replaceAll('\n', ' ');
  const rows = entries.map(
    (entry) =>
      `| \`${entry.code}\` | \`${entry.type}\` | ${entry.reachable ? cell(entry.how) : `not reachable: ${cell(entry.why)}`} |`,
  );
  return ['| error_code | error_type | how to get it in the sandbox |', '|---|---|---|', ...rows].join('\n');
}

/**
 * `readme` with the text between the markers replaced by the table of `entries`.
 * @param {string} readme
 * @param {ReachabilityEntry[]} entries
 * @returns {string}
 */
export function withReachabilityTable(readme, entries) {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) {
    throw new Error(`spec/README.md has no "${START}" … "${END}" section`);
  }
  return `${readme.slice(0, start + START.length)}\n${renderReachabilityTable(entries)}\n${readme.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = readCommandLine({
    command: 'reachability-table.mjs',
    usage: `usage: node scripts/reachability-table.mjs [--check]   (pnpm --filter @svc/spec reachability)

Renders spec/errors/sandbox-reachability.yaml as the table of spec/README.md ("Errors in the
sandbox"), between its two markers.
  --check      write nothing; exit 1 when the README's table is not what this would write
  -h, --help   show this help`,
    options: { check: { type: 'boolean', default: false } },
  });
  const entries = parse(readFileSync(`${specDir}errors/sandbox-reachability.yaml`, 'utf8')).codes;
  const readmePath = `${specDir}README.md`;
  const readme = readFileSync(readmePath, 'utf8');
  const wanted = withReachabilityTable(readme, entries);
  if (values.check) {
    if (wanted !== readme) {
      process.stderr.write(
        'spec/README.md: the sandbox reachability table is out of date; run pnpm --filter @svc/spec reachability\n',
      );
      process.exit(1);
    }
  } else if (wanted !== readme) {
    writeFileSync(readmePath, wanted);
    process.stdout.write('wrote the sandbox reachability table into spec/README.md\n');
  }
}
