import { readFileSync } from 'node:fs';
import {
  createDocumentValidator,
  JSON_MEDIA_TYPE,
  jsonContent,
  listOperations,
  namedExamples,
  type Operation,
  requestExamples,
  requestSchemaPointer,
  responseExamples,
} from '@svc/openapi-kit';
import { describe, expect, it } from 'vitest';
import { document, openapiDereferencedJsonPath } from './bundled-document.js';

const validator = createDocumentValidator(document);
const operations = listOperations(document);

describe('the bundled document', () => {
  it('is OpenAPI 3.1 with the default JSON Schema dialect', () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.jsonSchemaDialect).toBe('https://spec.openapis.org/oas/3.1/dialect/base');
  });

  it('has a dereferenced twin with no $ref left', () => {
    expect(readFileSync(openapiDereferencedJsonPath, 'utf8')).not.toContain('"$ref"');
  });
});

for (const entry of operations) {
  describe(`${entry.operationId} examples`, () => {
    for (const example of requestExamples(document, entry)) {
      it(`request example "${example.name}" matches ${entry.operationId}'s request schema`, () => {
        expect(validator.validate(requestSchemaPointer(entry), example.value).errors).toEqual([]);
      });
    }
    for (const example of responseExamples(document, entry)) {
      const { status } = example;
      it(`${status} example "${example.name}" matches the ${status} schema`, () => {
        expect(validator.validate(example.schemaPointer, example.value).errors).toEqual([]);
      });
      if (!status.startsWith('2')) {
        it(`${status} example "${example.name}" carries status ${status} in its body`, () => {
          expect((example.value as { status?: unknown }).status).toBe(Number(status));
        });
      }
    }
  });
}

for (const [code, rawItem] of Object.entries(document.webhooks ?? {})) {
  describe(`webhook ${code}`, () => {
    const operation = (rawItem as { post?: Operation }).post;
    it('is a POST with a JSON payload schema and an example', () => {
      expect(operation?.requestBody?.content?.[JSON_MEDIA_TYPE]?.schema).toBeDefined();
      expect(namedExamples(document, jsonContent(document, operation?.requestBody)).length).toBeGreaterThan(0);
    });
    const pointer = `#/webhooks/${code.replaceAll('~', '~0').replaceAll('/', '~1')}/post/requestBody/content/application~1json/schema`;
    for (const example of namedExamples(document, jsonContent(document, operation?.requestBody))) {
      it(`payload example "${example.name}" matches the payload schema`, () => {
        expect(validator.validate(pointer, example.value).errors).toEqual([]);
      });
    }
  });
}
