import { readFileSync } from 'node:fs';
import { type ApiVersion, createClient } from '@svc/client';
import { createDocumentValidator, type OpenApiDocument } from '@svc/openapi-kit';
import { openapiDereferencedJsonPath, openapiJsonPath } from '@svc/spec';
import { buildCases } from './cases/build-cases.js';
import { contractCredentials } from './credentials.js';
import type { CaseTarget } from './run-case.js';

/** The bundled document and its dereferenced twin, read from @svc/spec. */
export function loadDocuments(paths = { bundled: openapiJsonPath, dereferenced: openapiDereferencedJsonPath }) {
  const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as OpenApiDocument;
  return { document: read(paths.bundled), dereferenced: read(paths.dereferenced) };
}

/** Builds every case of the bundled document, with the validator the runner needs. */
export function prepareSuite() {
  const { document, dereferenced } = loadDocuments();
  const validator = createDocumentValidator(document);
  return { document, validator, cases: buildCases({ document, dereferenced, validator }) };
}

/**
 * The API version the body-credentials client pins (`SVC-Version`, the first the spec accepts), so
 * that each operation's documented header is sent at least once in a run.
 */
function pinnedApiVersion(): ApiVersion | undefined {
  const { document } = loadDocuments();
  const parameters = document.components?.parameters as Record<string, { schema?: { enum?: string[] } }> | undefined;
  return parameters?.SvcVersion?.schema?.enum?.[0] as ApiVersion | undefined;
}

/**
 * The clients a case target needs, pointed at `baseUrl`; every request goes through `fetch` (a
 * recorder's, `har-recorder.ts`) when given.
 */
export function caseTarget(
  baseUrl: string,
  validator: CaseTarget['validator'],
  stateful = false,
  fetch: CaseTarget['fetch'] = (request) => globalThis.fetch(request),
  credentials = contractCredentials(),
): CaseTarget {
  return {
    baseUrl,
    validator,
    stateful,
    fetch,
    // No retries: the suite must see each response as the server sent it (a forced 429 included).
    headersClient: createClient({ ...credentials, baseUrl, credentials: 'headers', maxRetries: 0, fetch }),
    bodyClient: createClient({
      ...credentials,
      baseUrl,
      credentials: 'body',
      maxRetries: 0,
      fetch,
      version: pinnedApiVersion(),
    }),
  };
}
