/**
 * @module git
 * Runs git in a work tree and returns its output, failing with git's own message.
 */
import { spawnSync } from 'node:child_process';

/**
 * Runs `git <args>` in `cwd` and returns stdout.
 * @param {string} cwd
 * @param {string[]} args
 * @returns {string}
 */
export function git(cwd, args) {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) {
    throw new Error(`could not run git: ${result.error.message}`);
  }
  if (result.status !== 0) {
    throw new Error(`git ${args.join(' ')} failed in ${cwd}: ${result.stderr.trim() || `exit ${result.status}`}`);
  }
  return result.stdout;
}

/**
 * The NUL-separated fields of a `-z` output, without the empty last one.
 * @param {string} output
 * @returns {string[]}
 */
export function splitNul(output) {
  return output.split('\0').filter((field) => field !== '');
}
