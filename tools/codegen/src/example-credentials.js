import { generatedBanner } from './banner.js';

/** The schemas whose first example is the canonical credential, by the field of the result. */
const CREDENTIAL_SCHEMAS = { clientId: 'ClientId', secret: 'Secret' };

/**
 * The canonical example credentials of the document: the first of `examples` of the `ClientId`
 * and `Secret` schemas, the values every example of the API reference uses. Throws when either
 * schema has no string example.
 * @param {Record<string, any>} document the bundled document, parsed
 * @returns {{ clientId: string, secret: string }}
 */
export function exampleCredentials(document) {
  const schemas = document.components?.schemas ?? {};
  /** @param {string} name */
  const firstExample = (name) => {
    const example = schemas[name]?.examples?.[0];
    if (typeof example !== 'string' || example === '') {
      throw new Error(`components.schemas.${name} has no string example (examples[0])`);
    }
    return example;
  };
  return { clientId: firstExample(CREDENTIAL_SCHEMAS.clientId), secret: firstExample(CREDENTIAL_SCHEMAS.secret) };
}

/**
 * Generates `examples.gen.ts` of `@svc/spec`: `EXAMPLE_CREDENTIALS` (see {@link exampleCredentials}),
 * the credentials a fresh sandbox seeds as its default client, the mock prints and the contract
 * suite sends.
 * @param {Record<string, any>} document the bundled document, parsed
 * @returns {string} the file content
 */
export function generateExamples(document) {
  const { clientId, secret } = exampleCredentials(document);
  return [
    generatedBanner('The canonical example values of the SVC API reference.'),
    '/**',
    ' * The client id and secret every example of the API reference uses (the first example of the',
    ' * `ClientId` and `Secret` schemas): a fresh sandbox seeds them as its default client, the mock',
    ' * prints them, the contract suite sends them. Sandbox values, not a secret.',
    ' */',
    'export const EXAMPLE_CREDENTIALS = {',
    `  clientId: '${clientId}',`,
    `  secret: '${secret}',`,
    '} as const;',
    '',
  ].join('\n');
}
