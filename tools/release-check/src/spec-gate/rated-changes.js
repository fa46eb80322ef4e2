/**
 * @module spec-gate/rated-changes
 * Turns `redocly diff`'s report into the gate's list of changes: one entry per Redocly verdict
 * (or per unexplained change), whole added or removed path maps split into their operations, the
 * project's rating rules applied, open-enum changes added, and every change given the operations
 * and webhooks it reaches. Identical changes are grouped, so a change to a shared schema is one
 * entry listing all its operations.
 */
import { describeChange, placeOf } from './describe.js';
import { decodePointer, encodePointer } from './pointer.js';
import { applyRatingRules, extensibleEnumFindings } from './project-rules.js';
import { levelRank } from './release-levels.js';
import { UsageIndex } from './usage-index.js';

/** @typedef {import('./redocly.js').RedoclyChange} RedoclyChange */
/** @typedef {import('./project-rules.js').Finding} Finding */

/**
 * A rated change of the spec, as the report and the release notes show it.
 * @typedef {object} RatedChange
 * @property {'major' | 'minor' | 'patch'} impact the semver bump the change needs
 * @property {string} rule the rule that rated it (Redocly's id, `svc/…`, or `` when no rule fired)
 * @property {'major' | 'minor' | 'patch'} [redoclyImpact] Redocly's rating, when a project rule changed it
 * @property {string} message what happened
 * @property {string} where the changed node; `` when `targets` are whole operations or places
 * @property {'operations' | 'places'} targetKind whether `targets` are operations and webhooks
 * @property {string[]} targets the affected operations and webhooks, or the changed places
 */

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** The messages of documentation edits (see describe.js). */
const DOCS_MESSAGE = /^(?:Changed (?:description|summary|title|examples?|externalDocs)|(?:New|Removed) example)$/;

/**
 * Splits a whole `paths`/`webhooks` map or Path Item that was added or removed into one change
 * per operation, so each new or removed operation is listed.
 * @param {RedoclyChange} change
 * @returns {RedoclyChange[]}
 */
function splitOperations(change) {
  const segments = decodePointer(change.path);
  const [section] = segments;
  if (change.kind === 'modified' || (section !== 'paths' && section !== 'webhooks') || segments.length > 2) {
    return [change];
  }
  const side = change.kind === 'added' ? 'revision' : 'base';
  const value = /** @type {Record<string, any>} */ (change[side]?.value ?? {});
  /** @type {Array<[string, Record<string, any>]>} */
  const items = segments.length === 1 ? Object.entries(value) : [[segments[1] ?? '', value]];
  return items.flatMap(([key, pathItem]) =>
    Object.keys(pathItem ?? {})
      .filter((method) => METHODS.has(method))
      .map((method) => {
        const pointer = encodePointer([section, key, method]);
        return { ...change, path: pointer, typeName: 'Operation', [side]: { pointer, value: pathItem[method] } };
      }),
  );
}

/**
 * The findings of one Redocly change: one per verdict, or one unexplained change.
 * @param {RedoclyChange} change
 * @returns {Finding[]}
 */
function findingsOf(change) {
  const common = {
    kind: change.kind,
    path: change.path,
    property: change.property,
    basePointer: change.base?.pointer,
    revisionPointer: change.revision?.pointer,
    baseValue: change.base?.value,
    revisionValue: change.revision?.value,
  };
  if (change.verdicts.length === 0) {
    return [{ ...common, impact: change.impact, rule: '', verdict: undefined }];
  }
  return change.verdicts.map((verdict) => ({
    ...common,
    impact: verdict.impact,
    rule: verdict.ruleId,
    verdict: verdict.message,
  }));
}

/**
 * The pointer segments of the changed node, without a trailing changed property.
 * @param {string} pointer
 * @param {string | undefined} property
 * @returns {string[]}
 */
function nodeSegments(pointer, property) {
  const segments = decodePointer(pointer);
  return property !== undefined && segments.at(-1) === property ? segments.slice(0, -1) : segments;
}

/**
 * Orders labels by their text, ignoring Markdown backticks.
 * @param {string} a
 * @param {string} b
 * @returns {number}
 */
