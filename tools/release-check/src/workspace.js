/**
 * @module workspace
 * The packages of the pnpm workspace (pnpm-workspace.yaml `packages:` globs of the form `dir/*`
 * or `dir`), and which of them are published.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/**
 * A workspace package.
 * @typedef {object} WorkspacePackage
 * @property {string} name
 * @property {string} version
 * @property {string} dir its directory relative to the repository root, with `/` separators
 * @property {boolean} published true unless `"private": true`
 */

/**
 * The directories the workspace globs name, relative to `root`.
 * @param {string} root
 * @returns {string[]}
 */
function workspaceDirs(root) {
  const config = parse(readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8')) ?? {};
  const globs = /** @type {unknown[]} */ (config.packages ?? []);
  return globs.flatMap((glob) => {
    if (typeof glob !== 'string' || glob.startsWith('!')) {
      return [];
    }
    if (glob.endsWith('/*')) {
      const parent = glob.slice(0, -2);
      if (!existsSync(join(root, parent))) {
        return [];
      }
      return readdirSync(join(root, parent), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `${parent}/${entry.name}`);
    }
    if (glob.includes('*')) {
      throw new Error(`pnpm-workspace.yaml: unsupported glob "${glob}" (use "dir/*" or a directory)`);
    }
    return [glob];
  });
}

/**
 * Every package of the workspace at `root`, sorted by name.
 * @param {string} root the repository root
 * @returns {WorkspacePackage[]}
 */
export function workspacePackages(root) {
  return workspaceDirs(root)
    .filter((dir) => existsSync(join(root, dir, 'package.json')))
    .map((dir) => {
      const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
      return {
        name: String(manifest.name),
        version: String(manifest.version ?? '0.0.0'),
        dir,
        published: manifest.private !== true,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The published (non-private) packages of the workspace at `root`.
 * @param {string} root
 * @returns {WorkspacePackage[]}
 */
export function publishedPackages(root) {
  return workspacePackages(root).filter((pkg) => pkg.published);
}
