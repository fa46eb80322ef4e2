// Runs this package's Redocly CLI with the root redocly.yaml conventions (telemetry and the update
// check off), passing its output through except one thing: the boxed "Node.js 20 support is
// ending" notice Redocly CLI 2.x prints on stderr at every start under Node 20, four times per
// `npm test`. Anything else, errors and other boxes included, is kept.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The text that identifies Redocly's Node 20 end-of-life box. */
export const NODE_END_OF_LIFE_NOTICE = 'Node.js 20 support is ending';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const redocly = join(packageDir, 'node_modules', '.bin', 'redocly');

/**
 * `line` without ANSI colour codes.
 * @param {string} line
 * @returns {string}
 */
function plain(line) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escape sequences start with ESC
  return line.replace(/\u001b\[[0-9;]*m/g, '').trim();
}

/**
 * `text` without Redocly's Node 20 end-of-life box (from its `╔` line to its `╚` line) and the
 * blank lines around it. Boxes that do not carry the notice are kept.
 * @param {string} text
 * @returns {string}
 */
export function withoutNodeEndOfLifeNotice(text) {
  const lines = text.split('\n');
  /** @type {string[]} */
  const kept = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    if (plain(line).startsWith('╔')) {
      const end = lines.findIndex((candidate, at) => at > index && plain(candidate).startsWith('╚'));
      const box = end < 0 ? [] : lines.slice(index, end + 1);
      if (box.some((candidate) => plain(candidate).includes(NODE_END_OF_LIFE_NOTICE))) {
        while (kept.length > 0 && plain(kept.at(-1) ?? '') === '') {
          kept.pop();
        }
        index = end;
        while (index + 1 < lines.length - 1 && plain(lines[index + 1] ?? '') === '') {
          index += 1;
        }
        continue;
      }
    }
    kept.push(line);
  }
  return kept.join('\n');
}

/**
 * Runs `redocly <args>` in this package: stdin closed, stdout passed through (or ignored), stderr
 * passed to `writeStderr` (default: this process's stderr) without the Node 20 end-of-life box.
 * @param {string[]} args
 * @param {{stdout?: 'inherit' | 'ignore', writeStderr?: (text: string) => void}} [options]
 * @returns {number} Redocly's exit code (1 when it was killed by a signal)
 */
export function runRedocly(args, { stdout = 'inherit', writeStderr = (text) => process.stderr.write(text) } = {}) {
  const result = spawnSync(redocly, args, {
    cwd: packageDir,
    stdio: ['ignore', stdout, 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  if (result.error) {
    throw new Error(`could not run ${redocly}: ${result.error.message}`);
  }
  writeStderr(withoutNodeEndOfLifeNotice(result.stderr));
  return result.status ?? 1;
}
