/**
 * @module spec-gate/project-rules
 * The project's own rating rules, where `redocly diff` (2.77, experimental) misrates a change
 * that matters for this API. Each rule is listed, with the measurement behind it, in this
 * package's README ("Where the gate overrides Redocly").
 */
import { decodePointer, encodePointer, nodeAt } from './pointer.js';

/**
 * A change being rated: a Redocly change (one per verdict) or one the project detects itself.
 * @typedef {object} Finding
 * @property {'major' | 'minor' | 'patch'} impact
 * @property {string} rule Redocly's rule id, a `svc/` rule id, or `` for an unrated change
 * @property {'added' | 'removed' | 'modified'} kind
 * @property {string} path Redocly's path: where the change was first met from the document root
 * @property {string | undefined} property the changed property of a modified node
 * @property {string | undefined} basePointer the node in the base bundle
 * @property {string | undefined} revisionPointer the node in the revision bundle
 * @property {unknown} baseValue
 * @property {unknown} revisionValue
 * @property {string | undefined} verdict Redocly's message, when a rule of it fired
 * @property {'major' | 'minor' | 'patch'} [redoclyImpact] Redocly's rating, when a project rule changed it
 */

/** Sections, keywords and extensions that only document the API or organise its reference. */
const DOCS_ONLY_SEGMENTS = new Set(['tags', 'x-tagGroups', 'x-codeSamples', 'x-logo', 'examples', 'example']);

/**
 * Whether a Redocly path is inside documentation only (a field named like a keyword, under
 * `properties`, does not count).
 * @param {string} path
 * @returns {boolean}
 */
function isDocsOnly(path) {
  const segments = decodePointer(path);
  return segments.some((segment, index) => DOCS_ONLY_SEGMENTS.has(segment) && segments[index - 1] !== 'properties');
}

/**
 * The rating rules: each returns the project's rating of a finding, or undefined to keep
 * Redocly's.
 * @type {Array<{id: string, rate: (finding: Finding) => 'major' | 'minor' | 'patch' | undefined}>}
 */
export const RATING_RULES = [
  {
    // Redocly rates a value added to a request enum, and a value removed from a response enum, as
    // patch (no rule fires). Both change the contract: clients may send a new value, or will no
    // longer receive one (the client's union type narrows). A feature, never a mere fix.
    id: 'svc/enum-change-is-feature',
    rate: (finding) =>
      finding.kind === 'modified' && finding.property === 'enum' && finding.impact === 'patch' ? 'minor' : undefined,
  },
  {
    // Examples, tags, tag groups and code samples only document the API; Redocly rates an added
    // tag or an added named example of a request or response as minor.
    id: 'svc/docs-only',
    rate: (finding) => (finding.impact !== 'patch' && isDocsOnly(finding.path) ? 'patch' : undefined),
  },
  {
    // A server's `x-environment` names the environment in the generated client
    // (`environments.sandbox`, the `Environment` type): renaming or removing it breaks client
    // code. Redocly rates any change of an extension as patch.
    id: 'svc/environment-renamed',
    rate: (finding) =>
      finding.kind === 'modified' &&
      finding.property === 'x-environment' &&
      finding.baseValue !== undefined &&
      finding.baseValue !== finding.revisionValue
        ? 'major'
        : undefined,
  },
];

/**
 * The finding with the project's rating applied (the first rule that rates it wins).
 * @param {Finding} finding
 * @returns {Finding}
 */
export function applyRatingRules(finding) {
  for (const rule of RATING_RULES) {
    const impact = rule.rate(finding);
    if (impact && impact !== finding.impact) {
      return { ...finding, impact, rule: rule.id, redoclyImpact: finding.impact };
    }
  }
  return finding;
}

/**
 * Every node of `document` that lists `x-extensible-enum`, by pointer.
 * @param {unknown} document
 * @returns {Map<string, unknown[]>}
 */
function extensibleEnums(document) {
  /** @type {Map<string, unknown[]>} */
  const found = new Map();
  /** @type {Array<[unknown, string[]]>} */
  const stack = [[document, []]];
  while (stack.length > 0) {
    const [node, segments] = /** @type {[unknown, string[]]} */ (stack.pop());
    if (Array.isArray(node)) {
      node.forEach((item, index) => {
        stack.push([item, [...segments, String(index)]]);
      });
    } else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'x-extensible-enum' && Array.isArray(value)) {
          found.set(encodePointer(segments), value);
        } else {
          stack.push([value, [...segments, key]]);
        }
      }
    }
  }
  return found;
}

/**
 * Changes of open enums (`x-extensible-enum`, decision D-ENUM-1 in spec/README.md), which
 * `redocly diff` does not see at all (it ignores extensions inside schemas). A value added to or
 * removed from the known values of a schema present in both documents is a feature: clients must
 * accept any string, so nothing breaks, but the client's types and the reference change.
 * @param {unknown} base the base bundle
 * @param {unknown} revision the revision bundle
 * @returns {Finding[]}
 */
export function extensibleEnumFindings(base, revision) {
  const before = extensibleEnums(base);
  const after = extensibleEnums(revision);
  /** @type {Finding[]} */
  const findings = [];
  for (const pointer of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const old = before.get(pointer) ?? [];
    const now = after.get(pointer) ?? [];
    const segments = decodePointer(pointer);
    const inBoth = nodeAt(base, segments) !== undefined && nodeAt(revision, segments) !== undefined;
    const gained = now.filter((value) => !old.includes(value));
    const lost = old.filter((value) => !now.includes(value));
    if (!inBoth || (gained.length === 0 && lost.length === 0)) {
      continue;
    }
    const list = (/** @type {unknown[]} */ values) => values.map((value) => `'${String(value)}'`).join(', ');
    const parts = [gained.length > 0 ? `gained ${list(gained)}` : '', lost.length > 0 ? `lost ${list(lost)}` : ''];
    findings.push({
      impact: 'minor',
      rule: 'svc/extensible-enum-values',
      kind: 'modified',
      path: pointer,
      property: 'x-extensible-enum',
      basePointer: pointer,
      revisionPointer: pointer,
      baseValue: old,
      revisionValue: now,
      verdict: `Known values of an open enum (x-extensible-enum) ${parts.filter(Boolean).join(' and ')}.`,
    });
  }
  return findings;
}
