/**
 * The coverage and drift report of one recorded run: drift's totals (operations, request
 * parameters, schema properties, response codes), our own count of the operations and statuses the
 * HAR reached (`reachedStatuses` of `coverage.ts`) with every difference from drift's, the
 * documented statuses not reached (each accepted only when `expected-gaps.ts` lists it, shown with
 * the catalogue's reachability of its codes), and drift's findings that are no known exception
 * (`drift-exceptions.ts`), plus the one drift 2.77 does not make: an answer whose status the
 * operation does not document. `gaps` and `findings` empty: the run passes.
 */
import { readFileSync } from 'node:fs';
import { listOperations, type OpenApiDocument } from '@svc/openapi-kit';
import type { HarDocument } from '@svc/server-kit';
import { parse } from 'yaml';
import { reachedStatuses, undocumentedStatuses } from '../coverage.js';
import { CREDENTIALS_RULE } from './drift-exceptions.js';
import type { ExpectedGaps } from './expected-gaps.js';
import type { CoverageTotal, DriftCoverage, DriftProblem, DriftReport } from './run-drift.js';

/** One entry of `spec/errors/sandbox-reachability.yaml`. */
export interface Reachability {
  code: string;
  type: string;
  reachable: boolean;
  how?: string;
  why?: string;
}

/** The catalogue's reachability file, from the repository. */
export const REACHABILITY_PATH = new URL('../../../../spec/errors/sandbox-reachability.yaml', import.meta.url);

/** Reads the reachability entries. */
export function readReachability(path: URL | string = REACHABILITY_PATH): Reachability[] {
  return (parse(readFileSync(path, 'utf8')) as { codes: Reachability[] }).codes;
}

/** A documented status the run did not reach, with why. */
export interface UnreachedReport {
  status: number;
  operations: number;
  because: string;
  /** The catalogue codes answered with this status, and whether and how the sandbox gives each. */
  catalogue: { code: string; type: string; reachable: boolean; note: string }[];
}

/** The report of one run. */
export interface TrafficReport {
  target: string;
  exchanges: number;
  totals: DriftCoverage['totals'];
  /** Our count: operations called and documented (operation, status) pairs answered. */
  ours: { operations: CoverageTotal; responses: CoverageTotal };
  /** Where drift's count and ours disagree. */
  differences: string[];
  unreached: UnreachedReport[];
  /** Why the run fails coverage; empty when it passes. */
  gaps: string[];
  /** drift's findings that are no known exception; empty when it passes. */
  findings: string[];
}

/** What the report is made from. */
export interface TrafficInput {
  target: string;
  document: OpenApiDocument;
  har: HarDocument;
  baseUrl: string;
  drift: DriftReport;
  coverage: DriftCoverage;
  expected: ExpectedGaps;
  reachability: readonly Reachability[];
}

/** Whether an exchange sent no credential headers (credentials in the body, or none). */
function withoutCredentialHeaders(entry: HarDocument['log']['entries'][number]): boolean {
  const names = new Set(entry.request.headers.map((header) => header.name.toLowerCase()));
  return !names.has('svc-client-id') && !names.has('svc-secret');
}

/** One line of a finding. */
function describeProblem(problem: DriftProblem): string {
  const where = problem.operationId ? `${problem.operationId} (${problem.status ?? '-'})` : (problem.path ?? '');
  return `${problem.severity} ${problem.ruleId}: ${problem.message} — ${where}, ${problem.occurrences}× (first: exchange ${problem.exchangeIndex})${problem.details?.summary ? `: ${String(problem.details.summary)}` : ''}`;
}

