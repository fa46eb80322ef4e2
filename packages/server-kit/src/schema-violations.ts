/**
 * Maps schema diagnostics of a request (Ajv errors as a path and a sentence, the shape Prism's
 * validator and {@link createRequestValidator} both produce) to validator-neutral
 * {@link FieldViolation}s, the input of the API's validation error.
 */
import type { FieldViolation, ViolationLocation } from './validation-error.js';

const LOCATIONS: ReadonlySet<string> = new Set(['body', 'header', 'query', 'path']);
const COMBINATORS: ReadonlySet<string> = new Set(['anyOf', 'oneOf']);
const PROPERTY_KEYWORDS: ReadonlySet<string> = new Set(['required', 'additionalProperties', 'unevaluatedProperties']);

/**
 * One schema error of a request: `path` starts with the location (`body`, `header`, …) followed by
 * the JSON Pointer segments of the value; `code` is the failed keyword; `message` a sentence such as
 * `Request body property options.count must be <= 25`.
 */
export interface SchemaDiagnostic {
  path?: readonly string[];
  code?: string | number;
  message: string;
  /** Prism's severity: 0 (or absent) is an error; warnings and hints (1 to 3) are ignored. */
  severity?: number;
}

/** What the mapping needs to know about the request. */
export interface ViolationContext {
  body: Record<string, unknown>;
  /** Request headers, names in lower case. */
  headers: Record<string, string | string[] | undefined>;
  /** Canonical spelling of the operation's header parameters by lower-case name (`svc-version` → `SVC-Version`). */
  headerNames: ReadonlyMap<string, string>;
}

/**
 * The diagnostics of a request as {@link FieldViolation}s: array indexes become numbers,
 * `required` / `additionalProperties` / `unevaluatedProperties` name the property, the offending
 * value is attached, and the noise of combinators is folded: the errors of `anyOf` / `oneOf`
 * branches at the same field become one violation, an `if` error is dropped when its `then`/`else`
 * errors explain it.
 */
export function schemaViolations(
  diagnostics: readonly SchemaDiagnostic[],
  context: ViolationContext,
): FieldViolation[] {
  const violations = diagnostics
    .filter((diagnostic) => (diagnostic.severity ?? 0) === 0)
    .map((diagnostic) => toViolation(diagnostic, context));
  return dedupe(foldCombinators(dropExplainedIfs(violations)));
}

function toViolation(diagnostic: SchemaDiagnostic, context: ViolationContext): FieldViolation {
  const [first, ...rest] = diagnostic.path ?? [];
  const location: ViolationLocation = first && LOCATIONS.has(first) ? (first as ViolationLocation) : 'body';
  const keyword = String(diagnostic.code ?? '');
  const message = stripSubject(diagnostic.message);
  if (location === 'header') {
    const lower = (rest[0] ?? '').toLowerCase();
    const value = context.headers[lower];
    return {
      location,
      path: [context.headerNames.get(lower) ?? lower],
      keyword,
      message,
      ...(value === undefined ? {} : { value }),
    };
  }
  const path = typedPath(rest, context.body);
  const property = namedProperty(keyword, diagnostic.message);
  if (property !== undefined) {
    return { location, path: [...path, property], keyword, message };
  }
  const found = location === 'body' ? valueAt(context.body, path) : { present: false as const };
  return { location, path, keyword, message, ...(found.present ? { value: found.value } : {}) };
}

/** Prism's sentence without its subject: `Request body property count must be <= 25` → `must be <= 25`. */
export function stripSubject(message: string): string {
  return message.replace(/^(?:Request|Response) (?:body|header|query|path)(?: (?:property|parameter) \S+)? /, '');
}

/** The property a `required` / `additionalProperties` / `unevaluatedProperties` error is about. */
function namedProperty(keyword: string, message: string): string | undefined {
  if (!PROPERTY_KEYWORDS.has(keyword)) {
    return undefined;
  }
  const match =
    keyword === 'required'
      ? /must have required property '(.+)'/.exec(message)
      : keyword === 'additionalProperties'
        ? /; found '(.+)'$/.exec(message)
        : /unevaluated properties: '(.+)'$/.exec(message);
  return match?.[1];
}

/** Turns path segments into property names and array indexes, following the body's shape. */
function typedPath(segments: readonly string[], body: unknown): (string | number)[] {
  const path: (string | number)[] = [];
  let current: unknown = body;
  for (const raw of segments) {
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(current) && /^\d+$/.test(segment)) {
      const index = Number(segment);
      path.push(index);
      current = current[index];
    } else {
      path.push(segment);
      current =
        current !== null && typeof current === 'object' ? (current as Record<string, unknown>)[segment] : undefined;
    }
  }
  return path;
}

function valueAt(
  body: unknown,
  path: readonly (string | number)[],
): { present: true; value: unknown } | { present: false } {
  let current: unknown = body;
  for (const segment of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, segment)) {
      return { present: false };
    }
    current = (current as Record<string | number, unknown>)[segment];
  }
  return { present: true, value: current };
}

function isUnder(path: readonly (string | number)[], prefix: readonly (string | number)[]): boolean {
  return prefix.every((segment, index) => path[index] === segment);
}

function samePlace(a: FieldViolation, b: FieldViolation): boolean {
  return a.location === b.location && a.path.length === b.path.length && isUnder(a.path, b.path);
}

