import { describe, expect, it } from 'vitest';
import {
  createDocumentValidator,
  jsonPointer,
  listOperations,
  type OpenApiDocument,
  requestExamples,
  responseExamples,
  responseSchemaPointer,
} from '../src/index.js';

const document: OpenApiDocument = {
  openapi: '3.1.0',
  paths: {
    '/item/remove': {
      post: {
        operationId: 'itemRemove',
        requestBody: {
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/ItemRemoveRequest' },
              examples: { default: { $ref: '#/components/examples/Remove' } },
            },
          },
        },
        responses: {
          '200': { $ref: '#/components/responses/Ok' },
        },
      },
    },
  },
  components: {
    schemas: {
      ItemRemoveRequest: {
        type: 'object',
        additionalProperties: false,
        required: ['access_token'],
        properties: { access_token: { type: 'string', minLength: 1 }, count: { type: 'integer', format: 'int32' } },
      },
      Ok: {
        type: 'object',
        required: ['request_id'],
        properties: { request_id: { type: 'string' }, when: { type: 'string', format: 'date' } },
        'x-extensible-enum': ['ignored'],
      },
    },
    responses: {
      Ok: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Ok' } } } },
    },
    examples: { Remove: { summary: 'Remove', value: { access_token: 'access-sandbox-1' } } },
  },
};

describe('listOperations', () => {
  it('finds every operation with its pointer', () => {
    expect(listOperations(document).map(({ operationId, pointer }) => ({ operationId, pointer }))).toEqual([
      { operationId: 'itemRemove', pointer: '#/paths/~1item~1remove/post' },
    ]);
  });

  it('lists response examples with their status and schema pointer, through a $ref response', () => {
    const [entry] = listOperations(document);
    const withExample: OpenApiDocument = structuredClone(document);
    const ok = withExample.components?.responses?.Ok as { content: Record<string, { examples?: unknown }> };
    ok.content['application/json'] = {
      ...ok.content['application/json'],
      examples: { done: { value: { request_id: 'r' } } },
    };
    expect(entry && responseExamples(withExample, entry)).toEqual([
      {
        name: 'done',
        summary: undefined,
        value: { request_id: 'r' },
        status: '200',
        schemaPointer: '#/components/responses/Ok/content/application~1json/schema',
      },
    ]);
  });

  it('resolves $ref request examples', () => {
    const [entry] = listOperations(document);
    expect(entry && requestExamples(document, entry)).toEqual([
      { name: 'default', summary: 'Remove', value: { access_token: 'access-sandbox-1' } },
    ]);
  });
});

describe('createDocumentValidator', () => {
  const validator = createDocumentValidator(document);
  const request = '#/components/schemas/ItemRemoveRequest';
  const cases: [string, { pointer: string; value: unknown; errors: string[] }][] = [
    ['a valid request', { pointer: request, value: { access_token: 'a' }, errors: [] }],
    ['a missing field', { pointer: request, value: {}, errors: ["(body) must have required property 'access_token'"] }],
    [
      'an unknown field',
      {
        pointer: request,
        value: { access_token: 'a', x: 1 },
        errors: ['(body) must NOT have additional properties "x"'],
      },
    ],
    [
      'an int32 overflow',
      { pointer: request, value: { access_token: 'a', count: 2 ** 31 }, errors: ['/count must match format "int32"'] },
    ],
    [
      'a bad date format',
      {
        pointer: '#/components/schemas/Ok',
        value: { request_id: 'r', when: '2024-13-01' },
        errors: ['/when must match format "date"'],
      },
    ],
  ];
  it.each(cases)('%s', (_name, { pointer, value, errors }) => {
    expect(validator.validate(pointer, value).errors).toEqual(errors);
  });

  it('validates through a $ref response at a path pointer', () => {
    const [entry] = listOperations(document);
    if (!entry) {
      throw new Error('no operation');
    }
    // The 200 response is a $ref; its schema pointer must be followed through the reference.
    const pointer = responseSchemaPointer(document, entry, '200');
    expect(pointer).toBe('#/components/responses/Ok/content/application~1json/schema');
    expect(validator.validate(pointer, { request_id: 'r' }).valid).toBe(true);
    expect(validator.validate(pointer, {}).errors).toEqual(["(body) must have required property 'request_id'"]);
  });

  it('encodes pointers per RFC 6901', () => {
    expect(jsonPointer(['paths', '/a~b/c'])).toBe('#/paths/~1a~0b~1c');
  });
});
