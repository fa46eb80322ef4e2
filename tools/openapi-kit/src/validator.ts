import { createOpenApiAjv } from '@svc/openapi-ajv';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type { OpenApiDocument } from './types.js';

/** The result of validating one value. */
export interface ValidationResult {
  valid: boolean;
  /** One line per problem, e.g. `/accounts/0/balances/current must be number`; empty when valid. */
  errors: string[];
}

/** Validates values against schemas of one OpenAPI 3.1 document, addressed by JSON Pointer. */
export interface DocumentValidator {
  /** Validates `value` against the schema at `pointer` (`#/components/schemas/Item`, `#/paths/...`). */
  validate(pointer: string, value: unknown): ValidationResult;
}

const DOCUMENT_ID = 'https://svc.example/openapi.json';

/**
 * Creates a validator over `document`, with the Ajv setup `@svc/server-kit` validates requests
 * with (`createOpenApiAjv` of `@svc/openapi-ajv`). Schemas are compiled on first use and cached,
 * so validating many values against one schema is cheap.
 */
export function createDocumentValidator(document: OpenApiDocument): DocumentValidator {
  const ajv = createOpenApiAjv();
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  const cache = new Map<string, ValidateFunction>();

  return {
    validate(pointer, value) {
      let validateFn = cache.get(pointer);
      if (!validateFn) {
        validateFn = ajv.compile({ $ref: `${DOCUMENT_ID}${pointer}` });
        cache.set(pointer, validateFn);
      }
      const valid = validateFn(value);
      return { valid, errors: valid ? [] : formatErrors(validateFn.errors ?? []) };
    },
  };
}

/** Formats Ajv errors as one readable line each: `<instance path> <message> (<schema path>)`. */
export function formatErrors(errors: readonly ErrorObject[]): string[] {
  return errors.map((error) => {
    const where = error.instancePath === '' ? '(body)' : error.instancePath;
    const extra =
      error.keyword === 'additionalProperties'
        ? ` "${String((error.params as { additionalProperty?: string }).additionalProperty)}"`
        : error.keyword === 'enum'
          ? ` ${JSON.stringify((error.params as { allowedValues?: unknown }).allowedValues)}`
          : '';
    return `${where} ${error.message ?? error.keyword}${extra}`;
  });
}
