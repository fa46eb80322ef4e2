import { readFileSync } from 'node:fs';
import { openapiDereferencedJsonPath } from '@svc/spec';
import { describe, expect, it } from 'vitest';
import { createRequestValidator } from '../src/request-validator.js';
import { validationError } from '../src/validation-error.js';

type Json = Record<string, unknown>;

const document = JSON.parse(readFileSync(openapiDereferencedJsonPath, 'utf8')) as Json;
const validator = createRequestValidator(document);

interface Operation {
  operationId: string;
  schema: Json;
  examples: Json[];
}

const operations: Operation[] = Object.values(document.paths as Record<string, Record<string, Json>>).flatMap((item) =>
  Object.values(item).flatMap((operation) => {
    const media = ((operation.requestBody as Json | undefined)?.content as Json | undefined)?.['application/json'] as
      | Json
      | undefined;
    if (!media || typeof operation.operationId !== 'string') {
      return [];
    }
    const examples = Object.values((media.examples ?? {}) as Record<string, { value: Json }>).map(
      (example) => example.value,
    );
    return [{ operationId: operation.operationId, schema: media.schema as Json, examples }];
  }),
);

/** Every request field declared as `anyOf: [<object>, { type: 'null' }]`, with its required properties. */
function nullableObjects(schema: Json, path: string[] = []): { path: string[]; required: string[] }[] {
  const found: { path: string[]; required: string[] }[] = [];
  const branches = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (branches?.length === 2 && branches.some((branch) => branch.type === 'null')) {
    const object = branches.find((branch) => branch.type !== 'null' && branch.properties);
    if (object) {
      found.push({ path, required: (object.required ?? []) as string[] });
    }
  }
  for (const branch of [...(branches ?? []), ...((schema.allOf ?? []) as Json[])]) {
    found.push(...nullableObjects(branch, path));
  }
  for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
    found.push(...nullableObjects(property, [...path, name]));
  }
  return found;
}

function at(body: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((value, key) => (value as Json | undefined)?.[key], body);
}

// Issue 13: a missing field inside a "null or object" field was reported as "matches none of
// its allowed forms (must be null)" instead of naming the field.
describe('a missing field inside a "null or object" field', () => {
  const cases = operations.flatMap((operation) =>
    nullableObjects(operation.schema).flatMap(({ path, required }) => {
      const example = operation.examples.find((candidate) => at(candidate, path) !== undefined);
      return required.map((missing) => ({
        name: `${operation.operationId}: ${[...path, missing].join('.')}`,
        operationId: operation.operationId,
        example,
        path,
        missing,
      }));
    }),
  );

  it('has the 16 cases of the spec (user.address, options.bacs, failure_reason of the bank transfer and transfer simulations), each with an example to edit', () => {
    expect(cases).toHaveLength(16);
    expect(cases.filter((item) => item.example === undefined).map((item) => item.name)).toEqual([]);
  });

  it.each(cases)('names $name', ({ operationId, example, path, missing }) => {
    const body = structuredClone(example) as Json;
    delete (at(body, path) as Json)[missing];
    const error = validationError(validator.validate(operationId, body, {}));
    const field = [...path, missing].join('.');
    expect(error.error_code).toBe('MISSING_FIELDS');
    expect(error.error_message).toBe(`the following required fields are missing: ${field}`);
    expect(error.causes).toEqual([
      {
        error_type: 'INVALID_REQUEST',
        error_code: 'MISSING_FIELDS',
        error_message: `${field} is required`,
        field,
        location: 'body',
      },
    ]);
  });

  it('still says "null or an object" for a value of neither type', () => {
    const transferCreate = operations.find((operation) => operation.operationId === 'transferCreate');
    const body = structuredClone(transferCreate?.examples[0]) as Json;
    (body.user as Json).address = 'somewhere';
    expect(validationError(validator.validate('transferCreate', body, {})).error_message).toBe(
      'user.address matches none of its allowed forms (must be object | must be null), got "somewhere"',
    );
  });
});