function byText(a, b) {
  return a.replaceAll('`', '').localeCompare(b.replaceAll('`', ''));
}

/**
 * Rates every change between two bundles.
 * @param {RedoclyChange[]} redoclyChanges the report of `redocly diff`
 * @param {Record<string, any>} base the base bundle, parsed
 * @param {Record<string, any>} revision the revision bundle, parsed
 * @returns {RatedChange[]} grouped, highest impact first
 */
export function rateChanges(redoclyChanges, base, revision) {
  const indexes = { base: new UsageIndex(base), revision: new UsageIndex(revision) };
  const findings = [
    ...redoclyChanges.flatMap(splitOperations).flatMap(findingsOf),
    ...extensibleEnumFindings(base, revision),
  ].map(applyRatingRules);

  /** @type {Map<string, RatedChange>} */
  const groups = new Map();
  for (const finding of findings) {
    const onRevision = finding.revisionPointer !== undefined;
    const pointer = finding.revisionPointer ?? finding.basePointer ?? finding.path;
    const document = onRevision ? revision : base;
    const segments = nodeSegments(pointer, finding.property);
    const place = placeOf(encodePointer(segments), document);
    // A whole operation or component added or removed (a modified one names the changed property).
    const whole = place.whole && finding.kind !== 'modified';
    const message =
      finding.verdict ??
      describeChange({
        kind: finding.kind,
        property: finding.property,
        segments,
        baseValue: finding.baseValue,
        revisionValue: finding.revisionValue,
        document,
      });
    /** @type {Set<string>} */
    const operations = new Set();
    const first = placeOf(finding.path, document).operation;
    if (first && place.owner === 'operation' && whole) {
      operations.add(first);
    } else if (!whole) {
      // Every operation that uses the node, in either document; an operation that is new (or gone)
      // is listed as such, not as changed.
      for (const [side, at] of /** @type {const} */ ([
        ['base', finding.basePointer],
        ['revision', finding.revisionPointer],
      ])) {
        for (const label of at
          ? indexes[side].operationsUsing(encodePointer(nodeSegments(at, finding.property)))
          : []) {
          operations.add(label);
        }
      }
      if (first) {
        operations.add(first);
      }
      for (const label of operations) {
        if (!indexes.base.has(label) || !indexes.revision.has(label)) {
          operations.delete(label);
        }
      }
    }
    const byOperation = operations.size > 0;
    // Documentation edits are one entry per kind (a reviewer needs the operations, not each node).
    const docsOnly = finding.impact === 'patch' && DOCS_MESSAGE.test(message);
    const where = byOperation && !whole && !docsOnly ? place.label : '';
    const key = [finding.impact, finding.rule, message, byOperation ? `op:${where}` : 'places'].join('\u0000');
    const group = groups.get(key) ?? {
      impact: finding.impact,
      rule: finding.rule,
      ...(finding.redoclyImpact ? { redoclyImpact: finding.redoclyImpact } : {}),
      message,
      where,
      targetKind: byOperation ? 'operations' : 'places',
      targets: [],
    };
    // A whole component is listed by its name alone (the message says which kind it is).
    const placeLabel = place.owner === 'component' && whole ? place.label.replace(/^[^`]*/, '') : place.label;
    group.targets = [...new Set([...group.targets, ...(byOperation ? operations : [placeLabel])])].sort(byText);
    groups.set(key, group);
  }
  return [...groups.values()].sort(
    (a, b) =>
      levelRank(b.impact) - levelRank(a.impact) || a.message.localeCompare(b.message) || a.where.localeCompare(b.where),
  );
}

/**
 * The highest impact among `changes` (`none` when there are none).
 * @param {RatedChange[]} changes
 * @returns {'major' | 'minor' | 'patch' | 'none'}
 */
export function highestImpact(changes) {
  return changes.reduce(
    (highest, change) => (levelRank(change.impact) > levelRank(highest) ? change.impact : highest),
    /** @type {'major' | 'minor' | 'patch' | 'none'} */ ('none'),
  );
}
