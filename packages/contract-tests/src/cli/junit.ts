/**
 * The JUnit XML report of a `svc-contract` run, as CI systems read it (GitHub Actions test
 * reporters, GitLab, Jenkins): one `<testsuite>` per operation, one `<testcase>` per case
 * (`classname` the operationId, `name` the case), a `<failure>` with the case's report when it
 * failed, `<skipped>` when it did not run.
 */
import type { CaseOutcome } from './run-contract.js';

/** Escapes text for an XML attribute or element. */
function xml(text: string): string {
  return (
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      // Characters XML 1.0 does not allow at all.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is removed
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '')
  );
}

const seconds = (value: number) => value.toFixed(3);

/** The JUnit XML document of the outcomes, grouped by operation in their order. */
export function junitXml(outcomes: readonly CaseOutcome[], name = 'svc-contract'): string {
  const byOperation = new Map<string, CaseOutcome[]>();
  for (const outcome of outcomes) {
    byOperation.set(outcome.item.operationId, [...(byOperation.get(outcome.item.operationId) ?? []), outcome]);
  }
  const count = (list: readonly CaseOutcome[], status: CaseOutcome['status']) =>
    list.filter((outcome) => outcome.status === status).length;
  const time = (list: readonly CaseOutcome[]) => seconds(list.reduce((sum, outcome) => sum + outcome.seconds, 0));
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xml(name)}" tests="${outcomes.length}" failures="${count(outcomes, 'failed')}" skipped="${count(outcomes, 'skipped')}" errors="0" time="${time(outcomes)}">`,
  ];
  for (const [operationId, list] of byOperation) {
    lines.push(
      `  <testsuite name="${xml(operationId)}" tests="${list.length}" failures="${count(list, 'failed')}" skipped="${count(list, 'skipped')}" errors="0" time="${time(list)}">`,
    );
    for (const outcome of list) {
      const open = `    <testcase classname="${xml(operationId)}" name="${xml(outcome.item.name)}" time="${seconds(outcome.seconds)}"`;
      if (outcome.status === 'passed') {
        lines.push(`${open}/>`);
      } else if (outcome.status === 'skipped') {
        lines.push(`${open}>`, `      <skipped message="${xml(outcome.report)}"/>`, '    </testcase>');
      } else {
        lines.push(
          `${open}>`,
          `      <failure message="${xml(outcome.problems.join('; '))}" type="${xml(outcome.item.kind)}">${xml(outcome.report)}</failure>`,
          '    </testcase>',
        );
      }
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}
