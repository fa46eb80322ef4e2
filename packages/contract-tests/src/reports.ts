/**
 * Where the contract suite keeps its build outputs: `reports/` of this package (git-ignored), one
 * HAR per run (`<target>.har`) and the drift and coverage reports made from it.
 */
import { fileURLToPath } from 'node:url';

/** The folder of the build outputs. */
export const REPORTS_DIR = fileURLToPath(new URL('../reports/', import.meta.url));

/** The targets whose runs are recorded. */
export type RecordedTarget = 'mock' | 'sandbox' | 'prism';

/** The path of a report of `target`: `reports/<target><suffix>` (`.har`, `.drift.json`, ...). */
export function reportPath(target: RecordedTarget, suffix: string): string {
  return `${REPORTS_DIR}${target}${suffix}`;
}
