#!/usr/bin/env node
// svc-release-check changesets: fails when a published package changed since the last release
//   without a pending changeset (run by `pnpm check:changesets` at the repository root).
// svc-release-check sync-spec-version: writes the @svc/spec version into spec/openapi.yaml
//   info.version (run right after `changeset version`).
// svc-release-check spec-version: fails when they differ.
// svc-release-check spec-gate [--summary] [<base> [<revision>]]: rates every spec change since the last
//   release (or between two git revisions) and fails when the pending changesets give @svc/spec or
//   @svc/client a lower level than the changes need (`pnpm spec:diff` at the root; in `npm test`
//   with --summary: counts instead of the list when it passes, the whole report when it fails).
// svc-release-check spec-changeset: writes the generated changeset .changeset/spec-changes.md
//   (`pnpm spec:changeset`).
// --root <dir> runs on another repository (default: the one this file is in).
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { checkChangesets, formatChangesetReport } from './check-changesets.js';
import { ALLOW_SHALLOW_ENV, ShallowHistoryError } from './release-point.js';
import { runSpecGate, writeReleaseNotes } from './spec-gate/gate.js';
import { formatSpecGateReport, formatSpecGateSummary } from './spec-gate/report.js';
import { SPEC_PACKAGE, SPEC_SOURCE, specVersions, syncSpecVersion } from './spec-version.js';

const usage =
  'usage: svc-release-check changesets | sync-spec-version | spec-version | spec-gate [--summary] [<base> [<revision>]] | spec-changeset [--root <repository>]';

try {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { root: { type: 'string' }, summary: { type: 'boolean', default: false } },
  });
  const [command, ...rest] = positionals;
  if (rest.length > (command === 'spec-gate' ? 2 : 0)) {
    throw new Error(usage);
  }
  // Default: the repository this tool lives in (tools/release-check/src → the root).
  const root = values.root ? resolve(values.root) : join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  if (command === 'changesets') {
    const check = checkChangesets(root);
    (check.ok ? process.stdout : process.stderr).write(formatChangesetReport(check));
    process.exitCode = check.ok ? 0 : 1;
  } else if (command === 'sync-spec-version') {
    const { from, to, changed } = syncSpecVersion(root);
    process.stdout.write(
      changed
        ? `${SPEC_SOURCE}: info.version ${from} → ${to} (the ${SPEC_PACKAGE.name} version)\n`
        : `${SPEC_SOURCE}: info.version is already ${to}\n`,
    );
  } else if (command === 'spec-version') {
    const { packageVersion, infoVersion } = specVersions(root);
    if (packageVersion !== infoVersion) {
      throw new Error(
        `${SPEC_SOURCE} info.version is ${infoVersion} but ${SPEC_PACKAGE.name} is ${packageVersion}: ` +
          'run `node tools/release-check/src/cli.js sync-spec-version`',
      );
    }
    process.stdout.write(`${SPEC_SOURCE} info.version = ${SPEC_PACKAGE.name} version = ${packageVersion}\n`);
  } else if (command === 'spec-gate') {
    const [base, revision] = rest;
    const gate = await runSpecGate(root, { ...(base ? { base } : {}), ...(revision ? { revision } : {}) });
    (gate.ok ? process.stdout : process.stderr).write(
      (values.summary ? formatSpecGateSummary : formatSpecGateReport)(gate),
    );
    process.exitCode = gate.ok ? 0 : 1;
  } else if (command === 'spec-changeset') {
    const { file, action, gate } = await writeReleaseNotes(root);
    const levels = gate.packages
      .filter((pkg) => pkg.required !== 'none')
      .map((pkg) => `"${pkg.name}": ${pkg.required}`)
      .join(', ');
    process.stdout.write(
      {
        written: `${file}: written (${levels}; ${gate.changes.length} changes since ${gate.base.label})\n`,
        unchanged: `${file}: already up to date\n`,
        deleted: `${file}: deleted (the spec has not changed since ${gate.base.label})\n`,
        none: `${file}: not needed (the spec has not changed since ${gate.base.label})\n`,
      }[action],
    );
  } else {
    throw new Error(usage);
  }
} catch (error) {
  if (error instanceof ShallowHistoryError && process.env[ALLOW_SHALLOW_ENV] === '1') {
    process.stderr.write(`release-check: SKIPPED, NOT VERIFIED: ${error.message} (${ALLOW_SHALLOW_ENV}=1)\n`);
  } else {
    process.stderr.write(`release-check: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  }
}
