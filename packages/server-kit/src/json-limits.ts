/**
 * Limits on the shape of a JSON request body, checked right after parsing and before any
 * validation: they bound the work a server does for one request (a validator reports an error per
 * bad value, and recursive code must not meet a value nested thousands of levels deep), and they
 * are far above anything a valid request of the API needs (at most 5 levels, 16 fields per object
 * and a few dozen values).
 */

/** The limits of {@link checkJsonLimits}. */
export interface JsonLimits {
  /** Deepest nesting of objects and arrays; the body object is level 1. */
  maxDepth: number;
  /** Most fields in one object. */
  maxObjectKeys: number;
  /** Most items in one array. */
  maxArrayItems: number;
  /** Most values in the whole body: every field value and array item, nested ones included. */
  maxValues: number;
}

/** The limits the servers apply: depth 32, 1,000 fields per object, 1,000 items per array, 5,000 values. */
export const DEFAULT_JSON_LIMITS: Readonly<JsonLimits> = Object.freeze({
  maxDepth: 32,
  maxObjectKeys: 1000,
  maxArrayItems: 1000,
  maxValues: 5000,
});

/**
 * A broken limit, a number JSON can write but a double cannot hold (`1e400`), or a string no
 * database can store (see {@link isStorableString}); for a field name, `path` is its object's.
 */
export type JsonLimitProblem =
  | { kind: 'depth' | 'object-keys' | 'array-items'; path: (string | number)[]; size: number; limit: number }
  | { kind: 'values'; path: (string | number)[]; limit: number }
  | { kind: 'number-out-of-range'; path: (string | number)[] }
  | { kind: 'unstorable-string'; path: (string | number)[]; in: 'value' | 'name' };

/**
 * Whether a string can be stored as text: no U+0000 (PostgreSQL's text types refuse it) and no
 * unpaired UTF-16 surrogate (`"\ud800"` in JSON, which is no Unicode character and has no UTF-8
 * form).
 */
export function isStorableString(text: string): boolean {
  return !MAYBE_UNSTORABLE.test(text) || (!text.includes('\u0000') && !LONE_SURROGATE.test(text));
}

/** A NUL or any surrogate: a string without one is storable (one plain scan, no look-around). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what this looks for.
const MAYBE_UNSTORABLE = /[\u0000\ud800-\udfff]/;

/**
 * Whether JSON text `text` (decoded from strict UTF-8) holds no `\u` escape, in which case every
 * string and field name parsed from it is storable: JSON cannot carry a NUL but as `\u0000` (a raw
 * control character is a syntax error), and strict UTF-8 decodes to no unpaired surrogate.
 */
export function jsonTextHasNoUnicodeEscape(text: string): boolean {
  return !text.includes('\\u');
}

/** A high surrogate not followed by a low one, or a low surrogate not after a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Deepest limit the recursive first walk of {@link checkJsonLimits} is used for (no risk to the stack). */
const FAST_WALK_MAX_DEPTH = 256;

interface Visit {
  value: unknown;
  depth: number;
  key: string | number | undefined;
  parent: Visit | undefined;
}

/**
 * The first problem of a parsed body in document order, or `undefined`. Iterative (no recursion,
 * whatever the depth) and it stops at the first problem, so it looks at no more than
 * `maxValues` values.
 *
 * `stringsStorable`: the caller knows every string and field name is storable (see
 * {@link jsonTextHasNoUnicodeEscape}), so none is scanned.
 */
export function checkJsonLimits(
  body: unknown,
  limits: JsonLimits = DEFAULT_JSON_LIMITS,
  stringsStorable = false,
): JsonLimitProblem | undefined {
  // Nearly every body is within the limits: one walk that allocates nothing says so, and only a
  // body it doubts is walked again to find and locate its first problem.
  if (limits.maxDepth <= FAST_WALK_MAX_DEPTH && withinLimits(body, 0, limits, { values: -1 }, stringsStorable)) {
    return undefined;
  }
  const stack: Visit[] = [{ value: body, depth: 0, key: undefined, parent: undefined }];
  let values = -1; // the body itself is not counted
  for (let visit = stack.pop(); visit !== undefined; visit = stack.pop()) {
    values++;
    if (values > limits.maxValues) {
      return { kind: 'values', path: pathOf(visit), limit: limits.maxValues };
    }
    const { value } = visit;
    if (typeof value === 'string') {
      if (!isStorableString(value)) {
        return { kind: 'unstorable-string', path: pathOf(visit), in: 'value' };
      }
      continue;
    }
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) {
        return { kind: 'number-out-of-range', path: pathOf(visit) };
      }
      continue;
    }
    if (value === null || typeof value !== 'object') {
      continue;
    }
    const depth = visit.depth + 1;
    if (depth > limits.maxDepth) {
      return { kind: 'depth', path: pathOf(visit), size: depth, limit: limits.maxDepth };
    }
    if (Array.isArray(value)) {
      if (value.length > limits.maxArrayItems) {
        return { kind: 'array-items', path: pathOf(visit), size: value.length, limit: limits.maxArrayItems };
      }
      for (let index = value.length - 1; index >= 0; index--) {
        stack.push({ value: value[index], depth, key: index, parent: visit });
      }
      continue;
    }
    const keys = Object.keys(value);
    if (keys.length > limits.maxObjectKeys) {
      return { kind: 'object-keys', path: pathOf(visit), size: keys.length, limit: limits.maxObjectKeys };
    }
    const badName = keys.find((key) => !isStorableString(key));
    if (badName !== undefined) {
      return { kind: 'unstorable-string', path: pathOf(visit), in: 'name' };
    }
    for (let index = keys.length - 1; index >= 0; index--) {
      const key = keys[index] as string;
      stack.push({ value: (value as Record<string, unknown>)[key], depth, key, parent: visit });
    }
  }
  return undefined;
}

/**
 * Whether `value`, at nesting `depth`, and what it holds are within `limits` (counting its values
 * in `count`); false at the first doubt. Recursive, but never deeper than `limits.maxDepth`.
 */
function withinLimits(
  value: unknown,
  depth: number,
  limits: JsonLimits,
  count: { values: number },
  stringsStorable: boolean,
): boolean {
  count.values++;
  if (count.values > limits.maxValues) {
    return false;
  }
  if (typeof value === 'string') {
    return stringsStorable || isStorableString(value);
  }
  if (typeof value === 'number') {
    return Number.isFinite(value);
  }
  if (value === null || typeof value !== 'object') {
    return true;
  }
  if (depth + 1 > limits.maxDepth) {
    return false;
  }
  if (Array.isArray(value)) {
    if (value.length > limits.maxArrayItems) {
      return false;
    }
    for (const item of value) {
      if (!withinLimits(item, depth + 1, limits, count, stringsStorable)) {
        return false;
      }
    }
    return true;
  }
  let keys = 0;
  for (const key in value) {
    keys++;
    if (
      keys > limits.maxObjectKeys ||
      !(stringsStorable || isStorableString(key)) ||
      !withinLimits((value as Record<string, unknown>)[key], depth + 1, limits, count, stringsStorable)
    ) {
      return false;
    }
  }
  return true;
}

function pathOf(visit: Visit): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) {
    path.push(at.key);
  }
  return path.reverse();
}
