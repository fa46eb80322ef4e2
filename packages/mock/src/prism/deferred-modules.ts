/**
 * Loads a CommonJS module while some modules it requires at load time are deferred: each gets a
 * stand-in in `require.cache` (Node's documented module cache) for the time of the load, and the
 * real module is loaded the first time the stand-in is used. Prism's HTTP engine requires two
 * large modules at load time that a mock of an OpenAPI document rarely or never runs (see
 * `prism-http.ts`); deferring them halves the time Prism takes to load.
 */
import { createRequire, Module } from 'node:module';

/** A module to defer while another one loads. */
export interface DeferredModule {
  /** A package specifier, or a path relative to the entry; it must resolve to the file the entry's modules load. */
  request: string;
  /**
   * The exports the loading module gets instead: they must call `load` (which returns the real
   * module's exports) before anything is used, and touch nothing at load time.
   */
  standIn(load: () => object): object;
}

/**
 * `require(entry)` with the `deferred` modules replaced by their stand-ins while it loads. A
 * deferred module that is already loaded, or that does not resolve, is left alone. The stand-ins leave the cache when
 * the load ends, so the real modules load from their files when first used.
 */
export function requireDeferring(entry: string, deferred: readonly DeferredModule[]): unknown {
  const require = createRequire(entry);
  const placed: { path: string; module: NodeJS.Module }[] = [];
  for (const { request, standIn } of deferred) {
    const path = resolvable(require, request);
    if (path === undefined || require.cache[path] !== undefined) {
      continue;
    }
    const module = new Module(path) as NodeJS.Module;
    let real: object | undefined;
    module.exports = standIn(() => {
      if (real === undefined) {
        if (require.cache[path] === module) {
          delete require.cache[path];
        }
        real = require(path) as object;
      }
      return real;
    });
    module.filename = path;
    module.loaded = true;
    require.cache[path] = module;
    placed.push({ path, module });
  }
  try {
    return require(entry);
  } finally {
    for (const { path, module } of placed) {
      if (require.cache[path] === module) {
        delete require.cache[path];
      }
    }
  }
}

function resolvable(require: NodeJS.Require, request: string): string | undefined {
  try {
    return require.resolve(request);
  } catch {
    return undefined;
  }
}

/**
 * An object that stands for `load()`'s result: reading, testing or listing a property loads it.
 * Functions are bound to the real object, so methods work when called on the stand-in.
 */
export function lazyObject(load: () => object): object {
  return new Proxy(
    {},
    {
      get(_target, key) {
        const real = load();
        const value: unknown = Reflect.get(real, key, real);
        return typeof value === 'function' ? value.bind(real) : value;
      },
      has: (_target, key) => Reflect.has(load(), key),
      ownKeys: () => Reflect.ownKeys(load()),
      getOwnPropertyDescriptor(_target, key) {
        const descriptor = Reflect.getOwnPropertyDescriptor(load(), key);
        // A proxy may not report a property of its (empty) target as non-configurable.
        return descriptor && { ...descriptor, configurable: true };
      },
    },
  );
}
