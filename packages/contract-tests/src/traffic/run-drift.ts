/**
 * Runs `redocly drift` (Redocly CLI 2.77, experimental) on a HAR against the bundled spec and reads
 * its two JSON reports: the findings (`--format json -o`) and, with `coverage`, the coverage of
 * the description (`--coverage-output`: operations, parameters, schema properties, response codes,
 * each covered or missing per operation). The HAR's own server (`--server`) replaces the spec's
 * `servers`, so traffic recorded on any port of 127.0.0.1 matches.
 */
import { readFile } from 'node:fs/promises';
import { openapiJsonPath } from '@svc/spec';
import { withoutNodeEndOfLifeNotice } from '../respect-report.js';
import { runRedocly } from '../run-respect.js';

/** One finding of drift (aggregated: `occurrences` exchanges, the first at `exchangeIndex`). */
export interface DriftProblem {
  ruleId: string;
  severity: 'info' | 'warning' | 'error';
  message: string;
  occurrences: number;
  exchangeIndex: number;
  operationId?: string;
  method?: string;
  path?: string;
  status?: number;
  target?: string;
  details?: Record<string, unknown>;
}

/** drift's JSON report. */
export interface DriftReport {
  run: { totalExchanges: number; documentedExchanges: number; undocumentedExchanges: number; skippedExchanges: number };
  problems: DriftProblem[];
}

/** Covered over total, for one measure. */
export interface CoverageTotal {
  covered: number;
  total: number;
}

/** An item of drift's coverage report. */
export interface CoverageItem {
  kind: 'operation' | 'parameter' | 'property' | 'response';
  name?: string;
  in?: string;
  target?: 'request' | 'response';
  status?: string;
  path?: string;
}

/** drift's coverage report (`--coverage-output`, version 1). */
export interface DriftCoverage {
  totals: { operations: CoverageTotal; parameters: CoverageTotal; properties: CoverageTotal; responses: CoverageTotal };
  operations: {
    method: string;
    path: string;
    operationId?: string;
    covered: CoverageItem[];
    missing: CoverageItem[];
  }[];
}

/** What to run drift on. */
export interface DriftRun {
  har: string;
  /** The server the traffic was recorded against (its base URL). */
  server: string;
  /** Where the findings go (JSON). */
  reportPath: string;
  /** Where the coverage report goes (JSON); none without. */
  coveragePath?: string;
  /** Header names not to report as undocumented (`--ignore-headers`). */
  ignoreHeaders?: readonly string[];
  /** Only these rules (`--rules`); default drift's own. */
  rules?: readonly string[];
  /** The description. Default: the bundled spec. */
  api?: string;
}

/** What drift did. */
export interface DriftResult {
  exitCode: number;
  /** Its printed output (the coverage totals among it) without the Node 20 notice. */
  output: string;
  report: DriftReport;
  coverage: DriftCoverage | undefined;
}

/** The arguments of `redocly drift` for `run`. */
export function driftArguments(run: DriftRun): string[] {
  return [
    'drift',
    run.har,
    '--api',
    run.api ?? openapiJsonPath,
    '--server',
    run.server,
    '--format',
    'json',
    '-o',
    run.reportPath,
    ...(run.coveragePath ? ['--coverage', '--coverage-output', run.coveragePath] : []),
    ...(run.ignoreHeaders?.length ? ['--ignore-headers', run.ignoreHeaders.join(',')] : []),
    ...(run.rules?.length ? ['--rules', run.rules.join(',')] : []),
  ];
}

/** Runs drift and reads its reports; fails with its output when it wrote no report. */
export async function runDrift(run: DriftRun): Promise<DriftResult> {
  const { exitCode, stdout, stderr } = await runRedocly(driftArguments(run));
  const output = `${stdout}${stderr}`;
  const read = (path: string) => readFile(path, 'utf8').then((text) => JSON.parse(text) as unknown);
  const report = (await read(run.reportPath).catch(() => {
    throw new Error(`redocly drift wrote no report (exit ${exitCode}):\n${withoutNodeEndOfLifeNotice(output)}`);
  })) as DriftReport;
  const coverage = run.coveragePath ? ((await read(run.coveragePath)) as DriftCoverage) : undefined;
  return { exitCode, output: withoutNodeEndOfLifeNotice(output), report, coverage };
}
