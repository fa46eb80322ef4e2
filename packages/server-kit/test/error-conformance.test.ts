// Issue 13: `causes` was untyped, and each producer shaped it its own way. Every error the edges
// produce must match the spec's ApiError, whose causes are ErrorCause objects (closed).
import { readFileSync } from 'node:fs';
import { createOpenApiAjv } from '@svc/openapi-ajv';
import { openapiJsonPath } from '@svc/spec';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../src/api-error.js';
import { clientErrorBody } from '../src/client-errors.js';
import { CREDENTIALS, missingCredentialsError } from '../src/credentials.js';
import { parseJsonObject } from '../src/read-body.js';
import { routeError } from '../src/routes.js';
import { type FieldViolation, validationError } from '../src/validation-error.js';

const document = JSON.parse(readFileSync(openapiJsonPath, 'utf8')) as Record<string, unknown>;
const ajv = createOpenApiAjv();
ajv.addSchema({ ...document, $id: 'https://svc.example/openapi.json' });
const validateApiError = ajv.getSchema('https://svc.example/openapi.json#/components/schemas/ApiError');

function problems(error: ApiError): string[] {
  if (!validateApiError) {
    throw new Error('the spec has no ApiError schema');
  }
  return validateApiError(error) ? [] : (validateApiError.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

const violation = (overrides: Partial<FieldViolation>): FieldViolation => ({
  location: 'body',
  path: ['options', 'count'],
  keyword: 'maximum',
  message: 'must be <= 25',
  value: 50,
  ...overrides,
});

const bodyError = (text: string): ApiError => {
  const result = parseJsonObject(new TextEncoder().encode(text), 'r');
  if (result.ok) {
    throw new Error(`${text} was accepted`);
  }
  return result.response.error;
};

describe('every error the edges produce is an ApiError of the spec', () => {
  it.each<[string, ApiError]>([
    ['an invalid field', validationError([violation({})])],
    ['a missing field', validationError([violation({ keyword: 'required', value: undefined })])],
    ['an unknown field', validationError([violation({ keyword: 'additionalProperties', path: ['bogus'] })])],
    ['alternatives', validationError([violation({ keyword: 'required', path: [], alternatives: ['iban', 'bacs'] })])],
    ['the body itself', validationError([violation({ path: [], keyword: 'minProperties' })])],
    ['a header', validationError([violation({ location: 'header', path: ['SVC-Version'], keyword: 'enum' })])],
    ['a query parameter', validationError([violation({ location: 'query', path: ['x'] })])],
    [
      '5,000 violations',
      validationError(Array.from({ length: 5000 }, (_, index) => violation({ path: ['items', index] }))),
    ],
    ['missing credentials', missingCredentialsError([CREDENTIALS.clientId, CREDENTIALS.secret], 'r')],
    ['an unknown path', routeError({ kind: 'not-found', path: '/x' }, 'r').error],
    ['a wrong method', routeError({ kind: 'method-not-allowed', path: '/x', method: 'GET', allowed: ['POST'] }).error],
    ['malformed JSON', bodyError('{"a":')],
    ['a JSON array', bodyError('[]')],
    ['deep nesting', bodyError(`{"a":${'['.repeat(40)}${']'.repeat(40)}}`)],
    ['too many fields', bodyError(`{${Array.from({ length: 1001 }, (_, i) => `"k${i}":1`).join(',')}}`)],
    ['too many values', bodyError(`{"a":[${Array.from({ length: 9 }, () => `[${'0,'.repeat(599)}0]`).join(',')}]}`)],
    ['a number out of range', bodyError('{"count":1e400}')],
    ...[
      'HPE_HEADER_OVERFLOW',
      'ERR_HTTP_REQUEST_TIMEOUT',
      'HPE_INVALID_METHOD',
      'HPE_INVALID_HEADER_TOKEN',
      'HPE_INVALID_CHUNK_SIZE',
      'HPE_CHUNK_EXTENSIONS_OVERFLOW',
      'HPE_INVALID_VERSION',
    ].map((code): [string, ApiError] => [`the parser's ${code}`, clientErrorBody(code).error]),
  ])('%s', (_name, error) => {
    expect(problems(error)).toEqual([]);
  });

  it('rejects a cause of another shape (the schema is closed)', () => {
    const error = validationError([violation({})]);
    const odd = { ...error, causes: [{ ...error.causes[0], value: 50 }] } as unknown as ApiError;
    expect(problems(odd)).toEqual(['/causes/0 must NOT have additional properties']);
  });
});
