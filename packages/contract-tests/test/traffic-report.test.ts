/**
 * Self-checks of the traffic report: a run that skips an operation or a status lowers coverage and
 * fails the gate, a listed gap that is reached fails it too, a request without credentials that
 * the suite did not send is a finding, and `redocly drift` itself catches a drifting answer (wrong
 * field type, undocumented status, missing required property) in a HAR.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listOperations } from '@svc/openapi-kit';
import { type HarEntry, harDocument, harEntry } from '@svc/server-kit';
import { describe, expect, it } from 'vitest';
import { loadDocuments } from '../src/setup.js';
import type { ExpectedGaps } from '../src/traffic/expected-gaps.js';
import { runDrift } from '../src/traffic/run-drift.js';
import { markdownSummary, readReachability, type TrafficInput, trafficReport } from '../src/traffic/traffic-report.js';

const BASE = 'http://127.0.0.1:4999';
const { document } = loadDocuments();
const operations = listOperations(document);
const NONE: ExpectedGaps = { statuses: [], minimum: { parameters: 0, properties: 0 } };

function exchange(path: string, status: number, body: unknown, headers = true, request: unknown = {}): HarEntry {
  return harEntry({
    startedAt: new Date('2026-01-15T10:00:00.000Z'),
    durationMs: 1,
    method: 'POST',
    url: `${BASE}${path}`,
    requestHeaders: headers
      ? { 'content-type': 'application/json', 'svc-client-id': 'client', 'svc-secret': '[redacted]' }
      : { 'content-type': 'application/json' },
    requestBody: JSON.stringify(request),
    status,
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: JSON.stringify(body),
  });
}

/** Every documented status of every operation answered once, except what `skip` drops. */
function fullTraffic(skip: (operationId: string, status: number) => boolean = () => false): HarEntry[] {
  return operations.flatMap((entry) =>
    Object.keys(entry.operation.responses ?? {})
      .map(Number)
      .filter((status) => !skip(entry.operationId, status))
      .map((status) => exchange(entry.path, status, {})),
  );
}

/** The input of a report over `entries`, with drift's coverage taken as ours (drift is not run). */
function input(entries: HarEntry[], expected: ExpectedGaps = NONE, problems: TrafficInput['drift']['problems'] = []) {
  const total = { covered: 0, total: 0 };
  const report: TrafficInput = {
    target: 'self-check',
    document,
    har: harDocument(entries, { name: 'test', version: '1' }),
    baseUrl: BASE,
    drift: {
      run: { totalExchanges: 0, documentedExchanges: 0, undocumentedExchanges: 0, skippedExchanges: 0 },
      problems,
    },
    coverage: { totals: { operations: total, parameters: total, properties: total, responses: total }, operations: [] },
    expected,
    reachability: readReachability(),
  };
  return report;
}

describe('traffic report', () => {
  it('passes traffic that answers every documented status of every operation', () => {
    const report = trafficReport(input(fullTraffic()));
    expect(report.gaps).toEqual([]);
    expect(report.ours.operations).toEqual({ covered: operations.length, total: operations.length });
    // drift's (empty) coverage differs from ours: the difference is shown.
    expect(report.differences[0]).toMatch(/^operations: drift 0\/0, ours \d+\/\d+$/);
  });

  it('fails a run that skips an operation or a status', () => {
    const [first, second] = operations;
    const report = trafficReport(
      input(fullTraffic((id, status) => id === first?.operationId || (id === second?.operationId && status === 429))),
    );
    expect(report.gaps).toEqual(
      expect.arrayContaining([
        `${first?.operationId}: never called`,
        `${first?.operationId}: documented 200 not reached, and not listed in expected-gaps.ts`,
        `${second?.operationId}: documented 429 not reached, and not listed in expected-gaps.ts`,
      ]),
    );
    expect(report.ours.responses.covered).toBeLessThan(report.ours.responses.total);
  });

  it('accepts a listed status with its catalogue reachability, and fails a listed one that is reached', () => {
    const listed: ExpectedGaps = { statuses: [{ status: 500, because: 'no state fails' }], minimum: NONE.minimum };
    const skipped = trafficReport(
      input(
        fullTraffic((_id, status) => status === 500),
        listed,
      ),
    );
    expect(skipped.gaps).toEqual([]);
    expect(skipped.unreached).toEqual([
      expect.objectContaining({
        status: 500,
        operations: operations.length,
        catalogue: [expect.objectContaining({ code: 'INTERNAL_SERVER_ERROR', reachable: true })],
      }),
    ]);
    expect(markdownSummary(skipped)).toContain('**500** on');
    const reached = trafficReport(input(fullTraffic(), listed));
    expect(reached.gaps).toContain(
      `${operations[0]?.operationId}: 500 is reached but listed as unreached in expected-gaps.ts (remove it)`,
    );
  });

  it('fails an answer with a status the operation does not document', () => {
    const report = trafficReport(input([...fullTraffic(), exchange('/item/remove', 418, {})]));
    expect(report.findings).toEqual([
      'itemRemove: answered 418, a status the operation does not document (our check: drift 2.77 does not report it)',
    ]);
  });

  it('fails drift findings, and requests without credentials beyond those the HAR explains', () => {
    const entries = [...fullTraffic(), exchange('/item/remove', 401, {}, false)];
    const problem = {
      ruleId: 'security-baseline',
      severity: 'error' as const,
      message: 'Request does not satisfy documented OpenAPI security requirements',
      occurrences: 1,
      exchangeIndex: entries.length - 1,
    };
    expect(trafficReport(input(entries, NONE, [problem])).findings).toEqual([]);
    expect(trafficReport(input(entries, NONE, [{ ...problem, occurrences: 2 }])).findings).toHaveLength(1);
    const schema = { ...problem, ruleId: 'schema-consistency', message: 'Response body does not match' };
    expect(trafficReport(input(entries, NONE, [problem, schema])).findings).toEqual([
      expect.stringContaining('schema-consistency: Response body does not match'),
    ]);
  });
});

describe('redocly drift on a drifting answer', () => {
  it('reports a wrong field type and a missing required property; the report adds the undocumented status', {
    timeout: 120_000,
  }, async () => {
    const directory = mkdtempSync(join(tmpdir(), 'svc-drift-'));
    const har = join(directory, 'drifting.har');
    const request = { access_token: 'access-sandbox-00000000-0000-4000-8000-000000000000' };
    const entries = [
      exchange('/item/remove', 200, { request_id: 12345 }, true, request),
      exchange('/item/remove', 418, { request_id: 'Ab12Cd34Ef56Gh7' }, true, request),
      exchange('/item/remove', 200, {}, true, request),
    ];
    const document = harDocument(entries, { name: 'test', version: '1' });
    writeFileSync(har, JSON.stringify(document));
    const result = await runDrift({
      har,
      server: BASE,
      reportPath: join(directory, 'drift.json'),
      ignoreHeaders: ['svc-client-id', 'svc-secret'],
    });
    const found = result.report.problems
      .filter((problem) => problem.severity !== 'info')
      .map((problem) => `${problem.exchangeIndex} ${problem.message}`);
    expect(result.exitCode).not.toBe(0);
    expect(found.sort()).toEqual([
      '0 Response field "request_id" must be string.',
      '2 Response is missing required field "request_id".',
    ]);
    const report = trafficReport({ ...input(entries), har: document, drift: result.report });
    expect(report.findings).toEqual([
      expect.stringContaining('must be string'),
      expect.stringContaining('missing required field'),
      expect.stringContaining('itemRemove: answered 418'),
    ]);
  });
});
