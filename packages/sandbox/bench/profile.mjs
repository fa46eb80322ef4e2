#!/usr/bin/env node
// Where the sandbox's CPU goes per request kind (its usage, below, says more).
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCommandLine } from '../../../tools/dev/command-line.mjs';

readCommandLine({
  command: 'profile.mjs',
  usage: `usage: node bench/profile.mjs   (in packages/sandbox, after a build; pnpm --filter @svc/sandbox bench:profile)

CPU profile of the sandbox per request kind: for each of a SQLite read, a SQLite write, a
PostgreSQL read and a PostgreSQL write (the load benchmark's /auth/get, and
/transfer/authorization/create then /transfer/create), a fresh sandbox runs under
\`node --cpu-prof\` while the load (10 connections, PROFILE_DURATION_S seconds, default 5, after
1 s of warm-up) runs against it; then it prints the sampled CPU time per request, by where it
went: the sandbox's own modules (by file), its dependencies (by package), Node's internals (by
module) and the garbage collector, the largest PROFILE_TOP (default 15) of each kind.
PROFILE_KINDS (default \`sqlite-read,sqlite-write,pg-read,pg-write\`) picks the kinds; the
PostgreSQL ones start an embedded PostgreSQL. Traffic only to loopback; prints, asserts nothing.
  -h, --help   show this help`,
});
const { startBenchPostgres } = await import('./bench-postgres.mjs');
const { readScenario, writeScenario } = await import('./bench-scenarios.mjs');
const { spawnServer, stopServer } = await import('./bench-servers.mjs');

const DURATION_S = Number(process.env.PROFILE_DURATION_S ?? 5);
const TOP = Number(process.env.PROFILE_TOP ?? 15);
const KINDS = (process.env.PROFILE_KINDS ?? 'sqlite-read,sqlite-write,pg-read,pg-write').split(',');
const SANDBOX_BIN = fileURLToPath(new URL('../bin/svc-sandbox.js', import.meta.url));
const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Where a profile node's self time is counted: a file of the sandbox or of a workspace package, a
 * dependency's package, a Node internal module, or a pseudo node ((garbage collector), (program)).
 * @param {{ url: string, functionName: string }} frame
 */
function placeOf(frame) {
  const { url, functionName } = frame;
  if (!url) {
    return functionName.startsWith('(') ? functionName : `(native ${functionName || 'code'})`;
  }
  if (url.startsWith('node:')) {
    return url;
  }
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  const inModules = path.lastIndexOf('/node_modules/');
  if (inModules >= 0) {
    const rest = path.slice(inModules + '/node_modules/'.length).split('/');
    const name = rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    return `dependency ${name}`;
  }
  return relative(REPOSITORY, path);
}

/**
 * From the `.cpuprofile` at `file`, without idle time: the self time (µs) of each place, and the
 * inclusive time (µs, itself and what it calls) of each function of the repository's own code
 * (`file:function`), each sample counted once per function on its stack.
 * @param {string} file
 */
function profileTimes(file) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) {
      parentOf.set(child, node);
    }
  }
  /** @type {Map<string, number>} */
  const self = new Map();
  /** @type {Map<string, number>} */
  const inclusive = new Map();
  const add = (map, key, micros) => map.set(key, (map.get(key) ?? 0) + micros);
  for (let index = 0; index < profile.samples.length; index++) {
    const node = byId.get(profile.samples[index]);
    const place = placeOf(node.callFrame);
    if (place === '(idle)') {
      continue;
    }
    const micros = profile.timeDeltas[index] ?? 0;
    add(self, place, micros);
    const seen = new Set();
    for (let frame = node; frame; frame = parentOf.get(frame.id)) {
      const at = placeOf(frame.callFrame);
      if (!at.startsWith('packages/')) {
        continue;
      }
      const key = `${at.replace(/^packages\/([^/]+)\/dist\//, '$1 ')} ${frame.callFrame.functionName || '(anonymous)'}`;
      if (!seen.has(key)) {
        seen.add(key);
        add(inclusive, key, micros);
      }
    }
  }
  return { self, inclusive };
}

/**
 * Profiles `kind` on a fresh sandbox: resolves with its self times per place and the requests the
 * profiled load made.
 */
async function profileKind(kind, temp, postgresUrl) {
  const [engine, load] = kind.split('-');
  const profileDir = join(temp, `profile-${kind}`);
  const storeArgs = engine === 'pg' ? ['--database-url', postgresUrl] : ['--data-dir', join(temp, `sqlite-${kind}`)];
  const server = await spawnServer(`sandbox (${kind})`, [
    '--cpu-prof',
    '--cpu-prof-dir',
    profileDir,
    SANDBOX_BIN,
    '--port',
    '0',
    ...storeArgs,
    '--quiet',
    '--rate-limit',
    'off',
  ]);
  const scenario = load === 'read' ? readScenario : writeScenario;
  try {
    await scenario(server.url, 10, 1);
    const result = await scenario(server.url, 10, DURATION_S);
    return { requests: result['2xx'] + result.non2xx, profileDir };
  } finally {
    await stopServer(server);
  }
}

/** The largest {@link TOP} entries of `times` with their µs per request and share of `total`. */
function topRows(label, times, requests, total) {
  return [...times.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([key, micros]) => ({
      [label]: key,
      'µs/req': Number((micros / requests).toFixed(1)),
      share: `${((micros / total) * 100).toFixed(1)} %`,
    }));
}

/** Prints where the CPU of `kind` went: self time by place, inclusive time by own function. */
function printKind(kind, requests, { self, inclusive }) {
  const total = [...self.values()].reduce((sum, value) => sum + value, 0);
  process.stdout.write(
    `\n${kind}: ${requests} requests, ${Math.round(total / requests)} µs of sampled CPU per request (idle left out); self time by place\n`,
  );
  // biome-ignore lint/suspicious/noConsole: the output is this table.
  console.table(topRows('place', self, requests, total));
  process.stdout.write(`${kind}: inclusive time of the workspace's own functions\n`);
  // biome-ignore lint/suspicious/noConsole: the output is this table.
  console.table(topRows('function', inclusive, requests, total));
}

async function main() {
  const temp = mkdtempSync(join(tmpdir(), 'svc-sandbox-profile-'));
  chmodSync(temp, 0o777); // embedded PostgreSQL runs as another user when started as root
  const postgres = KINDS.some((kind) => kind.startsWith('pg-')) ? await startBenchPostgres(temp) : undefined;
  try {
    for (const kind of KINDS) {
      const { requests, profileDir } = await profileKind(kind, temp, postgres?.url);
      const [file] = readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
      if (file === undefined) {
        throw new Error(`${kind}: the sandbox wrote no profile`);
      }
      printKind(kind, requests, profileTimes(join(profileDir, file)));
    }
  } finally {
    await postgres?.stop();
    rmSync(temp, { recursive: true, force: true });
  }
}

await main();
