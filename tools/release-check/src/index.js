/**
 * @module @svc/release-check
 * Release checks of the workspace: pending changesets for changed published packages, the spec's
 * info.version in step with @svc/spec, the packed contents of each published package, and the
 * breaking-change gate (every spec change rated; the release level must match).
 */
export { checkChangesets, formatChangesetReport } from './check-changesets.js';
export { git, splitNul } from './git.js';
export { manifestTargets, packPackage, packProblems } from './pack.js';
export { FORBIDDEN, PACK_ALLOWLISTS } from './pack-allowlists.js';
export { changedInputs, EXTRA_INPUTS, isPackageInput } from './package-inputs.js';
export { pendingChangesets } from './pending-changesets.js';
export { changedFilesSince, findReleasePoint } from './release-point.js';
export { assertBuilt, missingBuildOutputs, PREPACK_SCRIPT } from './require-built.js';
export { runSpecGate, writeReleaseNotes } from './spec-gate/gate.js';
export { RATING_RULES } from './spec-gate/project-rules.js';
export { rateChanges } from './spec-gate/rated-changes.js';
export { diffBundles } from './spec-gate/redocly.js';
export { GATED_PACKAGES, requiredLevel } from './spec-gate/release-levels.js';
export { RELEASE_NOTES_FILE, releaseNotes } from './spec-gate/release-notes.js';
export { formatSpecGateReport } from './spec-gate/report.js';
export {
  readInfoVersion,
  SPEC_PACKAGE,
  SPEC_SOURCE,
  specVersions,
  syncSpecVersion,
  writeInfoVersion,
} from './spec-version.js';
export { publishedPackages, workspacePackages } from './workspace.js';