/** Builds the report of one run. */
export function trafficReport(input: TrafficInput): TrafficReport {
  const { document, coverage, expected } = input;
  const operations = listOperations(document);
  const reached = reachedStatuses(document, input.har.log.entries, input.baseUrl);
  const documented = operations.flatMap((entry) =>
    Object.keys(entry.operation.responses ?? {}).map((status) => ({
      operationId: entry.operationId,
      status: Number(status),
    })),
  );
  const answered = documented.filter(({ operationId, status }) => reached.get(operationId)?.has(status));
  const ours = {
    operations: {
      covered: operations.filter((entry) => reached.has(entry.operationId)).length,
      total: operations.length,
    },
    responses: { covered: answered.length, total: documented.length },
  };

  const differences: string[] = [];
  for (const measure of ['operations', 'responses'] as const) {
    const theirs = coverage.totals[measure];
    if (theirs.covered !== ours[measure].covered || theirs.total !== ours[measure].total) {
      differences.push(
        `${measure}: drift ${theirs.covered}/${theirs.total}, ours ${ours[measure].covered}/${ours[measure].total}`,
      );
    }
  }
  const driftCovered = new Set(
    coverage.operations.flatMap((operation) =>
      operation.covered
        .filter((item) => item.kind === 'response')
        .map((item) => `${operation.operationId} ${item.status}`),
    ),
  );
  for (const { operationId, status } of documented) {
    const ourReach = reached.get(operationId)?.has(status) ?? false;
    if (ourReach !== driftCovered.has(`${operationId} ${status}`)) {
      differences.push(
        `${operationId} ${status}: ${ourReach ? 'answered in the HAR, drift counts it missing' : 'drift counts it covered, never answered'}`,
      );
    }
  }

  const gaps: string[] = [];
  for (const entry of operations) {
    if (!reached.has(entry.operationId)) {
      gaps.push(`${entry.operationId}: never called`);
    }
  }
  const listed = new Map(expected.statuses.map((item) => [item.status, item]));
  const unreachedByStatus = new Map<number, string[]>();
  for (const { operationId, status } of documented) {
    if (!reached.get(operationId)?.has(status)) {
      unreachedByStatus.set(status, [...(unreachedByStatus.get(status) ?? []), operationId]);
      if (!listed.has(status)) {
        gaps.push(`${operationId}: documented ${status} not reached, and not listed in expected-gaps.ts`);
      }
    } else if (listed.has(status)) {
      gaps.push(`${operationId}: ${status} is reached but listed as unreached in expected-gaps.ts (remove it)`);
    }
  }
  for (const measure of ['parameters', 'properties'] as const) {
    if (coverage.totals[measure].covered < expected.minimum[measure]) {
      gaps.push(
        `${measure}: ${coverage.totals[measure].covered} reached, fewer than the ${expected.minimum[measure]} expected-gaps.ts requires`,
      );
    }
  }
  const catalogue = (document as { 'x-error-catalogue'?: { codes: { code: string; type: string; status: number }[] } })[
    'x-error-catalogue'
  ];
  const unreached = [...unreachedByStatus].map(([status, operationIds]) => ({
    status,
    operations: operationIds.length,
    because: listed.get(status)?.because ?? '(not listed)',
    catalogue: (catalogue?.codes ?? [])
      .filter((code) => code.status === status)
      .map((code) => {
        const entry = input.reachability.find((item) => item.code === code.code && item.type === code.type);
        return {
          code: code.code,
          type: code.type,
          reachable: entry?.reachable ?? false,
          note: entry?.how ?? entry?.why ?? '(no reachability entry)',
        };
      }),
  }));

  // drift 2.77 does not report an answer with a status the operation does not document: ours does.
  const undocumented = undocumentedStatuses(document, reached);
  const withoutHeaders = input.har.log.entries.filter(withoutCredentialHeaders).length;
  const credentialProblems = input.drift.problems.filter(
    (problem) => problem.ruleId === CREDENTIALS_RULE && problem.severity === 'error',
  );
  const credentialOccurrences = credentialProblems.reduce((sum, problem) => sum + problem.occurrences, 0);
  const findings = input.drift.problems
    .filter((problem) => !(problem.ruleId === CREDENTIALS_RULE && problem.severity === 'error'))
    .map(describeProblem);
  findings.push(...undocumented);
  if (credentialOccurrences !== withoutHeaders) {
    findings.push(
      `${CREDENTIALS_RULE}: ${credentialOccurrences} requests without documented credentials, but the HAR has ${withoutHeaders} sent without credential headers:\n${credentialProblems.map(describeProblem).join('\n')}`,
    );
  }
  return {
    target: input.target,
    exchanges: input.har.log.entries.length,
    totals: coverage.totals,
    ours,
    differences,
    unreached,
    gaps,
    findings,
  };
}

/** `covered/total (percent)`. */
function ratio({ covered, total }: CoverageTotal): string {
  return `${covered}/${total} (${total === 0 ? 'n/a' : `${Math.floor((covered / total) * 1000) / 10}%`})`;
}

/** The one-line totals printed in the test output. */
export function totalsLine(report: TrafficReport): string {
  const { operations, parameters, properties, responses } = report.totals;
  return `${report.target}: ${report.exchanges} exchanges; drift coverage: operations ${ratio(operations)}, parameters ${ratio(parameters)}, properties ${ratio(properties)}, response codes ${ratio(responses)}; ours: operations ${ratio(report.ours.operations)}, response codes ${ratio(report.ours.responses)}; drift findings ${report.findings.length}`;
}

/** The readable summary (Markdown) kept beside the JSON reports. */
export function markdownSummary(report: TrafficReport): string {
  const { operations, parameters, properties, responses } = report.totals;
  const lines = [
    `# Contract suite traffic: ${report.target}`,
    '',
    `${report.exchanges} exchanges recorded (\`reports/${report.target}.har\`), measured by \`redocly drift --coverage\` against the bundled spec.`,
    '',
    '| Measure | drift | ours |',
    '|---|---|---|',
    `| operations | ${ratio(operations)} | ${ratio(report.ours.operations)} |`,
    `| response codes | ${ratio(responses)} | ${ratio(report.ours.responses)} |`,
    `| request parameters | ${ratio(parameters)} | |`,
    `| schema properties | ${ratio(properties)} | |`,
    '',
    '## Where drift and our count differ',
    '',
    ...(report.differences.length === 0 ? ['Nowhere.'] : report.differences.map((line) => `- ${line}`)),
    '',
    '## Documented statuses not reached',
    '',
    ...(report.unreached.length === 0
      ? ['None.']
      : report.unreached.flatMap((item) => [
          `- **${item.status}** on ${item.operations} operations: ${item.because}`,
          ...item.catalogue.map(
            (code) =>
              `  - catalogue \`${code.type}\` / \`${code.code}\`: ${code.reachable ? 'reachable' : 'unreachable'} in the sandbox — ${code.note}`,
          ),
        ])),
    '',
    '## Coverage gaps (fail the suite)',
    '',
    ...(report.gaps.length === 0 ? ['None.'] : report.gaps.map((line) => `- ${line}`)),
    '',
    '## Drift findings (fail the suite)',
    '',
    ...(report.findings.length === 0 ? ['None.'] : report.findings.map((line) => `- ${line}`)),
    '',
  ];
  return lines.join('\n');
}
