// @ts-check
/**
 * Per-call overhead of @svc/client against bare openapi-fetch and raw fetch, on an in-process
 * fake fetch (no network, so only client-side work is measured), and the client's
 * minified + gzipped size. `pnpm --filter @svc/client bench` builds dist/, then runs this.
 *
 * Options: ITERATIONS (default 20000) calls per case, split over ROUNDS (default 10) rounds that
 * interleave the cases; each figure is the median round, which damps noise from other processes.
 * The ratios are taken round by round (each case against the raw fetch of the same round), then
 * their median: a process slows down as it runs (its heap grows) and the machine's load moves,
 * and both move a case and the raw fetch it is compared with alike.
 * CLOCK=cpu measures the CPU time of this process (user + system) instead of the wall clock: on a
 * machine shared with other jobs the wall clock also counts the time spent waiting for a core.
 * COMPARE_DIST=<dir>: also measures another build of the package (a copy of an earlier `dist/`,
 * for before/after figures from one run), its calls and its sizes.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readCommandLine } from '../../../tools/dev/command-line.mjs';

readCommandLine({
  command: 'overhead.mjs',
  usage: `usage: node bench/overhead.mjs   (in packages/client; pnpm --filter @svc/client bench builds first)

Per-call overhead of @svc/client against bare openapi-fetch and raw fetch, on an in-process fake
fetch (no network), and the client's minified + gzipped size. Environment:
  ITERATIONS     calls per case (default 20000), split over ROUNDS rounds that interleave the cases
  ROUNDS         rounds (default 10); each figure is the median round
  CLOCK=cpu      measure this process's CPU time (user + system) instead of the wall clock
  COMPARE_DIST   another build's dist/ directory, measured too (before/after figures from one run)
  -h, --help   show this help`,
});
// What needs a build is imported once the command line is read, so that --help needs none.
const { EXAMPLE_CREDENTIALS } = await import('@svc/spec/examples');
const { default: createFetchClient } = await import('openapi-fetch');
const { createClient, HEADERS } = await import('../dist/index.js');
const { bundleSize, SIZE_CASES } = await import('./bundle-size.mjs');

const compareDist = process.env.COMPARE_DIST ? resolve(process.env.COMPARE_DIST) : undefined;
/** @type {typeof createClient | undefined} */
const createCompared = compareDist
  ? (await import(pathToFileURL(resolve(compareDist, 'index.js')).href)).createClient
  : undefined;

const iterations = Number(process.env.ITERATIONS ?? 20_000);
const rounds = Number(process.env.ROUNDS ?? 10);
const warmup = 2_000;
const baseUrl = 'http://127.0.0.1:1';
const responseText = JSON.stringify({
  transfer: { id: '460cbe92-2dcc-8eae-5ad6-b37d0ec90fd9', amount: '12.34', status: 'pending', type: 'debit' },
  request_id: 'X9fgMi1ollvYXTl',
});
const body = { transfer_id: '460cbe92-2dcc-8eae-5ad6-b37d0ec90fd9' };
const credentials = EXAMPLE_CREDENTIALS;

/** The fake server: answers every request with the same JSON, without reading the request. */
const fakeFetch = async (/** @type {Request} */ _request) =>
  new Response(responseText, { status: 200, headers: { 'Content-Type': 'application/json' } });

const openapiFetch = createFetchClient({ baseUrl, fetch: fakeFetch });
const svc = createClient({ ...credentials, baseUrl, fetch: fakeFetch });

/** @type {[string, () => Promise<unknown>][]} */
const cases = [
  [
    'raw fetch (Request + JSON body + json())',
    async () => {
      const request = new Request(`${baseUrl}/transfer/get`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          [HEADERS.clientId]: credentials.clientId,
          [HEADERS.secret]: credentials.secret,
        },
        body: JSON.stringify(body),
      });
      return (await fakeFetch(request)).json();
    },
  ],
  [
    'raw fetch + AbortSignal.timeout',
    async () => {
      const request = new Request(`${baseUrl}/transfer/get`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          [HEADERS.clientId]: credentials.clientId,
          [HEADERS.secret]: credentials.secret,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(60_000),
      });
      return (await fakeFetch(request)).json();
    },
  ],
  [
    // The least a time limit that aborts the request costs: one AbortController and one timer.
    'raw fetch + AbortController + setTimeout',
    async () => {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), 60_000);
      const request = new Request(`${baseUrl}/transfer/get`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'SVC-CLIENT-ID': credentials.clientId,
          'SVC-SECRET': credentials.secret,
        },
        body: JSON.stringify(body),
        signal: controller.signal,
      });
      try {
        return await (await fakeFetch(request)).json();
      } finally {
        clearTimeout(timer);
      }
    },
  ],
  ['bare openapi-fetch POST', () => openapiFetch.POST('/transfer/get', { body })],
  ['@svc/client POST (path-typed)', () => svc.POST('/transfer/get', { body })],
  ['@svc/client transferGet (named method)', () => svc.transferGet(body)],
  ['@svc/client transferGet, timeoutMs Infinity', () => svc.transferGet(body, { timeoutMs: Number.POSITIVE_INFINITY })],
];
if (createCompared) {
  const compared = createCompared({ ...credentials, baseUrl, fetch: fakeFetch });
  cases.push(
    ['COMPARE_DIST POST (path-typed)', () => compared.POST('/transfer/get', { body })],
    ['COMPARE_DIST transferGet (named method)', () => compared.transferGet(body)],
  );
}

