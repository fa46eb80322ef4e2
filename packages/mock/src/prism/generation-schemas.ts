/**
 * Response schemas rewritten for Prism's dynamic generator (json-schema-faker 0.5), so that what
 * it generates matches the spec. The generator reads a few JSON Schema 2020-12 keywords its own
 * way and produced responses that broke their own schema:
 * - `exclusiveMinimum: 0` is read as a draft-04 boolean, so an amount could come out negative
 *   (`amount.value must be > 0`); `exclusiveMaximum` likewise;
 * - `not: { const: 0 }` is ignored, so a day could come out 0;
 * - `if` / `then` is ignored, so a weekly schedule could get a day of the month;
 * - the API's `x-decimal-places` is unknown to it, so an amount came out with many decimals
 *   (`amount.value must have at most 2 decimal places`): such a number is generated as a whole
 *   number (no decimals at all; `multipleOf: 0.01` is no way out, since the generator's multiples
 *   carry floating-point noise that Prism's own check of the output then refuses).
 *
 * Each rewrite only narrows a schema (every value it allows, the original allows too), so the
 * generated responses are still checked against the spec's own schema by Prism and stay valid
 * for it. Request schemas are not touched: validation of requests is unchanged.
 */
import { DECIMAL_PLACES_KEYWORD } from '@svc/server-kit';
import type { PrismOperation } from './prism-http.js';

type Schema = Record<string, unknown>;

/** The smallest step above an exclusive bound: 1 for integers, a cent for other numbers. */
const NUMBER_STEP = 0.01;

const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SUBSCHEMAS = ['items', 'additionalProperties', 'unevaluatedProperties', 'contains', 'propertyNames', 'not'];

/** `operation` with each response schema rewritten for generation; the original is not changed. */
export function forGeneration(operation: PrismOperation): PrismOperation {
  const rewritten = new Map<object, unknown>();
  return {
    ...operation,
    responses: operation.responses.map((response) => ({
      ...response,
      ...(response.contents
        ? {
            contents: response.contents.map((content) =>
              content.schema === undefined
                ? content
                : { ...content, schema: generationSchema(content.schema, rewritten) },
            ),
          }
        : {}),
    })),
  };
}

/**
 * A narrower copy of `schema` that json-schema-faker generates correctly (see the module
 * comment). Shared subschemas stay shared; `rewritten` remembers them.
 */
export function generationSchema(schema: unknown, rewritten = new Map<object, unknown>()): unknown {
  if (schema === null || typeof schema !== 'object') {
    return schema;
  }
  const known = rewritten.get(schema);
  if (known !== undefined) {
    return known;
  }
  if (Array.isArray(schema)) {
    const list: unknown[] = [];
    rewritten.set(schema, list);
    list.push(...schema.map((item) => generationSchema(item, rewritten)));
    return list;
  }
  const copy: Schema = {};
  rewritten.set(schema, copy);
  for (const [key, value] of Object.entries(schema)) {
    if (SUBSCHEMA_MAPS.includes(key) && value !== null && typeof value === 'object') {
      copy[key] = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, generationSchema(sub, rewritten)]),
      );
    } else if (SUBSCHEMA_LISTS.includes(key) && Array.isArray(value)) {
      copy[key] = value.map((sub) => generationSchema(sub, rewritten));
    } else if (SUBSCHEMAS.includes(key) || key === 'if' || key === 'then' || key === 'else') {
      copy[key] = generationSchema(value, rewritten);
    } else {
      copy[key] = value;
    }
  }
  narrowExclusiveBounds(copy);
  narrowDecimalPlaces(copy);
  narrowNotConst(copy);
  applyConditional(copy);
  return copy;
}

