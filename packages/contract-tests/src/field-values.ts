import { flatten, type Schema, typesOf } from './schema-fields.js';

/** A value to try for a field, and which constraint it probes. */
export interface Probe {
  /** Short description for the test name, e.g. `maxLength 18 + 1`. */
  label: string;
  value: unknown;
}

/** Candidate values of each JSON type, tried in order to find one a schema's types exclude. */
const TYPE_SAMPLES: unknown[] = [12345, 'not a number', true, ['x'], { x: 1 }];

/** The JSON Schema type of a JSON value (`integer` for whole numbers). */
function jsonType(value: unknown): string {
  if (value === null) {
    return 'null';
  }
  if (Array.isArray(value)) {
    return 'array';
  }
  if (typeof value === 'number') {
    return Number.isInteger(value) ? 'integer' : 'number';
  }
  return typeof value;
}

/** A value the schema documents as valid: its first example, default, const or enum value. */
export function documentedValue(schema: Schema): unknown {
  const flat = flatten(schema);
  const examples = flat.examples as unknown[] | undefined;
  if (examples && examples.length > 0) {
    return examples[0];
  }
  for (const key of ['default', 'const'] as const) {
    if (flat[key] !== undefined) {
      return flat[key];
    }
  }
  return (flat.enum as unknown[] | undefined)?.[0];
}

/**
 * Values just inside a field's constraints (the boundary, expected to be accepted) and just outside
 * them (expected to be rejected). The spec itself decides in the end: callers keep a probe only if
 * the whole body with it validates (accept) or fails (reject) against the request schema.
 */
export function probesFor(schema: Schema, current: unknown): { accept: Probe[]; reject: Probe[] } {
  const flat = flatten(schema);
  const types = typesOf(flat);
  const accept: Probe[] = [];
  const reject: Probe[] = [];
  const plainString = !flat.pattern && !flat.format && !flat.enum && flat.const === undefined;

  const allows = (type: string) => types.includes(type) || (type === 'integer' && types.includes('number'));
  const wrongType = types.length > 0 ? TYPE_SAMPLES.find((sample) => !allows(jsonType(sample))) : undefined;
  if (wrongType !== undefined) {
    reject.push({ label: `wrong type (${jsonType(wrongType)})`, value: wrongType });
  }
  if (types.length > 0 && !types.includes('null')) {
    reject.push({ label: 'null where not nullable', value: null });
  }
  if (Array.isArray(flat.enum)) {
    const values = flat.enum as unknown[];
    accept.push({ label: `enum value ${JSON.stringify(values[0])}`, value: values[0] });
    if (values.length > 1) {
      accept.push({ label: `enum value ${JSON.stringify(values.at(-1))}`, value: values.at(-1) });
    }
    reject.push({ label: 'a value outside the enum', value: 'NOT_A_LISTED_VALUE' });
  }
  if (typeof flat.minLength === 'number' && plainString) {
    accept.push({ label: `minLength ${flat.minLength}`, value: 'a'.repeat(flat.minLength) });
    if (flat.minLength > 0) {
      reject.push({ label: `minLength ${flat.minLength} - 1`, value: 'a'.repeat(flat.minLength - 1) });
    }
  }
  if (typeof flat.maxLength === 'number' && plainString) {
    accept.push({ label: `maxLength ${flat.maxLength}`, value: 'a'.repeat(flat.maxLength) });
    reject.push({ label: `maxLength ${flat.maxLength} + 1`, value: 'a'.repeat(flat.maxLength + 1) });
  }
  if (typeof flat.pattern === 'string') {
    const pattern = new RegExp(flat.pattern as string, 'u');
    const base = typeof current === 'string' ? current : String(documentedValue(flat) ?? 'x');
    const outside = [`${base}!`, `!${base}`, '', ' ', '#'].find((candidate) => !pattern.test(candidate));
    if (outside !== undefined) {
      reject.push({ label: `pattern ${flat.pattern}`, value: outside });
    }
  }
  const invalidFormats: Record<string, string> = {
    date: '2026-13-01',
    'date-time': '2026-11-20 14:15',
    uri: 'not a uri',
    email: 'not-an-email',
  };
  if (typeof flat.format === 'string' && invalidFormats[flat.format] && types.includes('string')) {
    reject.push({ label: `format ${flat.format}`, value: invalidFormats[flat.format] });
  }
  if (types.includes('integer') || types.includes('number')) {
    const step = types.includes('integer') ? 1 : 0.01;
    if (typeof flat.minimum === 'number') {
      accept.push({ label: `minimum ${flat.minimum}`, value: flat.minimum });
      reject.push({ label: `minimum ${flat.minimum} - ${step}`, value: round(flat.minimum - step) });
    }
    if (typeof flat.maximum === 'number') {
      accept.push({ label: `maximum ${flat.maximum}`, value: flat.maximum });
      reject.push({ label: `maximum ${flat.maximum} + ${step}`, value: round(flat.maximum + step) });
    }
    if (typeof flat.exclusiveMinimum === 'number') {
      reject.push({ label: `exclusiveMinimum ${flat.exclusiveMinimum}`, value: flat.exclusiveMinimum });
      accept.push({
        label: `exclusiveMinimum ${flat.exclusiveMinimum} + ${step}`,
        value: round(flat.exclusiveMinimum + step),
      });
    }
    if (types.includes('integer')) {
      reject.push({ label: 'a fraction where an integer is required', value: 1.5 });
    }
    if (flat.format === 'int32' && typeof flat.maximum !== 'number') {
      reject.push({ label: 'int32 overflow', value: 2 ** 31 });
    }
  }
  if (types.includes('array')) {
    const items = Array.isArray(current) ? current : [];
    const item = items[0] ?? documentedValue((flat.items as Schema | undefined) ?? {});
    if (typeof flat.minItems === 'number' && item !== undefined) {
      accept.push({ label: `minItems ${flat.minItems}`, value: fill(items, item, flat.minItems) });
      if (flat.minItems > 0) {
        reject.push({ label: `minItems ${flat.minItems} - 1`, value: fill(items, item, flat.minItems - 1) });
      }
    }
    if (typeof flat.maxItems === 'number' && item !== undefined) {
      reject.push({ label: `maxItems ${flat.maxItems} + 1`, value: fill(items, item, flat.maxItems + 1) });
    }
  }
  if (types.includes('object') && flat.additionalProperties === false && current && typeof current === 'object') {
    reject.push({ label: 'an unknown property inside', value: { ...(current as object), unexpected_field: 1 } });
  }
  return { accept, reject };
}

/** Rounds away binary noise (0.1 + 0.2) so boundary values print and compare cleanly. */
function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** An array of `length` items: the given ones first, then copies of `item`. */
function fill(items: unknown[], item: unknown, length: number): unknown[] {
  return Array.from({ length }, (_, index) => (index < items.length ? items[index] : item));
}
