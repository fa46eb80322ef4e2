import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  bundledLibraryEnv,
  type ChromiumSources,
  chromiumCacheDir,
  findChromium,
  HEADLESS_ARGS,
  isExecutableFile,
  loadPackagedChromium,
  type PackagedChromium,
  SYSTEM_CHROMIUM,
} from '../src/index.js';

const PACKAGED_PATH = '/tmp/unpacked/chromium';
const PACKAGED_ARGS = ['--single-process', "--headless='shell'"];

const LIBRARY_ENV = { LD_LIBRARY_PATH: '/tmp/libs/lib', FONTCONFIG_PATH: '/tmp/fonts' };

/** A packaged Chromium that unpacks to PACKAGED_PATH and starts as it is. */
const packaged = async (): Promise<PackagedChromium> => ({
  unpack: async () => ({ executablePath: PACKAGED_PATH }),
  args: PACKAGED_ARGS,
});
/** A packaged Chromium that starts only with the libraries of its package. */
const packagedNeedingLibraries = async (): Promise<PackagedChromium> => ({
  unpack: async () => ({ executablePath: PACKAGED_PATH, env: LIBRARY_ENV }),
  args: PACKAGED_ARGS,
});
/** No packaged Chromium, for the reason given. */
const noPackage = (reason: string) => async (): Promise<PackagedChromium> => {
  throw new Error(reason);
};
/** A package that loads but cannot unpack. */
const brokenUnpack = async (): Promise<PackagedChromium> => ({
  unpack: async () => {
    throw new Error('ENOSPC: no space left on device');
  },
  args: PACKAGED_ARGS,
});

interface Case {
  env: Record<string, string | undefined>;
  executables: string[];
  loadPackaged: ChromiumSources['loadPackaged'];
  want:
    | { source: string; executablePath: string; args: readonly string[]; env?: Record<string, string> }
    | { error: RegExp[] };
}

const cases: Array<[string, Case]> = [
  [
    'CHROMIUM_PATH wins over the system and the package',
    {
      env: { CHROMIUM_PATH: '/opt/chrome/chrome' },
      executables: ['/opt/chrome/chrome', SYSTEM_CHROMIUM],
      loadPackaged: packaged,
      want: { source: 'CHROMIUM_PATH', executablePath: '/opt/chrome/chrome', args: HEADLESS_ARGS },
    },
  ],
  [
    'a wrong CHROMIUM_PATH is an error, not a silent fallback',
    {
      env: { CHROMIUM_PATH: '/opt/missing' },
      executables: [SYSTEM_CHROMIUM],
      loadPackaged: packaged,
      want: { error: [/^CHROMIUM_PATH=\/opt\/missing is not an executable file/] },
    },
  ],
  [
    'an empty CHROMIUM_PATH counts as unset',
    {
      env: { CHROMIUM_PATH: '' },
      executables: [SYSTEM_CHROMIUM],
      loadPackaged: packaged,
      want: { source: 'system', executablePath: SYSTEM_CHROMIUM, args: HEADLESS_ARGS },
    },
  ],
  [
    'the system Chromium wins over the package',
    {
      env: {},
      executables: [SYSTEM_CHROMIUM],
      loadPackaged: packaged,
      want: { source: 'system', executablePath: SYSTEM_CHROMIUM, args: HEADLESS_ARGS },
    },
  ],
  [
    'the packaged Chromium, with its own flags, when nothing else is there',
    {
      env: {},
      executables: [],
      loadPackaged: packaged,
      want: { source: '@sparticuz/chromium', executablePath: PACKAGED_PATH, args: PACKAGED_ARGS },
    },
  ],
  [
    'the packaged Chromium on a Linux without NSS: with the libraries of its package',
    {
      env: {},
      executables: [],
      loadPackaged: packagedNeedingLibraries,
      want: { source: '@sparticuz/chromium', executablePath: PACKAGED_PATH, args: PACKAGED_ARGS, env: LIBRARY_ENV },
    },
  ],
  [
    'none of the three: the error names all of them and why the package failed',
    {
      env: {},
      executables: [],
      loadPackaged: noPackage('it is not installed (Cannot find package)'),
      want: {
        error: [
          /1\. CHROMIUM_PATH: not set/,
          /2\. a system Chromium: \/usr\/bin\/chromium is not an executable file/,
          /3\. the Chromium in @sparticuz\/chromium: it is not installed \(Cannot find package\)/,
          /Set CHROMIUM_PATH to a Chromium or Chrome executable, install Chromium at \/usr\/bin\/chromium, or run `pnpm install`/,
        ],
      },
    },
  ],
  [
    'the package fails to unpack: the error says so',
    {
      env: {},
      executables: [],
      loadPackaged: brokenUnpack,
      want: { error: [/3\. the Chromium in @sparticuz\/chromium: ENOSPC: no space left on device/] },
    },
  ],
];

