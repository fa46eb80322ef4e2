import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { OpenApiDocument } from './types.js';

// ajv-formats is CommonJS; under NodeNext its default import is the module namespace.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

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

/** OpenAPI keywords that may stand inside (or around) schemas and are not JSON Schema keywords. */
const OPENAPI_KEYWORDS = [
  'openapi',
  'info',
  'jsonSchemaDialect',
  'servers',
  'tags',
  'security',
  'paths',
  'webhooks',
  'components',
  'externalDocs',
  'discriminator',
  'xml',
  'example',
  'x-extensible-enum',
  'x-tagGroups',
  'x-codeSamples',
];

const DOCUMENT_ID = 'https://svc.example/openapi.json';

/**
 * Creates an Ajv (draft 2020-12, all errors, formats checked) validator over `document`. Schemas are
 * compiled on first use and cached, so validating many values against one schema is cheap.
 */
export function createDocumentValidator(document: OpenApiDocument): DocumentValidator {
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
  addFormats(ajv);
  ajv.addFormat('int32', {
    type: 'number',
    validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31,
  });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) });
  ajv.addFormat('float', { type: 'number', validate: () => true });
  ajv.addFormat('double', { type: 'number', validate: () => true });
  ajv.addVocabulary(OPENAPI_KEYWORDS);
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
