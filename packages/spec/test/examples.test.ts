import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createDocumentValidator,
  JSON_MEDIA_TYPE,
  jsonContent,
  listOperations,
  namedExamples,
  type OpenApiDocument,
  type Operation,
  requestExamples,
  requestSchemaPointer,
  responseSchemaPointer,
} from '@svc/openapi-kit';
import { describe, expect, it } from 'vitest';

// The bundle this package publishes (built by `pnpm build` before the tests run).
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const openapiJsonPath = join(dist, 'openapi.json');
const openapiDereferencedJsonPath = join(dist, 'openapi.dereferenced.json');

const document = JSON.parse(readFileSync(openapiJsonPath, 'utf8')) as OpenApiDocument;
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

/** Every (status, example) pair of an operation's responses, with the schema pointer to check. */
function responseCases(operation: Operation, entry: (typeof operations)[number]) {
  return Object.keys(operation.responses ?? {}).flatMap((status) =>
    namedExamples(document, jsonContent(document, operation.responses?.[status])).map((example) => ({
      status,
      example,
      pointer: responseSchemaPointer(document, entry, status),
    })),
  );
}

for (const entry of operations) {
  describe(`${entry.operationId} examples`, () => {
    for (const example of requestExamples(document, entry)) {
      it(`request example "${example.name}" matches ${entry.operationId}'s request schema`, () => {
        expect(validator.validate(requestSchemaPointer(entry), example.value).errors).toEqual([]);
      });
    }
    for (const { status, example, pointer } of responseCases(entry.operation, entry)) {
      it(`${status} example "${example.name}" matches the ${status} schema`, () => {
        expect(validator.validate(pointer, example.value).errors).toEqual([]);
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
