/** The OpenAPI 3.1 default schema dialect: JSON Schema 2020-12 plus OpenAPI's annotation keywords. */
export const OAS_BASE_DIALECT = 'https://spec.openapis.org/oas/3.1/dialect/base';

/** The JSON Schema 2020-12 dialect, which Prism validates with its Ajv 2020 instance. */
export const DRAFT_2020_12_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/**
 * Returns the document as Prism's HTTP engine (prism-http 5.16, the engine of Prism 5.16) must
 * see it to validate requests by the 3.1 rules. Measured, and read in @stoplight/http-spec 7:
 * - with `jsonSchemaDialect: <OAS base dialect>` Prism copies the URL into each schema's
 *   `$schema`, its Ajv cannot compile such a schema, and it silently skips ALL request
 *   validation (a body missing a required field got a 200);
 * - with no `jsonSchemaDialect` it converts each schema as OpenAPI 3.0 and validates with Ajv
 *   draft-07, which ignores `unevaluatedProperties` (an unknown field in a nested closed object
 *   got a 200);
 * - with the JSON Schema 2020-12 dialect it validates with Ajv 2020: every keyword holds.
 * The OAS base dialect only adds annotations (`discriminator`, `example`, `xml`,
 * `externalDocs`) to 2020-12, so declaring 2020-12 keeps the meaning of every schema. Any other
 * dialect is refused rather than silently reinterpreted; 3.0 documents pass unchanged.
 */
export function prismReadyDocument(document: Record<string, unknown>): Record<string, unknown> {
  const { jsonSchemaDialect, ...rest } = document;
  if (
    jsonSchemaDialect !== undefined &&
    jsonSchemaDialect !== OAS_BASE_DIALECT &&
    jsonSchemaDialect !== DRAFT_2020_12_DIALECT
  ) {
    throw new Error(
      `the mock supports only the default jsonSchemaDialect (${OAS_BASE_DIALECT}), not ${String(jsonSchemaDialect)}`,
    );
  }
  if (typeof document.openapi !== 'string' || !document.openapi.startsWith('3.1')) {
    return rest;
  }
  return { ...rest, jsonSchemaDialect: DRAFT_2020_12_DIALECT };
}
