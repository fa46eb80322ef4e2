/**
 * @module code-samples
 * Adds `x-codeSamples` (curl and TypeScript with `@svc/client`) to every operation of the bundled
 * document, built from the operation's `default` request example. Done at docs build time on a
 * copy of the document, so the samples always match the spec and spec/ never holds them.
 */
import { listOperations, requestExamples } from '@svc/openapi-kit';
import { shellQuote, typescriptLiteral, typescriptString } from './literals.js';

/** @typedef {import('@svc/openapi-kit').OpenApiDocument} OpenApiDocument */
/** @typedef {import('@svc/openapi-kit').OperationEntry} OperationEntry */

/**
 * One entry of `x-codeSamples` (Redocly's vendor extension).
 * @typedef {object} CodeSample
 * @property {string} lang the language, for syntax highlighting
 * @property {string} label the name shown in the language picker
 * @property {string} source the code
 */

/**
 * A credential header of the document's security schemes, with the environment variable the
 * samples read it from.
 * @typedef {object} CredentialHeader
 * @property {string} scheme the security scheme's key, e.g. `clientId` (also the option of `createClient`)
 * @property {string} header the header name, e.g. `SVC-CLIENT-ID`
 * @property {string} variable the environment variable, e.g. `SVC_CLIENT_ID`
 */

/** The request example every operation must have (rule `svc/examples-required`). */
export const SAMPLE_EXAMPLE_NAME = 'default';

/**
 * A call a sample makes first, because the value its default example names is used up or expires
 * (a public token is exchanged once and lives 30 minutes; a payment awaiting authorisation
 * expires after 24 hours): the sample makes a fresh one with the `default` example of
 * `operationId` and sends the answer's `field` as the request's `field`, so it runs on a sandbox
 * of any age, any test clock and any number of times.
 * @typedef {object} SampleSetup
 * @property {string} operationId the operation that makes the value
 * @property {string} field the top-level field of its answer, and of the sample's request body
 */

/**
 * The operations whose samples make their value first (see {@link SampleSetup}).
 * @type {Readonly<Record<string, SampleSetup>>}
 */
export const SAMPLE_SETUPS = Object.freeze({
  itemPublicTokenExchange: { operationId: 'sandboxPublicTokenCreate', field: 'public_token' },
  paymentInitiationPaymentTokenCreate: { operationId: 'paymentInitiationPaymentCreate', field: 'payment_id' },
  sandboxPaymentSimulate: { operationId: 'paymentInitiationPaymentCreate', field: 'payment_id' },
});

/** Stands for the made value in a body while its sample is written. */
const MADE_VALUE = '__svc_sample_made_value__';

/**
 * `body` with {@link MADE_VALUE} in `made.field`, for a sample's writer to replace by its own
 * reference to the made value.
 * @param {unknown} body
 * @param {MadeValue} made
 */
function withMadeValue(body, made) {
  return { .../** @type {object} */ (body), [made.field]: MADE_VALUE };
}

/** The environment the samples call (`x-environment` of a server in the document). */
export const SAMPLE_ENVIRONMENT = 'sandbox';

/**
 * The URL of the server whose `x-environment` is `environment`.
 * @param {OpenApiDocument} document
 * @param {string} [environment]
 * @returns {string}
 */
export function serverUrl(document, environment = SAMPLE_ENVIRONMENT) {
  const servers = /** @type {Array<{url: string, 'x-environment'?: string}>} */ (document.servers ?? []);
  const server = servers.find((candidate) => candidate['x-environment'] === environment);
  if (!server) {
    throw new Error(`the document has no server with "x-environment: ${environment}" (see spec/openapi.yaml servers)`);
  }
  return server.url;
}

/**
 * The header credentials of the document's `apiKey` security schemes, in document order.
 * @param {OpenApiDocument} document
 * @returns {CredentialHeader[]}
 */
export function credentialHeaders(document) {
  const schemes = /** @type {Record<string, {type?: string, in?: string, name?: string}>} */ (
    document.components?.securitySchemes ?? {}
  );
  return Object.entries(schemes)
    .filter(([, scheme]) => scheme.type === 'apiKey' && scheme.in === 'header' && typeof scheme.name === 'string')
    .map(([key, scheme]) => {
      const header = /** @type {string} */ (scheme.name);
      return { scheme: key, header, variable: header.replace(/-/g, '_').toUpperCase() };
    });
}

/**
 * The value made by a setup call, as a sample's code refers to it.
 * @typedef {object} MadeValue
 * @property {string} path the path of the operation that makes it
 * @property {string} operationId that operation's id
 * @property {unknown} body that operation's default request example
 * @property {string} field the answer's field holding it, and the request's field taking it
 */

/**
 * A curl command that sends `body` to `path`, with the credentials taken from environment
 * variables; with `made`, a first command makes the value of `made.field` and the body sends it.
 * @param {{baseUrl: string, path: string, body: unknown, credentials: CredentialHeader[], made?: MadeValue}} input
 * @returns {string}
 */
export function curlSample({ baseUrl, path, body, credentials, made }) {
  /** @param {string} to @param {unknown} data */
  const call = (to, data, flags = '') =>
    [
      `curl${flags} -X POST ${shellQuote(`${baseUrl}${to}`)}`,
      `  -H ${shellQuote('Content-Type: application/json')}`,
      ...credentials.map(({ header, variable }) => `  -H "${header}: $${variable}"`),
      `  -d ${shellQuote(JSON.stringify(data, null, 2))}`,
    ].join(' \\\n');
  if (!made) {
    return call(path, body);
  }
  const variable = made.field.toUpperCase();
  const take = shellQuote(`s/.*"${made.field}": *"([^"]*)".*/\\1/p`);
  return [
    `# A fresh ${made.field} (${made.path}), since one can be used only once or for a while`,
    `${variable}=$(${call(made.path, made.body, ' -s')} | sed -nE ${take})`,
    call(path, withMadeValue(body, made)).replace(`"${MADE_VALUE}"`, `"'"$${variable}"'"`),
  ].join('\n');
}

