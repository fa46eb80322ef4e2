// The request part of the dereferenced spec validates every request exactly as the whole document.
import { readFileSync } from 'node:fs';
import { listOperations, type OpenApiDocument, requestExamples } from '@svc/openapi-kit';
import { createRequestValidator } from '@svc/server-kit';
import { openapiDereferencedJsonPath } from '@svc/spec';
import { describe, expect, it } from 'vitest';
import { requestDocumentOf } from '../../src/prism/request-document.js';

type Json = Record<string, unknown>;

const document = JSON.parse(readFileSync(openapiDereferencedJsonPath, 'utf8')) as Json;
const whole = createRequestValidator(document);
const part = createRequestValidator(requestDocumentOf(document));
const operations = listOperations(document as unknown as OpenApiDocument);

/** Bodies that break a schema in several ways, for any operation. */
const BROKEN: Json[] = [{}, { extra: true }, { access_token: 42, options: { count: -1 } }, { amount: 'x', type: 7 }];

describe('requestDocumentOf', () => {
  it('keeps every operation, in order', () => {
    expect(part.operations).toEqual(whole.operations);
  });

  it('leaves out the responses (the bulk of the document)', () => {
    const kept = JSON.stringify(requestDocumentOf(document));
    expect(kept).not.toContain('"responses"');
    expect(kept.length).toBeLessThan(JSON.stringify(document).length / 10);
  });

  it.each(operations.map((operation) => [operation.operationId, operation] as const))(
    '%s: the same findings for its examples and broken bodies',
    (operationId, operation) => {
      const bodies = [
        ...requestExamples(document as unknown as OpenApiDocument, operation).map((example) => example.value as Json),
        ...BROKEN,
      ];
      for (const body of bodies) {
        for (const headers of [{}, { 'svc-version': 'not-a-date' }]) {
          expect(part.validate(operationId, body, headers)).toEqual(whole.validate(operationId, body, headers));
        }
      }
    },
  );
});
