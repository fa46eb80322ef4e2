// @ts-check
/**
 * Per-call overhead of @svc/client against bare openapi-fetch and raw fetch, on an in-process
 * fake fetch (no network, so only client-side work is measured), and the client's
 * minified + gzipped size. `pnpm --filter @svc/client bench` builds dist/, then runs this.
 *
 * Options: ITERATIONS (default 20000) calls per case, split over ROUNDS (default 5) rounds that
 * interleave the cases; each figure is the median round, which damps noise from other processes.
 */

import { EXAMPLE_CREDENTIALS } from '@svc/spec/examples';
import createFetchClient from 'openapi-fetch';
import { createClient, HEADERS } from '../dist/index.js';
import { bundleSize, SIZE_CASES } from './bundle-size.mjs';

const iterations = Number(process.env.ITERATIONS ?? 20_000);
const rounds = Number(process.env.ROUNDS ?? 5);
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
  ['bare openapi-fetch POST', () => openapiFetch.POST('/transfer/get', { body })],
  ['@svc/client POST (path-typed)', () => svc.POST('/transfer/get', { body })],
  ['@svc/client transferGet (named method)', () => svc.transferGet(body)],
];

/** Mean microseconds per call of `fn` over `count` sequential calls. */
async function measure(/** @type {() => Promise<unknown>} */ fn, /** @type {number} */ count) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < count; i++) {
    await fn();
  }
  return Number(process.hrtime.bigint() - start) / 1000 / count;
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
const results = cases.map(([name], index) => {
  const sorted = [...(samples[index] ?? [])].sort((a, b) => a - b);
  return { name, micros: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN };
});
const [raw, , bare] = /** @type {{ name: string, micros: number }[]} */ (results);
const lines = [
  `@svc/client per-call overhead (Node ${process.version}, ${iterations} sequential calls per case in ${rounds} rounds, median round; in-process fake fetch)`,
  '',
  `${'case'.padEnd(42)} ${'µs/call'.padStart(9)} ${'vs raw fetch'.padStart(13)} ${'vs openapi-fetch'.padStart(17)}`,
  ...results.map(({ name, micros }) => {
    const overRaw = micros - (raw?.micros ?? 0);
    const overBare = micros - (bare?.micros ?? 0);
    return `${name.padEnd(42)} ${micros.toFixed(1).padStart(9)} ${`${overRaw >= 0 ? '+' : ''}${overRaw.toFixed(1)}`.padStart(13)} ${`${overBare >= 0 ? '+' : ''}${overBare.toFixed(1)}`.padStart(17)}`;
  }),
  '',
  'Runtime size (esbuild ESM bundle for browsers, minified; gzip level 9), openapi-fetch included:',
];
for (const [name, code] of Object.entries(SIZE_CASES)) {
  const { minified, gzipped } = await bundleSize(code);
  lines.push(
    `  ${name.padEnd(11)} ${String(minified).padStart(7)} B minified ${String(gzipped).padStart(7)} B gzipped`,
  );
}
process.stdout.write(`${lines.join('\n')}\n`);
