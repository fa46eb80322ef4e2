/** Deep copy of a JSON value. */
export function cloneJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** A copy of `body` with the value at `path` replaced (creating missing parent objects). */
export function withValue(body: unknown, path: readonly string[], value: unknown): Record<string, unknown> {
  const copy = (cloneJson(body) ?? {}) as Record<string, unknown>;
  let node = copy;
  path.slice(0, -1).forEach((key) => {
    const next = node[key];
    if (!next || typeof next !== 'object' || Array.isArray(next)) {
      node[key] = {};
    }
    node = node[key] as Record<string, unknown>;
  });
  node[path.at(-1) as string] = value;
  return copy;
}

/** A copy of `body` without the value at `path`. */
export function withoutValue(body: unknown, path: readonly string[]): Record<string, unknown> {
  const copy = (cloneJson(body) ?? {}) as Record<string, unknown>;
  const parent = path
    .slice(0, -1)
    .reduce<Record<string, unknown> | undefined>(
      (node, key) => node?.[key] as Record<string, unknown> | undefined,
      copy,
    );
  if (parent) {
    delete parent[path.at(-1) as string];
  }
  return copy;
}

/** The value at `path` in `body`, or undefined. */
export function valueAt(body: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], body);
}
