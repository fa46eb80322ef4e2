/**
 * @module chromium
 * Finds a Chromium for the docs browser test without a system install. In order:
 * 1. `CHROMIUM_PATH` in the environment, when set (an explicit choice: no fallback if it is wrong);
 * 2. a system Chromium at `/usr/bin/chromium` (Debian's `chromium` package);
 * 3. the Chromium shipped inside the `@sparticuz/chromium` npm package (a devDependency of this
 *    package; Linux x64 only), unpacked on first use into a cache folder that later runs reuse
 *    ({@link chromiumCacheDir}: `node_modules/.cache/svc-chromium` of this package, or
 *    `SVC_CHROMIUM_CACHE`), not into the shared temp directory. On a minimal Linux
 *    without NSS/NSPR (a slim container image), it runs with the copies of those libraries that the
 *    package ships.
 */
import { spawnSync } from 'node:child_process';
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';

/** The environment variable naming the folder the packaged Chromium is unpacked into. */
export const CHROMIUM_CACHE_ENV = 'SVC_CHROMIUM_CACHE';

/**
 * Where the packaged Chromium (about 200 MB unpacked), its libraries and fonts are unpacked once
 * and reused: `SVC_CHROMIUM_CACHE` when set, else `node_modules/.cache/svc-chromium` of this
 * package (the usual place for a tool's cache; removed with node_modules).
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string}
 */
