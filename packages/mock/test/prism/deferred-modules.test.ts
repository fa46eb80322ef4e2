import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lazyObject, requireDeferring } from '../../src/prism/deferred-modules.js';

const require = createRequire(import.meta.url);

/** Module bodies that count their loads in a global, so a test sees when a file really loads. */
const COUNTED = (name: string, body: string) =>
  `globalThis.__loads ??= {}; globalThis.__loads[${JSON.stringify(name)}] = (globalThis.__loads[${JSON.stringify(name)}] ?? 0) + 1;\n${body}`;

let dir: string;
let entry: string;
let heavy: string;
let other: string;
const loads = () => (globalThis as { __loads?: Record<string, number> }).__loads ?? {};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'svc-mock-deferred-'));
  mkdirSync(join(dir, 'node_modules', 'heavy'), { recursive: true });
  heavy = join(dir, 'node_modules', 'heavy', 'index.js');
  other = join(dir, 'other.js');
  entry = join(dir, 'entry.js');
  writeFileSync(
    heavy,
    COUNTED('heavy', 'exports.default = { greet(name) { return this.word + " " + name; }, word: "hello" };'),
  );
  writeFileSync(other, COUNTED('other', 'exports.twice = (n) => n * 2;'));
  // Like Prism: keeps the default export at load time, reads the other module at call time.
  writeFileSync(
    entry,
    COUNTED(
      'entry',
      [
        'const heavy = require("heavy");',
        'const other = require("./other");',
        'const kept = heavy.default;',
        'exports.greet = (name) => kept.greet(name);',
        'exports.twice = (n) => (0, other.twice)(n);',
      ].join('\n'),
    ),
  );
  (globalThis as { __loads?: Record<string, number> }).__loads = {};
});

afterEach(() => {
  for (const path of [entry, heavy, other]) {
    delete require.cache[path];
  }
  rmSync(dir, { recursive: true, force: true });
});

const deferBoth = [
  {
    request: 'heavy',
    standIn: (load: () => object) => ({ default: lazyObject(() => (load() as { default: object }).default) }),
  },
  { request: './other', standIn: (load: () => object) => lazyObject(load) },
];

describe('requireDeferring', () => {
  it('loads the entry without the deferred modules, and each of them once, at first use', () => {
    const loaded = requireDeferring(entry, deferBoth) as { greet(name: string): string; twice(n: number): number };
    expect(loads()).toEqual({ entry: 1 });
    expect(require.cache[heavy]).toBeUndefined();
    expect(require.cache[other]).toBeUndefined();

    expect(loaded.greet('mock')).toBe('hello mock');
    expect(loaded.greet('again')).toBe('hello again');
    expect(loads()).toEqual({ entry: 1, heavy: 1 });
    expect(loaded.twice(21)).toBe(42);
    expect(loads()).toEqual({ entry: 1, heavy: 1, other: 1 });
    // The real modules are now in the cache, as if they had been required normally.
    expect(require.cache[heavy]?.exports).toHaveProperty('default.word', 'hello');
  });

  it('uses a deferred module that is already loaded as it is', () => {
    require(heavy);
    const loaded = requireDeferring(entry, deferBoth) as { greet(name: string): string };
    expect(loads()).toEqual({ heavy: 1, entry: 1 });
    expect(loaded.greet('x')).toBe('hello x');
    expect(loads()).toEqual({ heavy: 1, entry: 1 });
  });

  it('loads a module whose specifier does not resolve as usual (another version of the package)', () => {
    const loaded = requireDeferring(entry, [
      { request: './no-such-file', standIn: () => ({}) },
      deferBoth[0] as (typeof deferBoth)[number],
    ]) as { twice(n: number): number };
    expect(loads()).toEqual({ entry: 1, other: 1 });
    expect(loaded.twice(2)).toBe(4);
  });

  it('takes its stand-ins out of the cache even when the entry throws', () => {
    writeFileSync(entry, 'require("heavy"); throw new Error("broken entry");');
    expect(() => requireDeferring(entry, deferBoth)).toThrow('broken entry');
    expect(require.cache[heavy]).toBeUndefined();
    expect(loads()).toEqual({});
  });
});

describe('lazyObject', () => {
  it('loads on the first read, test or listing, and binds methods to the real object', () => {
    let loaded = 0;
    const real = {
      word: 'hi',
      say(this: { word: string }) {
        return this.word;
      },
    };
    const lazy = lazyObject(() => {
      loaded++;
      return real;
    }) as typeof real;
    expect(loaded).toBe(0);
    const say = lazy.say as () => string;
    expect(say()).toBe('hi');
    expect('word' in lazy).toBe(true);
    expect('nothing' in lazy).toBe(false);
    expect(Object.keys(lazy)).toEqual(['word', 'say']);
    expect(lazy.word).toBe('hi');
    expect(loaded).toBeGreaterThan(0);
  });
});
