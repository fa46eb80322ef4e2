/**
 * @module pack
 * Packs a workspace package with `pnpm pack` and checks the tarball against its allowlist.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { FORBIDDEN } from './pack-allowlists.js';

/** @typedef {import('./pack-allowlists.js').PackAllowlist} PackAllowlist */

/**
 * A packed package.
 * @typedef {object} PackedPackage
 * @property {string} tarball the tarball's path
 * @property {string[]} files its files, relative to the package root, sorted
 * @property {Record<string, unknown>} manifest its package.json, as published
 */

/**
 * @param {string} command
 * @param {string[]} args
 * @param {string} cwd
 * @returns {string}
 */
function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) {
    throw new Error(`could not run ${command}: ${result.error.message}`);
  }
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed in ${cwd}: ${result.stderr.trim() || `exit ${result.status}`}`,
    );
  }
  return result.stdout;
}

/**
 * Packs the package in `packageDir` into `destination` with `pnpm pack` (which rewrites
 * `workspace:` ranges as publishing does) and lists the tarball.
 * @param {string} packageDir
 * @param {string} destination an existing directory
 * @returns {PackedPackage}
 */
export function packPackage(packageDir, destination) {
  const output = run('pnpm', ['pack', '--json', '--pack-destination', destination], packageDir);
  const start = output.indexOf('{');
  const { filename } = JSON.parse(output.slice(start));
  const tarball = String(filename).startsWith('/') ? String(filename) : join(destination, String(filename));
  const files = run('tar', ['-tzf', tarball], destination)
    .split('\n')
    .filter((entry) => entry !== '' && !entry.endsWith('/'))
    .map((entry) => entry.replace(/^package\//, ''))
    .sort();
  const manifest = JSON.parse(run('tar', ['-xzOf', tarball, 'package/package.json'], destination));
  return { tarball, files, manifest };
}

/**
 * Every file path a manifest points at: `exports` targets, `main`, `types`, `bin`.
 * @param {Record<string, unknown>} manifest
 * @returns {string[]} paths relative to the package root
 */
export function manifestTargets(manifest) {
  /** @type {string[]} */
  const targets = [];
  /** @param {unknown} value */
  const collect = (value) => {
    if (typeof value === 'string') {
      targets.push(value.replace(/^\.\//, ''));
    } else if (value && typeof value === 'object') {
      for (const child of Object.values(value)) {
        collect(child);
      }
    }
  };
  collect(manifest.exports);
  collect(manifest.main);
  collect(manifest.types);
  collect(manifest.bin);
  return [...new Set(targets)].filter((target) => !target.includes('*')).sort();
}

/**
 * What is wrong with a packed package: forbidden files, files outside the allowlist, required
 * files or manifest targets that are missing, `workspace:` ranges left in the manifest.
 * @param {PackedPackage} packed
 * @param {PackAllowlist} allowlist
 * @returns {string[]} one message per problem; empty when the tarball is right
 */
export function packProblems(packed, allowlist) {
  const problems = [];
  const present = new Set(packed.files);
  for (const file of packed.files) {
    const forbidden = FORBIDDEN.find(({ pattern, unless }) => pattern.test(file) && !unless?.test(file));
    const allowed = allowlist.required.includes(file) || allowlist.allowed.some((pattern) => pattern.test(file));
    if (forbidden) {
      problems.push(`${file}: ${forbidden.reason}, must not be published`);
    } else if (!allowed) {
      problems.push(`${file}: not in the allowlist (tools/release-check/src/pack-allowlists.js)`);
    }
  }
  for (const file of allowlist.required) {
    if (!present.has(file)) {
      problems.push(`${file}: required but missing`);
    }
  }
  for (const target of manifestTargets(packed.manifest)) {
    if (!present.has(target)) {
      problems.push(`${target}: named in package.json (exports/main/types/bin) but missing`);
    }
  }
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
    const ranges = /** @type {Record<string, string>} */ (packed.manifest[field] ?? {});
    for (const [name, range] of Object.entries(ranges)) {
      if (String(range).startsWith('workspace:')) {
        problems.push(`package.json ${field}.${name}: "${range}" was not rewritten to a version range`);
      }
    }
  }
  return problems;
}
