import { describe, expect, it } from 'vitest';
import type { SpecGate } from '../../src/spec-gate/gate.js';
import { formatSpecGateReport, formatSpecGateSummary } from '../../src/spec-gate/report.js';

function gate(overrides: Partial<SpecGate>): SpecGate {
  return {
    base: {
      label: 'abc123def456',
      commit: 'abc123def4567890',
      releasePoint: { commit: 'abc123def4567890', kind: 'changelog', subject: 'Version packages' },
    },
    revision: { label: 'work tree' },
    changes: [
      {
        impact: 'major',
        rule: 'enum-values-removed',
        message: "Enum of `detail` lost values: 'audit'.",
        where: 'schema `ItemGetRequest`',
        targetKind: 'operations',
        targets: ['POST /item/get'],
      },
      {
        impact: 'minor',
        rule: 'svc/enum-change-is-feature',
        redoclyImpact: 'patch',
        message: "Enum gained values: 'paused'",
        where: 'schema `ItemStatus`',
        targetKind: 'operations',
        targets: Array.from({ length: 14 }, (_, index) => `POST /op/${index}`),
      },
    ],
    impact: 'major',
    packages: [
      { name: '@svc/spec', version: '0.1.0', required: 'minor', pending: 'patch', ok: false },
      { name: '@svc/client', version: '0.1.0', required: 'minor', pending: 'minor', ok: true },
    ],
    notes: { file: '.changeset/spec-changes.md', status: 'stale' },
    ok: false,
    ...overrides,
  };
}

describe('formatSpecGateReport', () => {
  const report = formatSpecGateReport(gate({}));

  it('prints each change with its rating, rule and operations', () => {
    expect(report).toContain('Breaking changes (major): 1');
    expect(report).toContain(
      "  major  Enum of `detail` lost values: 'audit' (schema `ItemGetRequest`) [enum-values-removed]",
    );
    expect(report).toContain('           POST /item/get');
    expect(report).toContain('[svc/enum-change-is-feature; Redocly rates it patch]');
    expect(report).toContain('and 2 more');
  });

  it('prints the level each package needs, what it gets and the fix', () => {
    expect(report).toContain('the last release abc123def456 "Version packages" → work tree');
    expect(report).toContain('@svc/spec 0.1.0: needs minor, as 0.x; pending changesets give patch: TOO LOW');
    expect(report).toContain(
      'fix: run `pnpm spec:changeset` (it writes "@svc/spec": minor into the generated changeset)',
    );
    expect(report).toContain('@svc/client 0.1.0: needs minor, as 0.x; pending changesets give minor: ok');
    expect(report).toContain('.changeset/spec-changes.md is OUT OF DATE: run `pnpm spec:changeset`');
    expect(report.trimEnd().endsWith('spec-gate: FAILED')).toBe(true);
  });

  it('says when there is nothing to release', () => {
    const quiet = formatSpecGateReport(
      gate({
        changes: [],
        impact: 'none',
        packages: [{ name: '@svc/spec', version: '0.1.0', required: 'none', pending: 'none', ok: true }],
        notes: { file: '.changeset/spec-changes.md', status: 'not-needed' },
        ok: true,
      }),
    );
    expect(quiet).toContain('  no changes');
    expect(quiet).toContain('the diff needs no release');
    expect(quiet.trimEnd().endsWith('spec-gate: ok')).toBe(true);
  });
});

describe('formatSpecGateSummary', () => {
  it('gives the whole report of a failing gate', () => {
    expect(formatSpecGateSummary(gate({}))).toBe(formatSpecGateReport(gate({})));
  });

  it('counts the changes of a passing gate instead of listing them', () => {
    const passing = gate({
      packages: [
        { name: '@svc/spec', version: '0.1.0', required: 'minor', pending: 'minor', ok: true },
        { name: '@svc/client', version: '0.1.0', required: 'minor', pending: 'minor', ok: true },
      ],
      notes: { file: '.changeset/spec-changes.md', status: 'current' },
      ok: true,
    });
    const summary = formatSpecGateSummary(passing);
    expect(summary).toContain('  changes: 1 major, 1 minor (`pnpm spec:diff` lists them)');
    expect(summary).not.toContain('POST /item/get');
    expect(summary).toContain('@svc/spec 0.1.0: needs minor, as 0.x; pending changesets give minor: ok');
    expect(summary).toContain('.changeset/spec-changes.md is up to date');
    expect(summary.trimEnd().endsWith('spec-gate: ok')).toBe(true);
    expect(summary.trimEnd().split('\n').length).toBeLessThanOrEqual(8);
  });
});
