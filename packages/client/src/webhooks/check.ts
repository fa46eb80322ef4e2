/**
 * A small interpreter for the structural checks tools/codegen generates from the webhook payload
 * schemas (src/generated/webhooks.gen.ts): the JSON Schema keywords those schemas use, nothing
 * more. The generator refuses any other keyword, so a check is never weaker than its schema.
 */

/** A JSON type name, as in JSON Schema (`integer` is a number without fraction). */
export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

/** A compiled schema: JSON Schema validation keywords, with `$ref` written as `ref`. */
export interface Check {
  ref?: string;
  type?: readonly JsonType[];
  const?: unknown;
  enum?: readonly unknown[];
  minLength?: number;
  pattern?: string;
  format?: 'uri' | 'int32';
  minimum?: number;
  required?: readonly string[];
  properties?: Readonly<Record<string, Check>>;
  additionalProperties?: false;
  items?: Check;
  minItems?: number;
  uniqueItems?: true;
  anyOf?: readonly Check[];
  allOf?: readonly Check[];
}

/**
 * An absolute URI: a scheme, a colon, then only characters RFC 3986 allows (unreserved,
 * reserved, `%` + two hex digits). It does not check the finer grammar (IPv6 literals, ports).
 */
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;

/**
 * Checks `value` against `check`; appends one line per violation to `problems`, each starting
 * with the JSON pointer of the offending value (`/new_transactions must be >= 1`).
 */
export function checkValue(
  value: unknown,
  check: Check,
  definitions: Readonly<Record<string, Check>>,
  pointer: string,
  problems: string[],
): void {
  const at = pointer || '(body)';
  if (check.ref !== undefined) {
    // The generator includes every component a check references (a test holds it to that).
    checkValue(value, definitions[check.ref] as Check, definitions, pointer, problems);
  }
  if (check.type && !check.type.some((type) => hasType(value, type))) {
    problems.push(`${at} must be ${check.type.join(' or ')}`);
    return;
  }
  if ('const' in check && !equal(value, check.const)) {
    problems.push(`${at} must be ${JSON.stringify(check.const)}`);
  }
  if (check.enum && !check.enum.some((allowed) => equal(value, allowed))) {
    problems.push(`${at} must be one of ${check.enum.map((allowed) => JSON.stringify(allowed)).join(', ')}`);
  }
  if (typeof value === 'string') {
    checkString(value, check, at, problems);
  } else if (typeof value === 'number') {
    checkNumber(value, check, at, problems);
  } else if (Array.isArray(value)) {
    checkArray(value, check, definitions, pointer, problems);
  } else if (value !== null && typeof value === 'object') {
    checkObject(value as Record<string, unknown>, check, definitions, pointer, problems);
  }
  checkApplicators(value, check, definitions, pointer, problems);
}

function checkString(value: string, check: Check, at: string, problems: string[]): void {
  const length = [...value].length;
  // An absent bound is undefined, and any comparison with undefined is false.
  if (length < (check.minLength as number)) {
    problems.push(`${at} must have at least ${check.minLength} characters`);
  }
  // V8 keeps the compiled pattern (its regexp cache), so a cache of our own saved nothing measurable.
  if (check.pattern !== undefined && !new RegExp(check.pattern, 'u').test(value)) {
    problems.push(`${at} must match ${check.pattern}`);
  }
  if (check.format === 'uri' && !URI.test(value)) {
    problems.push(`${at} must be an absolute URI`);
  }
}

function checkNumber(value: number, check: Check, at: string, problems: string[]): void {
  // An absent bound is undefined, and any comparison with undefined is false.
  if (value < (check.minimum as number)) {
    problems.push(`${at} must be >= ${check.minimum}`);
  }
  if (check.format === 'int32' && !(Number.isInteger(value) && value >= -(2 ** 31) && value < 2 ** 31)) {
    problems.push(`${at} must be a 32-bit integer`);
  }
}

function checkArray(
  value: readonly unknown[],
  check: Check,
  definitions: Readonly<Record<string, Check>>,
  pointer: string,
  problems: string[],
): void {
  const at = pointer || '(body)';
  // An absent bound is undefined, and any comparison with undefined is false.
  if (value.length < (check.minItems as number)) {
    problems.push(`${at} must have at least ${check.minItems} items`);
  }
  if (check.uniqueItems && value.some((item, i) => value.findIndex((other) => equal(item, other)) !== i)) {
    problems.push(`${at} must not contain duplicates`);
  }
  if (check.items) {
    for (const [index, item] of value.entries()) {
      checkValue(item, check.items, definitions, `${pointer}/${index}`, problems);
    }
  }
}

function checkObject(
  value: Readonly<Record<string, unknown>>,
  check: Check,
  definitions: Readonly<Record<string, Check>>,
  pointer: string,
  problems: string[],
): void {
  const at = pointer || '(body)';
  for (const name of check.required ?? []) {
    if (!Object.hasOwn(value, name)) {
      problems.push(`${at} must have required property "${name}"`);
    }
  }
  for (const [name, item] of Object.entries(value)) {
    const property = check.properties?.[name];
    const where = `${pointer}/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    if (property) {
      checkValue(item, property, definitions, where, problems);
    } else if (check.additionalProperties === false) {
      problems.push(`${at} must not have property "${name}"`);
    }
  }
}

function checkApplicators(
  value: unknown,
  check: Check,
  definitions: Readonly<Record<string, Check>>,
  pointer: string,
  problems: string[],
): void {
  const at = pointer || '(body)';
  for (const sub of check.allOf ?? []) {
    checkValue(value, sub, definitions, pointer, problems);
  }
  if (check.anyOf) {
    const outcomes = check.anyOf.map((branch) => {
      const branchProblems: string[] = [];
      checkValue(value, branch, definitions, pointer, branchProblems);
      return branchProblems;
    });
    if (!outcomes.some((outcome) => outcome.length === 0)) {
      problems.push(`${at} matches none of the allowed shapes: ${outcomes.map((o) => o.join(', ')).join('; or ')}`);
    }
  }
}

/** Whether `value` is of the JSON Schema `type`. */
function hasType(value: unknown, type: JsonType): boolean {
  if (type === 'integer') {
    return Number.isInteger(value);
  }
  // A number of JSON is finite (Number.isFinite is false for anything but a finite number).
  return type === 'number'
    ? Number.isFinite(value)
    : type === (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
}

/** JSON equality (what `const`, `enum` and `uniqueItems` compare with). */
function equal(a: unknown, b: unknown): boolean {
  if (a === b) {
    return true;
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return false;
  }
  if (Array.isArray(a) !== Array.isArray(b)) {
    return false;
  }
  const aKeys = Object.keys(a);
  const bRecord = b as Record<string, unknown>;
  return (
    aKeys.length === Object.keys(b).length &&
    aKeys.every((key) => Object.hasOwn(bRecord, key) && equal((a as Record<string, unknown>)[key], bRecord[key]))
  );
}
