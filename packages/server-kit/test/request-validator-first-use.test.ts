import { readFileSync } from 'node:fs';
import { openapiDereferencedJsonPath } from '@svc/spec';
import { describe, expect, it } from 'vitest';
import { createRequestValidator } from '../src/request-validator.js';

type Json = Record<string, unknown>;

const document = JSON.parse(readFileSync(openapiDereferencedJsonPath, 'utf8')) as Json;

/** A one-operation document whose request body schema Ajv cannot compile (an unknown format is refused). */
const broken: Json = {
  openapi: '3.1.0',
  info: { title: 'broken', version: '1' },
  paths: {
    '/x': {
      post: {
        operationId: 'x',
        requestBody: {
          content: { 'application/json': { schema: { type: 'object', properties: { a: { type: 'nonsense' } } } } },
        },
        responses: { '200': { description: 'ok' } },
      },
    },
  },
};

describe('createRequestValidator with compileOnFirstUse', () => {
  const eager = createRequestValidator(document);
  const onFirstUse = createRequestValidator(document, { compileOnFirstUse: true });

  it.each([
    ['a valid request', 'authGet', { access_token: 'access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6' }, {}],
    ['a missing field', 'authGet', {}, {}],
    ['an unknown field and a wrong type', 'transferCreate', { amount: 5, extra: true }, {}],
    ['a bad header', 'authGet', { access_token: 'x' }, { 'svc-version': 'not-a-version' }],
  ])('finds what the eager validator finds: %s', (_name, operationId, body, headers) => {
    expect(onFirstUse.validate(operationId, body, headers)).toEqual(eager.validate(operationId, body, headers));
  });

  it('lists the same operations', () => {
    expect(onFirstUse.operations).toEqual(eager.operations);
  });

  it('compiles a schema at its first validation, not at creation', () => {
    expect(() => createRequestValidator(broken)).toThrow();
    const validator = createRequestValidator(broken, { compileOnFirstUse: true });
    expect(() => validator.validate('x', {}, {})).toThrow();
  });
});
