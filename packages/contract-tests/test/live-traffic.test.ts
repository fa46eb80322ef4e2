/**
 * The live-traffic recipe (README, "Live traffic"): `redocly proxy --api` in front of a
 * deliberately drifting server reports a wrong field type and a missing required property, live
 * and in its report; the undocumented status it lets through is caught by the suite's own check
 * (`undocumentedStatuses`) on the HAR the proxy wrote.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listOperations, requestExamples } from '@svc/openapi-kit';
import type { HarDocument } from '@svc/server-kit';
import { EXAMPLE_CREDENTIALS } from '@svc/spec/examples';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { reachedStatuses, undocumentedStatuses } from '../src/coverage.js';
import { loadDocuments } from '../src/setup.js';
import { startRedoclyProxy } from '../src/traffic/run-proxy.js';

const { document } = loadDocuments();

/** What the drifting server answers, per path. */
const DRIFT: Record<string, { operationId: string; status: number; body: unknown }> = {
  // request_id must be a string.
  '/item/remove': { operationId: 'itemRemove', status: 200, body: { request_id: 12345 } },
  // 418 is not among the statuses institutionsGet documents.
  '/institutions/get': { operationId: 'institutionsGet', status: 418, body: { request_id: 'Ab12Cd34Ef56Gh7' } },
  // transfer is required.
  '/transfer/get': { operationId: 'transferGet', status: 200, body: { request_id: 'Ab12Cd34Ef56Gh7' } },
};

let server: Server;
let upstream: string;
const directory = mkdtempSync(join(tmpdir(), 'svc-live-'));

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume().on('end', () => {
      const drift = DRIFT[request.url ?? ''];
      response.writeHead(drift?.status ?? 404, { 'content-type': 'application/json' });
      response.end(JSON.stringify(drift?.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  upstream = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  rmSync(directory, { recursive: true, force: true });
});

it('redocly proxy reports the wrong type and the missing property; our check on its HAR the undocumented status', {
  timeout: 120_000,
}, async () => {
  const har = join(directory, 'live.har');
  const proxy = await startRedoclyProxy({ target: upstream, har, ignoreHeaders: ['svc-client-id', 'svc-secret'] });
  const operations = listOperations(document);
  for (const [path, { operationId }] of Object.entries(DRIFT)) {
    const entry = operations.find((operation) => operation.operationId === operationId);
    const body = entry ? requestExamples(document, entry)[0]?.value : undefined;
    expect(body, `${operationId} has a request example`).toBeDefined();
    const response = await fetch(`${proxy.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'SVC-CLIENT-ID': EXAMPLE_CREDENTIALS.clientId,
        'SVC-SECRET': EXAMPLE_CREDENTIALS.secret,
      },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(DRIFT[path]?.status);
    await response.arrayBuffer();
  }
  const result = await proxy.stop();

  const findings = result.report.problems
    .filter((problem) => problem.severity === 'error')
    .map((problem) => `${problem.operationId} ${problem.status}: ${problem.message}`);
  expect(findings.sort()).toEqual([
    'itemRemove 200: Response field "request_id" must be string.',
    'transferGet 200: Response is missing required field "transfer".',
  ]);
  expect(result.report.run).toMatchObject({ totalExchanges: 3, documentedExchanges: 3 });
  expect(result.live).toContain('itemRemove → [schema-consistency] Response field "request_id" must be string.');
  expect(result.live).toContain('transferGet → [schema-consistency] Response is missing required field "transfer".');

  // The proxy, like drift 2.77, lets the undocumented 418 through: the suite's check catches it.
  const recorded = JSON.parse(readFileSync(har, 'utf8')) as HarDocument;
  expect(undocumentedStatuses(document, reachedStatuses(document, recorded.log.entries, upstream))).toEqual([
    expect.stringMatching(/^institutionsGet: answered 418, a status the operation does not document/),
  ]);
  // What the README warns about: the proxy records the credential headers as sent.
  expect(JSON.stringify(recorded)).toContain(EXAMPLE_CREDENTIALS.secret);
});
