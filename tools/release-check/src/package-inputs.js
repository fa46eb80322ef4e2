/**
 * @module package-inputs
 * Which files are the inputs of a published package: a change to one of them changes what
 * consumers get, so it needs a changeset. A package's inputs are the files of its directory except
 * its tests, benchmarks, test and turbo configuration, and its CHANGELOG.md (written by `changeset version`); `@svc/spec` also has the
 * hand-written description in `spec/` (except its Markdown notes) and `redocly.yaml`, which the
 * bundle is built from.
 */

/** Inputs outside a package's directory, by package name (paths relative to the root). */
export const EXTRA_INPUTS = /** @type {Record<string, string[]>} */ ({
  '@svc/spec': ['spec/', 'redocly.yaml'],
});

/** Files of a package's directory that are not inputs (paths relative to the package). */
const PACKAGE_NON_INPUTS = [
  /^test\//,
  /^bench(?:marks?)?\//,
  /(^|\/)[^/]*\.test\.[cm]?[jt]sx?$/,
  /^vitest\.config\.[cm]?[jt]s$/,
  /^turbo\.json$/,
  /^CHANGELOG\.md$/,
];

/** Files under an extra input directory that are not inputs (paths relative to that directory). */
const EXTRA_NON_INPUTS = [/\.md$/];

/**
 * Whether `file` (relative to the root) is an input of the package in `dir` named `name`.
 * @param {string} file
 * @param {{name: string, dir: string}} pkg
 * @returns {boolean}
 */
export function isPackageInput(file, pkg) {
  const prefix = `${pkg.dir}/`;
  if (file.startsWith(prefix)) {
    const inner = file.slice(prefix.length);
    return !PACKAGE_NON_INPUTS.some((pattern) => pattern.test(inner));
  }
  return (EXTRA_INPUTS[pkg.name] ?? []).some((input) => {
    if (!input.endsWith('/')) {
      return file === input;
    }
    return file.startsWith(input) && !EXTRA_NON_INPUTS.some((pattern) => pattern.test(file.slice(input.length)));
  });
}

/**
 * The changed input files of each package, for the packages with at least one.
 * @param {string[]} files changed files, relative to the root
 * @param {Array<{name: string, dir: string}>} packages
 * @returns {Map<string, string[]>} package name → its changed input files
 */
export function changedInputs(files, packages) {
  /** @type {Map<string, string[]>} */
  const changed = new Map();
  for (const pkg of packages) {
    const inputs = files.filter((file) => isPackageInput(file, pkg));
    if (inputs.length > 0) {
      changed.set(pkg.name, inputs);
    }
  }
  return changed;
}
