// The native addons of the workspace (C++ built by node-gyp at install, against one Node.js's headers):
// better-sqlite3 of @svc/sandbox. A checkout's node_modules holds them built for the Node.js that
// installed them; run on another major line, loading one fails ("compiled against a different
// Node.js version"). `npm start` / `npm test` and tools/dev/test-lines.mjs probe each on the Node
// they run on and rebuild the ones that fail (`pnpm rebuild`, from source against the headers in
// `npm_config_nodedir`: about 2 minutes for better-sqlite3). better-sqlite3 13 is built on
// Node-API, so its binary loads on every supported line; one built for another ABI (12) does not.
// Plain JS, no dependency but Node.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { rootDir } from './root.mjs';

/**
 * Each native addon, the package directory that depends on it, and a line of JavaScript that
 * loads its binary (requiring the package alone does not).
 */
export const NATIVE_ADDONS = [
  { name: 'better-sqlite3', dir: 'packages/sandbox', probe: "new (require('better-sqlite3'))(':memory:').close()" },
];

/**
 * The names of the native addons whose binary does not load on `node` (default: this process's
 * Node.js).
 * @param {string} [node]
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string[]}
 */
export function staleNativeAddons(node = process.execPath, env = process.env) {
  return NATIVE_ADDONS.filter(({ dir, probe }) => {
    const loaded = spawnSync(node, ['-e', probe], { cwd: join(rootDir, dir), env, encoding: 'utf8' });
    return loaded.status !== 0;
  }).map(({ name }) => name);
}