/** A `number` with `x-decimal-places` → an `integer` (at least its minimum, rounded up): no decimals to get wrong. */
function narrowDecimalPlaces(schema: Schema): void {
  if (typeof schema[DECIMAL_PLACES_KEYWORD] !== 'number' || schema.type !== 'number') {
    return;
  }
  schema.type = 'integer';
  if (typeof schema.minimum === 'number') {
    schema.minimum = Math.ceil(schema.minimum);
  }
  if (typeof schema.maximum === 'number') {
    schema.maximum = Math.floor(schema.maximum);
  }
}

/** `exclusiveMinimum: n` → `minimum: n + step` (and the same for the maximum). */
function narrowExclusiveBounds(schema: Schema): void {
  const step = isInteger(schema) ? 1 : NUMBER_STEP;
  const { exclusiveMinimum, exclusiveMaximum } = schema;
  if (typeof exclusiveMinimum === 'number') {
    const minimum = Math.max(exclusiveMinimum + step, numberOr(schema.minimum, Number.NEGATIVE_INFINITY));
    if (minimum <= numberOr(schema.maximum, Number.POSITIVE_INFINITY)) {
      delete schema.exclusiveMinimum;
      schema.minimum = minimum;
    }
  }
  if (typeof exclusiveMaximum === 'number') {
    const maximum = Math.min(exclusiveMaximum - step, numberOr(schema.maximum, Number.POSITIVE_INFINITY));
    if (maximum >= numberOr(schema.minimum, Number.NEGATIVE_INFINITY)) {
      delete schema.exclusiveMaximum;
      schema.maximum = maximum;
    }
  }
}

/**
 * `not: { const: c }` on a bounded integer → the larger side of the range without `c`
 * (`minimum: -1, maximum: 28, not: { const: 0 }` → `minimum: 1, maximum: 28`).
 */
function narrowNotConst(schema: Schema): void {
  const not = schema.not as Schema | undefined;
  if (!isInteger(schema) || !not || Object.keys(not).length !== 1 || typeof not.const !== 'number') {
    return;
  }
  const excluded = not.const;
  const minimum = numberOr(schema.minimum, Number.NEGATIVE_INFINITY);
  const maximum = numberOr(schema.maximum, Number.POSITIVE_INFINITY);
  if (excluded < minimum || excluded > maximum) {
    delete schema.not;
    return;
  }
  if (maximum - excluded >= excluded - minimum) {
    if (excluded + 1 <= maximum) {
      schema.minimum = excluded + 1;
      delete schema.not;
    }
  } else if (excluded - 1 >= minimum) {
    schema.maximum = excluded - 1;
    delete schema.not;
  }
}

/**
 * `if` / `then` / `else`, which the generator ignores, as an `allOf` it follows: with a `then`
 * only, the schema and its `then` (whether the condition holds or not, the value obeys `then`);
 * with an `else`, the schema, the condition and its `then` (the condition then always holds).
 */
function applyConditional(schema: Schema): void {
  const { if: condition, then, else: otherwise } = schema;
  if (condition === undefined || (then === undefined && otherwise === undefined)) {
    return;
  }
  const added =
    otherwise === undefined
      ? [withoutTrueProperties(then)]
      : then === undefined
        ? [condition]
        : [condition, withoutTrueProperties(then)];
  schema.allOf = [...(Array.isArray(schema.allOf) ? schema.allOf : []), ...added];
  delete schema.if;
  delete schema.then;
  delete schema.else;
}

/** A subschema without its `true` property schemas, which allow anything and the generator misreads. */
function withoutTrueProperties(schema: unknown): unknown {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    return schema;
  }
  const { properties, description: _description, ...rest } = schema as Schema;
  if (properties === null || typeof properties !== 'object') {
    return rest;
  }
  const kept = Object.entries(properties).filter(([, sub]) => sub !== true);
  return { ...rest, properties: Object.fromEntries(kept) };
}

function isInteger(schema: Schema): boolean {
  return schema.type === 'integer' || (Array.isArray(schema.type) && schema.type.includes('integer'));
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' ? value : fallback;
}