/**
 * A TypeScript program that calls the operation's named method of `@svc/client`
 * (`client.<operationId>(body)`) and handles an API error with `isApiError`, reading the
 * credentials from the environment variables of the `clientId` and `secret` schemes; with
 * `made`, it first calls `made.operationId` and sends the answer's `made.field`.
 * @param {{operationId: string, body: unknown, credentials: CredentialHeader[], made?: MadeValue}} input
 * @returns {string}
 */
export function typescriptSample({ operationId, body, credentials, made }) {
  /** @param {string} option a `createClient` option named like a security scheme */
  const variableOf = (option) => {
    const credential = credentials.find(({ scheme }) => scheme === option);
    if (!credential) {
      throw new Error(`the document has no "${option}" apiKey header security scheme for createClient's ${option}`);
    }
    return credential.variable;
  };
  return [
    "import { createClient, isApiError } from '@svc/client';",
    '',
    'const client = createClient({',
    `  clientId: process.env.${variableOf('clientId')} ?? '',`,
    `  secret: process.env.${variableOf('secret')} ?? '',`,
    `  environment: ${typescriptString(SAMPLE_ENVIRONMENT)},`,
    '});',
    '',
    'try {',
    ...(made
      ? [
          `  // A fresh ${made.field}, since one can be used only once or for a while`,
          `  const { ${made.field} } = await client.${made.operationId}(${typescriptLiteral(made.body, '  ')});`,
          `  const response = await client.${operationId}(${typescriptLiteral(withMadeValue(body, made), '  ').replace(typescriptString(MADE_VALUE), made.field)});`,
        ]
      : [`  const response = await client.${operationId}(${typescriptLiteral(body, '  ')});`]),
    '  console.log(response);',
    '} catch (error) {',
    '  if (isApiError(error)) {',
    '    // error_type says how to react; error_message names what was wrong; quote request_id to support.',
    '    console.error(error.error_type, error.error_code, error.error_message, error.request_id);',
    '  }',
    '  throw error;',
    '}',
    '',
  ].join('\n');
}

/**
 * The value of the `default` request example of an operation.
 * @param {OpenApiDocument} document
 * @param {OperationEntry} entry
 * @returns {unknown}
 */
export function defaultRequestExample(document, entry) {
  const example = requestExamples(document, entry).find(({ name }) => name === SAMPLE_EXAMPLE_NAME);
  if (!example || example.value === undefined) {
    throw new Error(
      `${entry.operationId} (${entry.path}) has no "${SAMPLE_EXAMPLE_NAME}" request example to build its code samples from`,
    );
  }
  return example.value;
}

/**
 * The code samples of one operation: curl, then TypeScript.
 * @param {OpenApiDocument} document
 * @param {OperationEntry} entry
 * @returns {CodeSample[]}
 */
export function operationCodeSamples(document, entry) {
  const body = defaultRequestExample(document, entry);
  const credentials = credentialHeaders(document);
  // curl sends the headers of the first requirement of the operation's own security (the admin
  // key for the sandbox's admin operations; the client's credentials where the admin key is only
  // a second way, for what only it allows), else of the document's.
  const security = /** @type {Record<string, unknown>[]} */ (entry.operation.security ?? document.security ?? []);
  const schemes = new Set(Object.keys(security[0] ?? {}));
  const sent = credentials.filter(({ scheme }) => schemes.has(scheme));
  const made = madeValue(document, entry.operationId);
  return [
    {
      lang: 'curl',
      label: 'curl',
      source: curlSample({ baseUrl: serverUrl(document), path: entry.path, body, credentials: sent, made }),
    },
    {
      lang: 'TypeScript',
      label: 'TypeScript',
      source: typescriptSample({ operationId: entry.operationId, body, credentials, made }),
    },
  ];
}

/**
 * The value the samples of `operationId` make first ({@link SAMPLE_SETUPS}), if any.
 * @param {OpenApiDocument} document
 * @param {string} operationId
 * @returns {MadeValue | undefined}
 */
export function madeValue(document, operationId) {
  const setup = SAMPLE_SETUPS[operationId];
  if (!setup) {
    return undefined;
  }
  const maker = listOperations(document).find((candidate) => candidate.operationId === setup.operationId);
  if (!maker) {
    throw new Error(
      `the samples of ${operationId} make their ${setup.field} with ${setup.operationId}, which the document lacks`,
    );
  }
  return {
    path: maker.path,
    operationId: maker.operationId,
    body: defaultRequestExample(document, maker),
    field: setup.field,
  };
}

/**
 * A copy of `document` in which every operation under `paths` has `x-codeSamples` (curl and
 * TypeScript first, then any samples the spec itself declares). The input is not modified.
 * @param {OpenApiDocument} document the bundled document (`@svc/spec/openapi.json`)
 * @returns {OpenApiDocument}
 */
export function withCodeSamples(document) {
  /** @type {OpenApiDocument} */
  const copy = structuredClone(document);
  for (const entry of listOperations(copy)) {
    const declared = /** @type {CodeSample[]} */ (entry.operation['x-codeSamples'] ?? []);
    entry.operation['x-codeSamples'] = [...operationCodeSamples(copy, entry), ...declared];
  }
  return copy;
}
