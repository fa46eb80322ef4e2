/**
 * @module require-built
 * The `prepack` guard of the published packages: `pnpm pack` or `pnpm publish` of a package whose
 * build outputs are missing is refused, instead of producing a tarball without `dist/`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { manifestTargets } from './pack.js';

/** The `prepack` script every published package has (run from the package's directory). */
export const PREPACK_SCRIPT = 'node ../../tools/release-check/src/prepack.js';

/**
 * The files the package in `packageDir` names in its package.json (`exports`, `main`, `types`,
 * `bin`) that do not exist.
 * @param {string} packageDir
 * @returns {string[]} paths relative to the package, sorted; empty when everything is there
 */
export function missingBuildOutputs(packageDir) {
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  return manifestTargets(manifest).filter((target) => !existsSync(join(packageDir, target)));
}

/**
 * Throws, saying what is missing and how to build it, unless the package in `packageDir` is built.
 * @param {string} packageDir
 */
export function assertBuilt(packageDir) {
  const missing = missingBuildOutputs(packageDir);
  if (missing.length > 0) {
    const { name } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
    throw new Error(
      `refusing to pack ${name}: it is not built (missing: ${missing.join(', ')}). ` +
        `Build it first: \`pnpm turbo run build --filter=${name}\` (or \`pnpm build\`) at the repository root.`,
    );
  }
}
