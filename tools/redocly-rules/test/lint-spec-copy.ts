import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';

/** Repository root (this file is tools/redocly-rules/test/). */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const REDOCLY = join(ROOT, 'tools', 'redocly-rules', 'node_modules', '.bin', 'redocly');

/** One problem reported by `redocly lint --format=json`. */
export interface LintProblem {
  ruleId: string;
  message: string;
  file: string;
}

/** A change to one YAML file of the spec copy. */
// biome-ignore lint/suspicious/noExplicitAny: a parsed YAML file of any shape, edited by the test cases.
export type SpecEdit = (document: any) => void;

/**
 * The day the lint of a spec copy takes as today (`SVC_LINT_TODAY`), unless a test sets another,
 * so that no result depends on the day the tests run: after every past day the request examples
 * name on purpose (November 2026 windows), more than a year before the days they keep ahead (2032).
 */
export const LINT_TODAY = '2027-01-01';

/**
 * Copies spec/ to a temporary folder, applies `edits` (file path relative to spec/ → edit), and
 * lints the copy with the project's real redocly.yaml, taking `today` as the day. Returns the
 * problems found, warnings included.
 */
export async function lintSpecCopy(edits: Record<string, SpecEdit>, today = LINT_TODAY): Promise<LintProblem[]> {
  const dir = await mkdtemp(join(tmpdir(), 'svc-spec-'));
  try {
    await cp(join(ROOT, 'spec'), dir, { recursive: true, filter: (source) => !source.endsWith('.draft.yaml') });
    for (const [file, edit] of Object.entries(edits)) {
      const path = join(dir, file);
      const document = parse(await readFile(path, 'utf8'));
      edit(document);
      await writeFile(path, stringify(document));
    }
    const output = await new Promise<string>((resolve) => {
      execFile(
        REDOCLY,
        ['lint', join(dir, 'openapi.yaml'), '--config', join(ROOT, 'redocly.yaml'), '--format=json'],
        {
          env: {
            ...process.env,
            REDOCLY_TELEMETRY: 'off',
            REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
            SVC_LINT_TODAY: today,
          },
        },
        (_error, stdout) => resolve(stdout),
      );
    });
    const report = JSON.parse(output) as {
      problems: { ruleId: string; message: string; location: { source: { ref: string } }[] }[];
    };
    return report.problems.map((problem) => ({
      ruleId: problem.ruleId,
      message: problem.message,
      file: specRelative(problem.location[0]?.source.ref ?? ''),
    }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `…/svc-spec-x/paths/item@remove.yaml` (however Redocly relativises it) → `paths/item@remove.yaml`. */
function specRelative(ref: string): string {
  const start = ref.search(/(^|\/)(paths|components|webhooks|errors)\//);
  return start < 0 ? (ref.split('/').at(-1) ?? ref) : ref.slice(start).replace(/^\//, '');
}
