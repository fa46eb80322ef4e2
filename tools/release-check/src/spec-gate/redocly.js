/**
 * @module spec-gate/redocly
 * Runs the Redocly CLI that `@svc/spec` pins (the one that builds the published bundle): `bundle`
 * for one revision of the spec, and `diff`, which rates every change between two bundles by the
 * semver bump it needs.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The API of redocly.yaml that is the published spec (as in packages/spec/scripts/bundle.mjs). */
export const SPEC_API = 'svc@v1';

/**
 * The Redocly CLI entry point, resolved through `@svc/spec` (a devDependency of this package).
 * @returns {string}
 */
export function redoclyEntry() {
  const require = createRequire(import.meta.url);
  const specManifest = require.resolve('@svc/spec/package.json');
  const cliManifest = createRequire(specManifest).resolve('@redocly/cli/package.json');
  const { bin } = JSON.parse(readFileSync(cliManifest, 'utf8'));
  return join(dirname(cliManifest), typeof bin === 'string' ? bin : bin.redocly);
}

/**
 * Runs the Redocly CLI with telemetry and the update check off; fails with its stderr.
 * @param {string[]} args
 * @param {string} cwd
 * @returns {Promise<string>} stdout
 */
function redocly(args, cwd) {
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [redoclyEntry(), ...args],
      { cwd, env, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) {
          // The Node 20 deprecation box is stderr noise; keep the lines that say what went wrong.
          const reason = stderr
            .split('\n')
            .filter((line) => line.trim() !== '' && !/[║╔╚]/.test(line))
            .join('\n');
          reject(new Error(`redocly ${args[0]} failed: ${reason || error.message}`));
        } else {
          resolve(stdout);
        }
      },
    );
  });
}

/**
 * Bundles the spec of a source tree (a directory with redocly.yaml and spec/) into one file.
 * @param {string} tree the directory that holds redocly.yaml
 * @param {string} output the bundle file to write (.yaml or .json)
 * @returns {Promise<void>}
 */
export async function bundleSpec(tree, output) {
  await redocly(['bundle', SPEC_API, '--config', join(tree, 'redocly.yaml'), '--output', output], tree);
}

/**
 * A change as `redocly diff --format json` reports it (report version 1).
 * @typedef {object} RedoclyChange
 * @property {string} path where the change was first met, walking from the document root
 * @property {string} typeName the OpenAPI node type, e.g. `Schema`, `PathItem`
 * @property {'added' | 'removed' | 'modified'} kind
 * @property {'major' | 'minor' | 'patch'} impact
 * @property {Array<{ruleId: string, impact: 'major' | 'minor' | 'patch', message: string}>} verdicts
 * @property {string} [property] the changed property of a modified node
 * @property {{pointer: string, value?: unknown}} [base] the node in the base bundle
 * @property {{pointer: string, value?: unknown}} [revision] the node in the revision bundle
 */

/**
 * Compares two bundles with `redocly diff` and returns its changes. Run in `cwd` (a directory
 * without a redocly.yaml, so no lint configuration or plugin is loaded).
 * @param {string} base the bundle of the earlier revision
 * @param {string} revision the bundle of the later revision
 * @param {string} cwd
 * @returns {Promise<RedoclyChange[]>}
 */
export async function diffBundles(base, revision, cwd) {
  const report = JSON.parse(await redocly(['diff', base, revision, '--format', 'json', '--fail-on', 'none'], cwd));
  if (report.reportVersion !== '1' || !Array.isArray(report.changes)) {
    throw new Error(`redocly diff wrote a report this check does not know (reportVersion ${report.reportVersion})`);
  }
  return report.changes;
}
