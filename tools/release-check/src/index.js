/**
 * @module @svc/release-check
 * Release checks of the workspace: pending changesets for changed published packages, the spec's
 * info.version in step with @svc/spec, and the packed contents of each published package.
 */
export { checkChangesets, formatChangesetReport } from './check-changesets.js';
export { git, splitNul } from './git.js';
export { manifestTargets, packPackage, packProblems } from './pack.js';
export { FORBIDDEN, PACK_ALLOWLISTS } from './pack-allowlists.js';
export { changedInputs, EXTRA_INPUTS, isPackageInput } from './package-inputs.js';
export { pendingChangesets } from './pending-changesets.js';
export { changedFilesSince, findReleasePoint } from './release-point.js';
export {
  readInfoVersion,
  SPEC_PACKAGE,
  SPEC_SOURCE,
  specVersions,
  syncSpecVersion,
  writeInfoVersion,
} from './spec-version.js';
export { publishedPackages, workspacePackages } from './workspace.js';
