/**
 * Declares the checks of a recorded run (after its cases, `define-suite.ts`): `redocly drift` with
 * `--coverage` on the run's HAR, its totals printed, the JSON reports and a Markdown summary kept
 * in `reports/` (`<target>.drift.json`, `<target>.coverage.json`, `<target>.coverage.md`); one
 * test fails on any drift finding that is no known exception, one on any coverage gap.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { HarDocument } from '@svc/server-kit';
import { expect, it } from 'vitest';
import { type RecordedTarget, reportPath } from '../reports.js';
import { loadDocuments } from '../setup.js';
import { IGNORED_HEADERS } from './drift-exceptions.js';
import { EXPECTED_GAPS } from './expected-gaps.js';
import { runDrift } from './run-drift.js';
import { markdownSummary, readReachability, type TrafficReport, totalsLine, trafficReport } from './traffic-report.js';

/** Measures a recorded run and writes its reports. */
export async function measureRun(
  target: Exclude<RecordedTarget, 'prism'>,
  recorded: { har: string; baseUrl: string },
): Promise<TrafficReport> {
  const result = await runDrift({
    har: recorded.har,
    server: recorded.baseUrl,
    reportPath: reportPath(target, '.drift.json'),
    coveragePath: reportPath(target, '.coverage.json'),
    ignoreHeaders: IGNORED_HEADERS.map((header) => header.name),
  });
  if (!result.coverage) {
    throw new Error(`redocly drift wrote no coverage report:\n${result.output}`);
  }
  const report = trafficReport({
    target,
    document: loadDocuments().document,
    har: JSON.parse(readFileSync(recorded.har, 'utf8')) as HarDocument,
    baseUrl: recorded.baseUrl,
    drift: result.report,
    coverage: result.coverage,
    expected: EXPECTED_GAPS[target],
    reachability: readReachability(),
  });
  writeFileSync(reportPath(target, '.coverage.md'), markdownSummary(report));
  return report;
}

/** Declares the drift and coverage tests of the run recorded for `target`. */
export function defineTrafficChecks(
  target: Exclude<RecordedTarget, 'prism'>,
  recorded: () => { har: string; baseUrl: string },
): void {
  let measured: Promise<TrafficReport> | undefined;
  const measure = () => {
    measured ??= measureRun(target, recorded());
    return measured;
  };
  it('shows no drift between the traffic and the spec (redocly drift)', { timeout: 180_000 }, async () => {
    const report = await measure();
    process.stdout.write(`${totalsLine(report)}\n`);
    expect(report.findings, `drift findings (reports/${target}.drift.json):\n${report.findings.join('\n')}`).toEqual(
      [],
    );
  });
  it('reaches every operation and documented status, or lists why not (redocly drift --coverage)', {
    timeout: 180_000,
  }, async () => {
    const report = await measure();
    expect(report.gaps, `coverage gaps (reports/${target}.coverage.md):\n${report.gaps.join('\n')}`).toEqual([]);
  });
}
