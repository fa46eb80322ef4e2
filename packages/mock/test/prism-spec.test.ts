import { describe, expect, it } from 'vitest';
import { prismArguments } from '../src/prism-process.js';
import { OAS_BASE_DIALECT, prismReadyDocument } from '../src/prism-spec.js';

describe('prismReadyDocument', () => {
  it('drops the default jsonSchemaDialect, which would switch off Prism request validation', () => {
    expect(prismReadyDocument({ openapi: '3.1.0', jsonSchemaDialect: OAS_BASE_DIALECT, paths: {} })).toEqual({
      openapi: '3.1.0',
      paths: {},
    });
  });

  it('leaves a document without a dialect as it is', () => {
    expect(prismReadyDocument({ openapi: '3.1.0' })).toEqual({ openapi: '3.1.0' });
  });

  it('refuses another dialect rather than reinterpreting the schemas', () => {
    expect(() => prismReadyDocument({ jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema' })).toThrow(
      /only the default jsonSchemaDialect/,
    );
  });
});

describe('prismArguments', () => {
  it('runs quiet, static, without invented properties, on the given host and port', () => {
    expect(prismArguments({ host: '127.0.0.1', port: 4010, specPath: '/s.json', dynamic: false })).toEqual([
      'mock',
      '--host',
      '127.0.0.1',
      '--port',
      '4010',
      '--errors',
      '-v',
      'error',
      '--json-schema-faker-fillProperties=false',
      '/s.json',
    ]);
  });

  it('adds --dynamic on request', () => {
    expect(prismArguments({ host: 'h', port: 1, specPath: 's', dynamic: true })).toContain('--dynamic');
  });
});
