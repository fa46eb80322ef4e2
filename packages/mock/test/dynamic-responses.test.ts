// Issue 13: `Prefer: dynamic=true` gave a 500 in 2 to 5 of 100 calls to
// /payment_initiation/payment/list, because the generator broke the response schema
// (`amount.value must be > 0`, a weekly schedule on day 20). The mock no longer retries a broken
// generation, so this samples generated responses of every operation through the mock's engine
// in-process (no HTTP) and requires every one to match its schema.
import { readFileSync } from 'node:fs';
import {
  createDocumentValidator,
  listOperations,
  type OpenApiDocument,
  requestExamples,
  responseSchemaPointer,
} from '@svc/openapi-kit';
import { openapiJsonPath } from '@svc/spec';
import { beforeAll, describe, expect, it } from 'vitest';
import { generationSchema } from '../src/prism/generation-schemas.js';
import { createPrismEngine, type PrismEngine } from '../src/prism/prism-engine.js';

const document = JSON.parse(readFileSync(openapiJsonPath, 'utf8')) as OpenApiDocument;
const validator = createDocumentValidator(document);
const operations = listOperations(document);
/** Generated responses in all: 10,000 by default (`MOCK_DYNAMIC_SAMPLES` to change). */
const SAMPLES = Number(process.env.MOCK_DYNAMIC_SAMPLES ?? 10_000);

let engine: PrismEngine;

beforeAll(async () => {
  engine = await createPrismEngine(document as unknown as Record<string, unknown>);
}, 60_000);

describe('generationSchema', () => {
  it.each([
    ['an exclusive minimum of a number', { type: 'number', exclusiveMinimum: 0 }, { type: 'number', minimum: 0.01 }],
    [
      'an amount with x-decimal-places, as a whole number',
      { type: 'number', exclusiveMinimum: 0, 'x-decimal-places': 2 },
      { type: 'integer', minimum: 1, 'x-decimal-places': 2 },
    ],
    [
      'an exclusive maximum of an integer',
      { type: 'integer', exclusiveMaximum: 10, maximum: 20 },
      { type: 'integer', maximum: 9 },
    ],
    [
      'an excluded constant inside a range',
      { type: 'integer', minimum: -1, maximum: 28, not: { const: 0 } },
      { type: 'integer', minimum: 1, maximum: 28 },
    ],
    [
      'if / then, as the schema and its then',
      {
        type: 'object',
        properties: { day: { type: 'integer' } },
        if: { properties: { interval: { const: 'WEEKLY' } } },
        // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword under test
        then: { description: 'x', properties: { interval: true, day: { maximum: 7 } } },
      },
      {
        type: 'object',
        properties: { day: { type: 'integer' } },
        allOf: [{ properties: { day: { maximum: 7 } } }],
      },
    ],
  ])('narrows %s', (_name, schema, expected) => {
    expect(generationSchema(schema)).toEqual(expected);
  });

  it('keeps shared subschemas shared and leaves the original alone', () => {
    const amount = { type: 'number', exclusiveMinimum: 0 };
    const schema = { properties: { a: amount, b: amount } };
    const narrowed = generationSchema(schema) as { properties: { a: unknown; b: unknown } };
    expect(narrowed.properties.a).toBe(narrowed.properties.b);
    expect(amount).toEqual({ type: 'number', exclusiveMinimum: 0 });
  });
});

describe('dynamic responses', () => {
  const cases = operations.map((entry) => ({
    entry,
    operation: entry.operationId,
    body: (requestExamples(document, entry)[0]?.value ?? {}) as Record<string, unknown>,
  }));

  it(`match their schema in ${SAMPLES} generated responses across every operation`, async () => {
    const failures = new Map<string, number>();
    const started = performance.now();
    for (let sample = 0; sample < SAMPLES; sample++) {
      const { entry, operation, body } = cases[sample % cases.length] as (typeof cases)[number];
      const mockOperation = engine.operations.find((candidate) => candidate.operationId === operation);
      if (!mockOperation) {
        throw new Error(`the engine has no ${operation}`);
      }
      const result = await engine.respond(
        mockOperation,
        { headers: {}, body, byteLength: JSON.stringify(body).length },
        { dynamic: true },
      );
      const problem =
        result.kind !== 'response'
          ? `${result.kind}: ${result.kind === 'failure' ? result.message : JSON.stringify(result.violations)}`
          : validator
              .validate(responseSchemaPointer(document, entry, String(result.status)), result.body)
              .errors.join('; ');
      if (problem !== '') {
        const key = `${operation}: ${problem.slice(0, 300)}`;
        failures.set(key, (failures.get(key) ?? 0) + 1);
      }
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(`${SAMPLES} dynamic responses of ${cases.length} operations in ${seconds} s\n`);
    expect(Object.fromEntries(failures)).toEqual({});
  }, 600_000);
});
