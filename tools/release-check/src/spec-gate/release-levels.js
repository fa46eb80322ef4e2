/**
 * @module spec-gate/release-levels
 * Which changeset level a spec diff requires of each package whose contract is the spec, and which
 * level the pending changesets give it.
 *
 * Mapping (also in this package's README):
 *
 * | diff needs | package at 1.0 or later | package below 1.0 (0.x) |
 * |---|---|---|
 * | major (breaking) | `major` | `minor` (0.1.0 → 0.2.0; `major` would release 1.0.0) |
 * | minor (feature)  | `minor` | `minor` |
 * | patch (fix, docs) | `patch` | `patch` |
 *
 * `@svc/client` is held to the same level when the diff needs minor or major (its generated types
 * and methods follow the spec); documentation-only spec changes do not require a client release.
 */

/** Changeset levels from lowest to highest. */
export const LEVELS = /** @type {const} */ (['none', 'patch', 'minor', 'major']);

/** @typedef {(typeof LEVELS)[number]} Level */
/** @typedef {'major' | 'minor' | 'patch'} Impact */

/**
 * The packages whose release level follows the spec diff, and where their manifests are.
 * `minImpact` is the lowest diff impact that requires a release of the package.
 */
export const GATED_PACKAGES = [
  { name: '@svc/spec', dir: 'packages/spec', minImpact: /** @type {Impact} */ ('patch') },
  { name: '@svc/client', dir: 'packages/client', minImpact: /** @type {Impact} */ ('minor') },
];

/**
 * The rank of a level (`none` 0 … `major` 3); unknown strings rank as `none`.
 * @param {string} level
 * @returns {number}
 */
export function levelRank(level) {
  return Math.max(0, LEVELS.indexOf(/** @type {Level} */ (level)));
}

/**
 * The highest of `levels` (`none` when empty).
 * @param {Iterable<string>} levels
 * @returns {Level}
 */
export function highestLevel(levels) {
  let rank = 0;
  for (const level of levels) {
    rank = Math.max(rank, levelRank(level));
  }
  return LEVELS[rank] ?? 'none';
}

/**
 * Whether `version` is below 1.0.0 (0.x, where a breaking change is a minor release).
 * @param {string} version
 * @returns {boolean}
 */
export function isPreOne(version) {
  return /^0\./.test(version);
}

/**
 * The changeset level a diff of `impact` requires of a package at `version`.
 * @param {Impact | 'none'} impact the highest impact of the diff
 * @param {string} version the package's current version
 * @param {Impact} [minImpact] the lowest impact that concerns the package
 * @returns {Level}
 */
export function requiredLevel(impact, version, minImpact = 'patch') {
  if (impact === 'none' || levelRank(impact) < levelRank(minImpact)) {
    return 'none';
  }
  if (impact === 'major' && isPreOne(version)) {
    return 'minor';
  }
  return impact;
}

/**
 * The level the pending changesets give `name`: the highest they name it with.
 * @param {Array<{releases: Array<{name: string, type: string}>}>} changesets
 * @param {string} name
 * @returns {Level}
 */
export function pendingLevel(changesets, name) {
  return highestLevel(
    changesets.flatMap((changeset) => changeset.releases.filter((release) => release.name === name)).map((r) => r.type),
  );
}