/** Keys of a location and each prefix of a path (the empty one first), for lookups by place. */
function placeKeys(location: ViolationLocation, path: readonly (string | number)[]): string[] {
  let key: string = location;
  const keys = [key];
  for (const segment of path) {
    key += typeof segment === 'number' ? `[${segment}]` : `.${JSON.stringify(segment)}`;
    keys.push(key);
  }
  return keys;
}

/**
 * Drops an `if` error when another error at or under its field explains it (the `then` / `else`
 * branch errors). Linear: each violation counts once for every prefix of its path.
 */
function dropExplainedIfs(violations: readonly FieldViolation[]): FieldViolation[] {
  if (!violations.some((violation) => violation.keyword === 'if')) {
    return [...violations];
  }
  const atOrUnder = new Map<string, number>();
  const ownKeys = violations.map((violation) => {
    const keys = placeKeys(violation.location, violation.path);
    for (const key of keys) {
      atOrUnder.set(key, (atOrUnder.get(key) ?? 0) + 1);
    }
    return keys[keys.length - 1] ?? '';
  });
  // An `if` error counts at its own place: it is explained when anything else is there too.
  return violations.filter(
    (violation, index) => violation.keyword !== 'if' || (atOrUnder.get(ownKeys[index] ?? '') ?? 0) < 2,
  );
}

/**
 * Ajv reports the errors of a combinator's branches right before the combinator's own error, so
 * the run of errors at or under its field just before it are its branches (the scan stops at the
 * previous combinator, so each error is looked at once). Branch errors at the field itself become
 * one message; branch `required` errors (`anyOf: [{required: [iban]}, {required: [bacs]}]`)
 * become one missing-field violation with alternatives. A "null or object" field
 * (`anyOf: [{$ref: Address}, {type: 'null'}]`) holding an object reports the errors of the
 * object's branch as they are (`user.address.street` is required), not "must be null".
 */
function foldCombinators(violations: readonly FieldViolation[]): FieldViolation[] {
  const folded = new Set<FieldViolation>();
  const replacements = new Map<FieldViolation, FieldViolation>();
  violations.forEach((violation, index) => {
    if (!COMBINATORS.has(violation.keyword)) {
      return;
    }
    const branches: FieldViolation[] = [];
    for (let previous = index - 1; previous >= 0; previous--) {
      const branch = violations[previous];
      if (
        !branch ||
        COMBINATORS.has(branch.keyword) ||
        branch.location !== violation.location ||
        !isUnder(branch.path, violation.path)
      ) {
        break;
      }
      branches.push(branch);
    }
    branches.reverse();
    if (isObjectForNullable(violation, branches)) {
      // The value is an object and the other branch's errors say what is wrong inside it.
      folded.add(violation);
      for (const branch of branches) {
        if (isNullForm(branch, violation)) {
          folded.add(branch);
        }
      }
      return;
    }
    const forms: string[] = [];
    const alternatives: string[] = [];
    for (const branch of branches) {
      if (branch.keyword === 'required' && branch.path.length === violation.path.length + 1) {
        alternatives.push(String(branch.path[branch.path.length - 1]));
        folded.add(branch);
      } else if (samePlace(branch, violation) && !PROPERTY_KEYWORDS.has(branch.keyword)) {
        forms.push(branch.message);
        folded.add(branch);
      }
    }
    if (alternatives.length > 0 && forms.length === 0) {
      replacements.set(violation, {
        location: violation.location,
        path: violation.path,
        keyword: 'required',
        message: `needs one of ${alternatives.join(', ')}`,
        alternatives,
      });
      return;
    }
    const distinct = [...new Set(forms)];
    const message =
      distinct.length > 0
        ? `matches none of its allowed forms (${distinct.join(' | ')})`
        : violation.keyword === 'oneOf'
          ? 'must match exactly one of its allowed forms'
          : 'matches none of its allowed forms';
    replacements.set(violation, { ...violation, message });
  });
  return violations.flatMap((violation) => {
    const replacement = replacements.get(violation);
    if (replacement) {
      return [replacement];
    }
    return folded.has(violation) ? [] : [violation];
  });
}

/** The `type: 'null'` branch's error of a combinator: `must be null` at its field. */
function isNullForm(branch: FieldViolation, combinator: FieldViolation): boolean {
  return branch.keyword === 'type' && branch.message === 'must be null' && samePlace(branch, combinator);
}

/**
 * Whether a combinator is a "null or object" field holding an object (or array) that its other
 * branch accepts by type: one branch only failed `must be null`, no other branch failed on the
 * type of the value, and the other branches did report errors.
 */
function isObjectForNullable(combinator: FieldViolation, branches: readonly FieldViolation[]): boolean {
  const nullForm = branches.find((branch) => isNullForm(branch, combinator));
  if (!nullForm || nullForm.value === null || typeof nullForm.value !== 'object') {
    return false;
  }
  const others = branches.filter((branch) => !isNullForm(branch, combinator));
  return others.length > 0 && !others.some((branch) => branch.keyword === 'type' && samePlace(branch, combinator));
}

function dedupe(violations: readonly FieldViolation[]): FieldViolation[] {
  const seen = new Set<string>();
  return violations.filter((violation) => {
    const key = JSON.stringify([violation.location, violation.path, violation.keyword, violation.message]);
    if (seen.has(key)) {
      return false;
    }
    seen.add(key);
    return true;
  });
}