export function chromiumCacheDir(env = process.env) {
  return (
    env[CHROMIUM_CACHE_ENV] ||
    join(dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', '.cache', 'svc-chromium')
  );
}

/** The environment variable naming a Chromium or Chrome executable. */
export const CHROMIUM_PATH_ENV = 'CHROMIUM_PATH';

/** Where a system Chromium is looked for (Debian's `chromium` package). */
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** The npm package whose bundled Chromium is the last resort. */
export const PACKAGED_CHROMIUM = '@sparticuz/chromium';

/** Flags for a headless Chromium given by `CHROMIUM_PATH` or installed on the system. */
export const HEADLESS_ARGS = Object.freeze([
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]);

/**
 * A Chromium to launch, and where it came from.
 * @typedef {object} FoundChromium
 * @property {'CHROMIUM_PATH' | 'system' | '@sparticuz/chromium'} source
 * @property {string} executablePath
 * @property {string[]} args launch flags
 * @property {Record<string, string>} [env] variables to add to the browser's environment
 */

/**
 * A Chromium shipped in an npm package: `unpack()` unpacks it if needed and says how to start it.
 * @typedef {object} PackagedChromium
 * @property {() => Promise<{executablePath: string, env?: Record<string, string>}>} unpack
 * @property {string[]} args the flags it must be launched with
 */

/**
 * Where `findChromium` looks; the defaults read the real environment, file system and package.
 * @typedef {object} ChromiumSources
 * @property {Record<string, string | undefined>} env
 * @property {(path: string) => boolean} isExecutable
 * @property {() => Promise<PackagedChromium>} loadPackaged throws, saying why, when unavailable
 */

/**
 * Whether `path` is a file this process may execute.
 * @param {string} path
 * @returns {boolean}
 */
export function isExecutableFile(path) {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Why `executablePath --version` does not start with `extraEnv` added, or `undefined` when it does.
 * @param {string} executablePath
 * @param {Record<string, string>} [extraEnv]
 * @returns {string | undefined}
 */
function startFailure(executablePath, extraEnv = {}) {
  const result = spawnSync(executablePath, ['--version'], {
    env: { ...process.env, ...extraEnv },
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (result.status === 0) {
    return undefined;
  }
  return result.error?.message ?? (result.stderr.trim() || `exit ${result.status}`);
}

/**
 * The shared libraries `@sparticuz/chromium` ships for Amazon Linux 2023 (NSS, NSPR, expat):
 * unpacks `archive` into the cache folder once (a concurrent run may win the race; its copy is
 * used) and returns the environment that makes Chromium load them and the package's fonts.
 * @param {string} archive the package's `bin/al2023.tar.br`
 * @param {string} [cacheDir] default {@link chromiumCacheDir}
 * @returns {Record<string, string>} `LD_LIBRARY_PATH` and `FONTCONFIG_PATH`
 */
export function bundledLibraryEnv(archive, cacheDir = chromiumCacheDir()) {
  const target = join(cacheDir, 'libraries');
  if (!existsSync(target)) {
    mkdirSync(cacheDir, { recursive: true });
    const staging = mkdtempSync(`${target}-`);
    const tar = spawnSync('tar', ['-x', '-C', staging], { input: brotliDecompressSync(readFileSync(archive)) });
    if (tar.status !== 0) {
      rmSync(staging, { recursive: true, force: true });
      throw new Error(`could not unpack ${archive}: ${tar.error?.message ?? String(tar.stderr).trim()}`);
    }
    try {
      renameSync(staging, target);
    } catch {
      rmSync(staging, { recursive: true, force: true });
    }
  }
  return {
    LD_LIBRARY_PATH: [join(target, 'lib'), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
    FONTCONFIG_PATH: process.env.FONTCONFIG_PATH ?? join(cacheDir, 'fonts'),
  };
}

/**
 * Loads `@sparticuz/chromium`. Its binary is built for Linux x64, so other platforms are refused
 * here rather than failing later with an exec format error.
 * @returns {Promise<PackagedChromium>}
 */
export async function loadPackagedChromium() {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`it ships a Linux x64 binary only (this is ${process.platform} ${process.arch})`);
  }
  let chromium;
  let archive;
  try {
    chromium = (await import('@sparticuz/chromium')).default;
    // build/cjs/index.cjs → the package root → bin/
    const entry = createRequire(import.meta.url).resolve('@sparticuz/chromium');
    archive = join(dirname(entry), '..', '..', 'bin', 'al2023.tar.br');
  } catch (error) {
    throw new Error(`it is not installed (${error instanceof Error ? error.message : String(error)})`);
  }
  return {
    args: chromium.args,
    async unpack() {
      // The package unpacks into os.tmpdir() under fixed names and reuses what it finds there:
      // pointed at the cache folder for the call, it unpacks once per checkout, not in /tmp.
      const cacheDir = chromiumCacheDir();
      mkdirSync(cacheDir, { recursive: true });
      const previous = process.env.TMPDIR;
      process.env.TMPDIR = cacheDir;
      let executablePath;
      try {
        executablePath = await chromium.executablePath();
      } finally {
        if (previous === undefined) {
          delete process.env.TMPDIR;
        } else {
          process.env.TMPDIR = previous;
        }
      }
      const failure = startFailure(executablePath);
      if (failure === undefined) {
        return { executablePath };
      }
      const env = bundledLibraryEnv(archive, cacheDir);
      const still = startFailure(executablePath, env);
      if (still !== undefined) {
        throw new Error(
          `${executablePath} does not start (${failure}), not even with the package's libraries (${still})`,
        );
      }
      return { executablePath, env };
    },
  };
}

/** @type {ChromiumSources} */
const defaultSources = { env: process.env, isExecutable: isExecutableFile, loadPackaged: loadPackagedChromium };

/**
 * Finds a Chromium to launch headless: `CHROMIUM_PATH`, else the system Chromium, else the one in
 * `@sparticuz/chromium`. Throws an error naming all three options when none is usable, or naming
 * `CHROMIUM_PATH` when it is set but is not an executable file.
 * @param {Partial<ChromiumSources>} [sources] overrides, for tests
 * @returns {Promise<FoundChromium>}
 */
export async function findChromium(sources = {}) {
  const { env, isExecutable, loadPackaged } = { ...defaultSources, ...sources };
  const explicit = env[CHROMIUM_PATH_ENV];
  if (explicit) {
    if (!isExecutable(explicit)) {
      throw new Error(`${CHROMIUM_PATH_ENV}=${explicit} is not an executable file: point it at a Chromium or Chrome`);
    }
    return { source: 'CHROMIUM_PATH', executablePath: explicit, args: [...HEADLESS_ARGS] };
  }
  if (isExecutable(SYSTEM_CHROMIUM)) {
    return { source: 'system', executablePath: SYSTEM_CHROMIUM, args: [...HEADLESS_ARGS] };
  }
  try {
    const packaged = await loadPackaged();
    const { executablePath, env } = await packaged.unpack();
    return { source: PACKAGED_CHROMIUM, executablePath, args: [...packaged.args], ...(env ? { env } : {}) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      'no Chromium found for the docs browser test. Tried, in order:\n' +
        `  1. ${CHROMIUM_PATH_ENV}: not set\n` +
        `  2. a system Chromium: ${SYSTEM_CHROMIUM} is not an executable file\n` +
        `  3. the Chromium in ${PACKAGED_CHROMIUM}: ${reason}\n` +
        `Set ${CHROMIUM_PATH_ENV} to a Chromium or Chrome executable, install Chromium at ${SYSTEM_CHROMIUM}, ` +
        `or run \`pnpm install\` so ${PACKAGED_CHROMIUM} is present (Linux x64).`,
    );
  }
}
