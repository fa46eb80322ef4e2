#!/usr/bin/env node
// svc-release-check <command>: the release checks of the published packages (changesets, the spec
// version, the breaking-change gate, the generated spec changeset); USAGE and COMMANDS below say
// what each does, and `--help` prints them.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCommandLine } from '../../dev/command-line.mjs';

const ROOT_OPTION = `  --root <dir>   run on another repository (default: the one this tool is in)
  -h, --help     show this help`;

/** Each command with its usage. */
const COMMANDS = {
  changesets: `usage: svc-release-check changesets [--root <dir>]

Fails when a published package changed since the last release without a pending changeset
(\`pnpm check:changesets\` at the root; in \`npm test\`).
${ROOT_OPTION}`,
  'sync-spec-version': `usage: svc-release-check sync-spec-version [--root <dir>]

Writes the @svc/spec version into spec/openapi.yaml info.version (run right after \`changeset version\`).
${ROOT_OPTION}`,
  'spec-version': `usage: svc-release-check spec-version [--root <dir>]

Fails when spec/openapi.yaml info.version differs from the @svc/spec version.
${ROOT_OPTION}`,
  'spec-gate': `usage: svc-release-check spec-gate [--summary] [--root <dir>] [<base> [<revision>]]

The breaking-change gate (\`pnpm spec:diff\`): rates every spec change since the last release, or
between two git revisions, and fails when the pending changesets give @svc/spec or @svc/client a
lower level than the changes need.
  --summary      counts instead of the list when it passes (the whole report when it fails; \`npm test\`)
${ROOT_OPTION}`,
  'spec-changeset': `usage: svc-release-check spec-changeset [--root <dir>]

Writes the generated changeset .changeset/spec-changes.md: the levels and release notes of the spec
changes since the last release (\`pnpm spec:changeset\`); deletes it when the spec is unchanged.
${ROOT_OPTION}`,
};

const USAGE = `usage: svc-release-check <command> [--root <dir>]

Release checks of the published packages. Commands:
  changesets         fails when a changed published package has no pending changeset
  sync-spec-version  writes the @svc/spec version into spec/openapi.yaml info.version
  spec-version       fails when they differ
  spec-gate [--summary] [<base> [<revision>]]
                     the breaking-change gate: rates the spec changes against the pending changesets
  spec-changeset     writes the generated changeset .changeset/spec-changes.md
${ROOT_OPTION}
svc-release-check <command> --help says more about one.`;

const { positionals, values } = readCommandLine({
  command: 'svc-release-check',
  usage: USAGE,
  commands: COMMANDS,
  options: { root: { type: 'string' }, summary: { type: 'boolean', default: false } },
});
const [command, ...rest] = positionals;
if (rest.length > (command === 'spec-gate' ? 2 : 0)) {
  process.stderr.write(
    `svc-release-check: unexpected argument "${rest.at(-1)}" (svc-release-check ${command} --help says more)\n`,
  );
  process.exit(2);
}

// The checks are imported once the command line is read, so that --help needs nothing built.
const { checkChangesets, formatChangesetReport } = await import('./check-changesets.js');
const { ALLOW_SHALLOW_ENV, ShallowHistoryError } = await import('./release-point.js');
const { runSpecGate, writeReleaseNotes } = await import('./spec-gate/gate.js');
const { formatSpecGateReport, formatSpecGateSummary } = await import('./spec-gate/report.js');
const { SPEC_PACKAGE, SPEC_SOURCE, specVersions, syncSpecVersion } = await import('./spec-version.js');

try {
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
  }
} catch (error) {
  if (error instanceof ShallowHistoryError && process.env[ALLOW_SHALLOW_ENV] === '1') {
    process.stderr.write(`release-check: SKIPPED, NOT VERIFIED: ${error.message} (${ALLOW_SHALLOW_ENV}=1)\n`);
  } else {
    process.stderr.write(`release-check: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  }
}
