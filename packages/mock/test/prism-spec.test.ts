import { describe, expect, it } from 'vitest';
import { DRAFT_2020_12_DIALECT, OAS_BASE_DIALECT, prismReadyDocument } from '../src/prism/prism-spec.js';

describe('prismReadyDocument', () => {
  it('replaces the default jsonSchemaDialect, which would switch off Prism request validation', () => {
    expect(prismReadyDocument({ openapi: '3.1.0', jsonSchemaDialect: OAS_BASE_DIALECT, paths: {} })).toEqual({
      openapi: '3.1.0',
      jsonSchemaDialect: DRAFT_2020_12_DIALECT,
      paths: {},
    });
  });

  it('declares JSON Schema 2020-12 on a 3.1 document without a dialect (no 3.0 conversion, no draft-07)', () => {
    expect(prismReadyDocument({ openapi: '3.1.0' })).toEqual({
      openapi: '3.1.0',
      jsonSchemaDialect: DRAFT_2020_12_DIALECT,
    });
  });

  it('leaves a 3.0 document as it is', () => {
    expect(prismReadyDocument({ openapi: '3.0.3' })).toEqual({ openapi: '3.0.3' });
  });

  it('refuses another dialect rather than reinterpreting the schemas', () => {
    expect(() =>
      prismReadyDocument({ openapi: '3.1.0', jsonSchemaDialect: 'https://json-schema.org/draft/2019-09/schema' }),
    ).toThrow(/only the default jsonSchemaDialect/);
  });
});
