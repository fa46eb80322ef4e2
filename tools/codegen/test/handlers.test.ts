import { readFileSync } from 'node:fs';
import { openapiJsonPath } from '@svc/spec';
import { describe, expect, it } from 'vitest';
import { generateHandlerTypes } from '../src/index.js';

const post = (operationId: string, extra: Record<string, unknown> = {}) => ({
  post: { operationId, summary: `Do ${operationId}`, responses: { '200': { description: 'ok' } }, ...extra },
});

describe('generateHandlerTypes', () => {
  it('declares request and response types and the path of every operation', () => {
    const source = generateHandlerTypes({
      openapi: '3.1.0',
      paths: { '/item/remove': post('itemRemove'), '/auth/get': post('authGet') },
    } as never);
    expect(source).toContain('GENERATED FILE, DO NOT EDIT');
    expect(source).toContain("import type { operations } from '@svc/spec/types';");
    expect(source).toContain("  itemRemove: {\n    request: JsonBody<operations['itemRemove']['requestBody']>;");
    expect(source).toContain("    response: JsonBody<operations['authGet']['responses'][200]>;");
    expect(source).toContain("  itemRemove: '/item/remove',\n  authGet: '/auth/get',");
    expect(source).toContain('} as const satisfies Record<OperationId, string>;');
  });

  it.each([
    ['no operations', {}, /no operations/],
    ['an operationId that is not an identifier', { '/a-b': post('a-b') }, /not a camelCase identifier/],
    ['no 200 response', { '/a': post('a', { responses: { '400': {} } }) }, /declares no 200 response/],
  ])('refuses a document with %s', (_name, paths, error) => {
    expect(() => generateHandlerTypes({ openapi: '3.1.0', paths } as never)).toThrow(error);
  });

  it('collects the documented defaults of request fields, nested as in the body, through $refs', () => {
    const source = generateHandlerTypes({
      openapi: '3.1.0',
      paths: {
        '/event/sync': post('eventSync', {
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Sync' } } } },
        }),
        '/item/remove': post('itemRemove'),
      },
      components: {
        schemas: {
          Sync: {
            type: 'object',
            properties: {
              count: { type: 'integer', default: 25 },
              after_id: { type: 'integer' },
              options: { type: 'object', properties: { include: { type: 'boolean', default: false } } },
            },
          },
        },
      },
    } as never);
    expect(source).toContain(
      'export const requestDefaults = {\n  eventSync: { count: 25, options: { include: false } },\n}',
    );
  });

  it('covers every operation of the bundled spec', () => {
    const document = JSON.parse(readFileSync(openapiJsonPath, 'utf8'));
    const source = generateHandlerTypes(document);
    const count = Object.values(document.paths as Record<string, object>).length;
    expect(source.match(/^ {2}[a-z][A-Za-z0-9]*: \{$/gm)).toHaveLength(count);
  });
});