const cpuClock = process.env.CLOCK === 'cpu';
/** Microseconds now, by the chosen clock. */
const now = () => {
  if (cpuClock) {
    const { user, system } = process.cpuUsage();
    return user + system;
  }
  return Number(process.hrtime.bigint()) / 1000;
};

/** Mean microseconds per call of `fn` over `count` sequential calls. */
async function measure(/** @type {() => Promise<unknown>} */ fn, /** @type {number} */ count) {
  const start = now();
  for (let i = 0; i < count; i++) {
    await fn();
  }
  return (now() - start) / count;
}

for (const [, fn] of cases) {
  await measure(fn, warmup);
}
/** @type {number[][]} */
const samples = cases.map(() => []);
for (let round = 0; round < rounds; round++) {
  for (const [index, [, fn]] of cases.entries()) {
    samples[index]?.push(await measure(fn, Math.ceil(iterations / rounds)));
  }
}
/** The median of `values`. */
const median = (/** @type {number[]} */ values) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
/** The median, over the rounds, of each round's figure of case `index` divided by that of case `base`. */
const ratio = (/** @type {number} */ index, /** @type {number} */ base) =>
  median((samples[index] ?? []).map((micros, round) => micros / (samples[base]?.[round] ?? Number.NaN)));
/** Where the baselines stand in `cases`: the raw fetch, the raw fetch with a time limit, bare openapi-fetch. */
const RAW = 0;
const RAW_TIMED = 1;
const BARE = 3;
const results = cases.map(([name], index) => ({ name, micros: median(samples[index] ?? []) }));
const raw = results[RAW];
const bare = results[BARE];
const lines = [
  `@svc/client per-call overhead (Node ${process.version}, ${iterations} sequential calls per case in ${rounds} rounds; µs: the median round; ratios: the median of each round's ratio; in-process fake fetch; ${cpuClock ? 'CPU time' : 'wall clock'})`,
  '',
  `${'case'.padEnd(42)} ${'µs/call'.padStart(9)} ${'vs raw fetch'.padStart(13)} ${'× raw fetch'.padStart(12)} ${'× raw+timeout'.padStart(14)} ${'vs openapi-fetch'.padStart(17)}`,
  ...results.map(({ name, micros }, index) => {
    const overRaw = micros - (raw?.micros ?? 0);
    const overBare = micros - (bare?.micros ?? 0);
    return `${name.padEnd(42)} ${micros.toFixed(1).padStart(9)} ${`${overRaw >= 0 ? '+' : ''}${overRaw.toFixed(1)}`.padStart(13)} ${ratio(index, RAW).toFixed(2).padStart(12)} ${ratio(index, RAW_TIMED).toFixed(2).padStart(14)} ${`${overBare >= 0 ? '+' : ''}${overBare.toFixed(1)}`.padStart(17)}`;
  }),
  '',
  `× openapi-fetch (the median of each round's ratio): ${cases
    .slice(BARE + 1)
    .map(([name], offset) => `${name} ${ratio(BARE + 1 + offset, BARE).toFixed(2)}`)
    .join('; ')}`,
  '',
  'Runtime size (esbuild ESM bundle for browsers, minified; gzip level 9), dependencies included:',
];
for (const [label, dist] of [['dist', undefined], ...(compareDist ? [['COMPARE_DIST', compareDist]] : [])]) {
  for (const [name, code] of Object.entries(SIZE_CASES)) {
    const { minified, gzipped } = await bundleSize(
      dist ? code.replace('./dist/index.js', resolve(dist, 'index.js')) : code,
    );
    lines.push(
      `  ${label.padEnd(12)} ${name.padEnd(11)} ${String(minified).padStart(7)} B minified ${String(gzipped).padStart(7)} B gzipped`,
    );
  }
}
process.stdout.write(`${lines.join('\n')}\n`);