describe('findChromium', () => {
  it.each(cases)('%s', async (_name, { env, executables, loadPackaged, want }) => {
    const found = findChromium({ env, isExecutable: (path) => executables.includes(path), loadPackaged });
    if ('error' in want) {
      const error = await found.then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(error).toBeInstanceOf(Error);
      for (const pattern of want.error) {
        expect((error as Error).message).toMatch(pattern);
      }
    } else {
      expect(await found).toEqual({ ...want, args: [...want.args] });
    }
  });
});

describe('the real sources on this machine', () => {
  it('tells executable files from missing paths and directories', () => {
    expect(isExecutableFile(process.execPath)).toBe(true);
    expect(isExecutableFile('/nonexistent/chromium')).toBe(false);
    expect(isExecutableFile('/tmp')).toBe(false);
  });

  it.runIf(process.platform === 'linux' && process.arch === 'x64')(
    'loads @sparticuz/chromium with headless flags',
    async () => {
      const chromium = await loadPackagedChromium();
      expect(chromium.args).toEqual(expect.arrayContaining(['--no-sandbox']));
      expect(chromium.args.some((flag) => flag.startsWith('--headless'))).toBe(true);
    },
  );

  it.runIf(process.platform === 'linux' && process.arch === 'x64')(
    "starts the packaged Chromium with the package's own NSS, NSPR and expat",
    async () => {
      const { executablePath } = await (await loadPackagedChromium()).unpack();
      const entry = createRequire(import.meta.url).resolve('@sparticuz/chromium');
      const env = bundledLibraryEnv(join(dirname(entry), '..', '..', 'bin', 'al2023.tar.br'));
      const libraries = env.LD_LIBRARY_PATH?.split(':')[0] ?? '';
      for (const library of ['libnss3.so', 'libnspr4.so', 'libexpat.so.1']) {
        expect(existsSync(join(libraries, library))).toBe(true);
      }
      const ldd = spawnSync('ldd', [executablePath], { env: { ...process.env, ...env }, encoding: 'utf8' });
      expect(ldd.stdout).toContain(join(libraries, 'libnss3.so'));
      const started = spawnSync(executablePath, ['--version'], { env: { ...process.env, ...env }, encoding: 'utf8' });
      expect(started.stdout).toMatch(/^Chromium \d+/);
    },
  );

  it.runIf(process.platform !== 'linux' || process.arch !== 'x64')(
    'refuses @sparticuz/chromium elsewhere',
    async () => {
      await expect(loadPackagedChromium()).rejects.toThrow(/Linux x64 binary only/);
    },
  );
});

describe('chromiumCacheDir', () => {
  it('is a folder of this package that later runs reuse, not the temp directory', () => {
    const dir = chromiumCacheDir({});
    const packageDir = fileURLToPath(new URL('..', import.meta.url));
    expect(dir).toBe(join(packageDir, 'node_modules', '.cache', 'svc-chromium'));
    // Not a fixed name in the temp directory (the checkout itself may live under it, as in CI).
    expect(dir).not.toBe(join(tmpdir(), 'svc-chromium'));
  });

  it('is SVC_CHROMIUM_CACHE when set', () => {
    expect(chromiumCacheDir({ SVC_CHROMIUM_CACHE: '/var/cache/svc' })).toBe('/var/cache/svc');
  });
});
