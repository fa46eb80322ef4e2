/**
 * @module spec-gate/report
 * The gate's report for people: every change with its rating, rule and affected operations, the
 * level each package needs against what the pending changesets give, and how to fix a failure.
 */

import { isPreOne } from './release-levels.js';
import { SECTIONS } from './release-notes.js';

/** @typedef {import('./gate.js').SpecGate} SpecGate */
/** @typedef {import('./rated-changes.js').RatedChange} RatedChange */

/** Targets shown per change before "and N more". */
const SHOWN_TARGETS = 12;

/**
 * Wraps a comma-separated list to lines of about `width` characters, each indented by `indent`.
 * @param {string[]} items
 * @param {string} indent
 * @param {number} [width]
 * @returns {string[]}
 */
function wrap(items, indent, width = 110) {
  /** @type {string[]} */
  const lines = [];
  let line = '';
  for (const [index, item] of items.entries()) {
    const text = index < items.length - 1 ? `${item},` : item;
    if (line && line.length + 1 + text.length > width - indent.length) {
      lines.push(indent + line);
      line = text;
    } else {
      line = line ? `${line} ${text}` : text;
    }
  }
  return line ? [...lines, indent + line] : lines;
}

/**
 * The lines of one change.
 * @param {RatedChange} change
 * @returns {string[]}
 */
function changeLines(change) {
  const rule = change.rule
    ? ` [${change.rule}${change.redoclyImpact ? `; Redocly rates it ${change.redoclyImpact}` : ''}]`
    : '';
  const where = change.where ? ` (${change.where})` : '';
  const shown = change.targets.slice(0, SHOWN_TARGETS);
  const more = change.targets.length - shown.length;
  const targets = more > 0 ? [...shown, `and ${more} more`] : shown;
  return [
    `  ${change.impact.padEnd(5)}  ${change.message.replace(/\.$/, '')}${where}${rule}`,
    ...wrap(targets, '           '),
  ];
}

/**
 * The changeset level fix for a package the pending changesets under-rate.
 * @param {SpecGate['packages'][number]} pkg
 * @returns {string}
 */
function fixLine(pkg) {
  return `  fix: run \`pnpm spec:changeset\` (it writes "${pkg.name}": ${pkg.required} into the generated changeset), or raise "${pkg.name}" to ${pkg.required} in a pending changeset`;
}

/**
 * The report of a gate run.
 * @param {SpecGate} gate
 * @returns {string}
 */
export function formatSpecGateReport(gate) {
  const lines = [headerLine(gate)];
  if (gate.changes.length === 0) {
    lines.push('  no changes');
  }
  for (const { impact, title } of SECTIONS) {
    const section = gate.changes.filter((change) => change.impact === impact);
    if (section.length > 0) {
      lines.push('', `${title} (${impact}): ${section.length}`, ...section.flatMap(changeLines));
    }
  }
  // The whole report sets the last line (ok / FAILED) apart.
  const verdict = verdictLines(gate);
  lines.push('', ...verdict.slice(0, -1), '', ...verdict.slice(-1));
  return `${lines.join('\n')}\n`;
}

/**
 * The report of a passing gate in a few lines (the counts of changes by impact instead of the
 * list), for runs where a green result should fit on a screen; a failing gate gets the whole
 * {@link formatSpecGateReport}, so what is wrong stays in view.
 * @param {SpecGate} gate
 * @returns {string}
 */
export function formatSpecGateSummary(gate) {
  if (!gate.ok) {
    return formatSpecGateReport(gate);
  }
  const counts = SECTIONS.map(({ impact }) => ({
    impact,
    count: gate.changes.filter((change) => change.impact === impact).length,
  }))
    .filter(({ count }) => count > 0)
    .map(({ impact, count }) => `${count} ${impact}`);
  const changes = counts.length === 0 ? 'no changes' : `changes: ${counts.join(', ')} (\`pnpm spec:diff\` lists them)`;
  return `${[headerLine(gate), `  ${changes}`, ...verdictLines(gate)].join('\n')}\n`;
}

/**
 * The first line: what was compared with what.
 * @param {SpecGate} gate
 * @returns {string}
 */
function headerLine({ base, revision }) {
  const since = base.releasePoint
    ? `${base.releasePoint.kind === 'changelog' ? 'the last release' : 'the first commit (no release yet)'} ${base.label} "${base.releasePoint.subject}"`
    : base.label;
  return `spec-gate: the bundled spec, ${since} → ${revision.label}`;
}

/**
 * The verdict: the level the diff needs, each package's level with its fix, the release notes'
 * state, and the last line `spec-gate: ok` or `FAILED`.
 * @param {SpecGate} gate
 * @returns {string[]}
 */
function verdictLines(gate) {
  const { packages, notes } = gate;
  const lines = [`Release level: the diff needs ${gate.impact === 'none' ? 'no release' : `a ${gate.impact} bump`}.`];
  for (const pkg of packages) {
    const preOne = gate.impact === 'major' && isPreOne(pkg.version) && pkg.required === 'minor' ? ', as 0.x' : '';
    const verdict = pkg.ok ? 'ok' : 'TOO LOW';
    lines.push(
      `  ${pkg.name} ${pkg.version}: needs ${pkg.required}${preOne}; pending changesets give ${pkg.pending}: ${verdict}`,
    );
    if (!pkg.ok) {
      lines.push(fixLine(pkg));
    }
    if (pkg.pending === 'major' && isPreOne(pkg.version)) {
      lines.push(`  note: "${pkg.name}": major releases ${pkg.name} 1.0.0`);
    }
  }
  const notesText = {
    current: `${notes.file} is up to date`,
    'not-needed': 'none needed (no spec changes)',
    'not-checked': 'not checked (the base is not the release point)',
    missing: `${notes.file} is MISSING: run \`pnpm spec:changeset\``,
    stale: `${notes.file} is OUT OF DATE: run \`pnpm spec:changeset\``,
  }[notes.status];
  lines.push(`Release notes: ${notesText}`, gate.ok ? 'spec-gate: ok' : 'spec-gate: FAILED');
  return lines;
}
