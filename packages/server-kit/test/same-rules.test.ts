/**
 * Requests (this package's validator) and responses (`@svc/openapi-kit`'s, used by the contract
 * suite and the tests) are checked by one Ajv setup, `@svc/openapi-ajv`: a value a request may not
 * carry is refused in a response too, and the other way round.
 */
import { readFileSync } from 'node:fs';
import { createDocumentValidator, type OpenApiDocument } from '@svc/openapi-kit';
import { openapiDereferencedJsonPath } from '@svc/spec';
import { describe, expect, it } from 'vitest';
import { createRequestValidator } from '../src/index.js';

/** One operation whose request body and 200 response are the same object schema. */
function documentWith(schema: Record<string, unknown>): OpenApiDocument {
  const body = {
    type: 'object',
    additionalProperties: false,
    properties: { value: schema },
  };
  return {
    openapi: '3.1.0',
    info: { title: 'probe', version: '1' },
    paths: {
      '/probe': {
        post: {
          operationId: 'probe',
          requestBody: { content: { 'application/json': { schema: body } } },
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: body } } } },
        },
      },
    },
  } as unknown as OpenApiDocument;
}

const RESPONSE_SCHEMA = '#/paths/~1probe/post/responses/200/content/application~1json/schema';

describe('one set of rules for requests and responses', () => {
  it.each([
    ['an int32 overflow', { type: 'integer', format: 'int32' }, 2 ** 31, false],
    ['the largest int32', { type: 'integer', format: 'int32' }, 2 ** 31 - 1, true],
    ['a fraction as int64', { type: 'number', format: 'int64' }, 2.5, false],
    ['a large int64', { type: 'integer', format: 'int64' }, 2 ** 40, true],
    ['a double', { type: 'number', format: 'double' }, 1.5, true],
    ['an impossible date', { type: 'string', format: 'date' }, '2026-13-01', false],
    ['an open enum value', { type: 'string', 'x-extensible-enum': ['checking'] }, 'brokerage', true],
  ])('%s: valid %4$s on both sides', (_name, schema, value, valid) => {
    const document = documentWith(schema);
    const request = createRequestValidator(document as unknown as Record<string, unknown>).validate(
      'probe',
      { value },
      {},
    );
    const response = createDocumentValidator(document).validate(RESPONSE_SCHEMA, { value });
    expect(request.length === 0).toBe(valid);
    expect(response.valid).toBe(valid);
  });

  it('refuses an int32 overflow of the bundled spec in a request and in a response', () => {
    const document = JSON.parse(readFileSync(openapiDereferencedJsonPath, 'utf8')) as OpenApiDocument;
    const request = createRequestValidator(document as unknown as Record<string, unknown>).validate(
      'bankTransferEventSync',
      { after_id: 2 ** 31 },
      {},
    );
    expect(request.map((violation) => violation.path)).toEqual([['after_id']]);
    const sync = '#/paths/~1bank_transfer~1event~1sync/post/responses/200/content/application~1json';
    const media = document.paths?.['/bank_transfer/event/sync']?.post?.responses?.['200']?.content?.[
      'application/json'
    ] as {
      examples: Record<string, { value: { bank_transfer_events: { event_id: number }[] } }>;
    };
    const example = structuredClone(Object.values(media.examples)[0]?.value);
    expect(example?.bank_transfer_events[0]).toBeDefined();
    (example?.bank_transfer_events[0] ?? { event_id: 0 }).event_id = 2 ** 31;
    const response = createDocumentValidator(document).validate(`${sync}/schema`, example);
    expect(response.errors).toEqual(['/bank_transfer_events/0/event_id must match format "int32"']);
  });
});
