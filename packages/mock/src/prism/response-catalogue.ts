import type { PrismOperation } from './prism-http.js';

/** The JSON media type whose examples the mock serves. */
const JSON_MEDIA_TYPE = 'application/json';

/** One declared response status of an operation and the names of its JSON examples. */
export interface ResponseExamples {
  /** The status code as the spec writes it: `'200'`, `'400'`, … */
  status: string;
  /** Example names in document order; the first is served when only the status is chosen. */
  examples: string[];
}

/**
 * What an operation can return: each declared status with its named examples, in document order:
 * the choices a `ResponseChoice` of the engine (`./prism-engine.ts`) may name.
 */
export function responseCatalogue(operation: PrismOperation): ResponseExamples[] {
  return operation.responses.map((response) => ({
    status: response.code,
    examples: (response.contents ?? [])
      .filter((content) => content.mediaType === JSON_MEDIA_TYPE)
      .flatMap((content) => (content.examples ?? []).map((example) => example.key)),
  }));
}
