/**
 * Runs the contract cases against any server, outside vitest: the suite's own cases
 * (`cases/build-cases.ts`) through the suite's own runner (`run-case.ts`, with the clients of
 * `setup.ts`), one after the other, optionally recording the traffic as HAR (`har-recorder.ts`).
 * A case that only a mock can answer (`forced-response`, which needs `Prefer`) is skipped unless
 * the target is a mock. The secret never appears in a result: every occurrence is `[redacted]`.
 */
import type { ContractCase } from '../cases/types.js';
import { createHarRecorder, REDACTED } from '../har-recorder.js';
import { runCase } from '../run-case.js';
import { caseTarget, prepareSuite } from '../setup.js';
import { type CaseSelection, selectCases } from './select-cases.js';

/** What {@link runContract} needs. */
export interface ContractRun {
  baseUrl: string;
  clientId: string;
  secret: string;
  selection: CaseSelection;
  /** The target honours `Prefer` (a mock): forced-response cases run. Default: false. */
  isMock?: boolean;
  /** Writes the run's traffic as HAR 1.2 to this path. */
  harPath?: string;
  /** Called after each case (progress output). */
  onResult?: (result: CaseOutcome) => void;
}

/** The outcome of one case. */
export interface CaseOutcome {
  item: ContractCase;
  status: 'passed' | 'failed' | 'skipped';
  /** Empty unless failed. */
  problems: string[];
  /** Readable report: operation, case, request, response and problems (or why it was skipped). */
  report: string;
  /** Time the case took, in seconds. */
  seconds: number;
}

/** Runs the selected cases against `run.baseUrl`, in spec order. */
export async function runContract(run: ContractRun): Promise<CaseOutcome[]> {
  const { document, validator, cases } = prepareSuite();
  const selected = selectCases(document, cases, run.selection);
  const recorder = run.harPath ? createHarRecorder({ secrets: [run.secret] }) : undefined;
  const baseUrl = run.baseUrl.replace(/\/+$/, '');
  const isMock = run.isMock ?? false;
  const target = caseTarget(baseUrl, validator, !isMock, recorder?.fetch, {
    clientId: run.clientId,
    secret: run.secret,
  });
  const hide = (text: string) => (run.secret === '' ? text : text.split(run.secret).join(REDACTED));
  const outcomes: CaseOutcome[] = [];
  for (const item of selected) {
    let outcome: CaseOutcome;
    if (item.mockOnly && !isMock) {
      outcome = { item, status: 'skipped', problems: [], report: 'runs only against a mock (Prefer)', seconds: 0 };
    } else {
      const started = performance.now();
      let problems: string[];
      let report: string;
      try {
        ({ problems, report } = await runCase(item, target));
      } catch (error) {
        problems = [`the request failed: ${error instanceof Error ? error.message : String(error)}`];
        report = `${item.operationId} (POST ${item.path}) — ${item.name}\n  ✗ ${problems[0]}`;
      }
      outcome = {
        item,
        status: problems.length === 0 ? 'passed' : 'failed',
        problems: problems.map(hide),
        report: hide(report),
        seconds: (performance.now() - started) / 1000,
      };
    }
    outcomes.push(outcome);
    run.onResult?.(outcome);
  }
  if (recorder && run.harPath) {
    recorder.write(run.harPath);
  }
  return outcomes;
}
