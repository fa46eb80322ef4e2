/**
 * Client credentials, sent per credential either as a header or as a body field (decision
 * D-AUTH-1 in spec/README.md): `SVC-CLIENT-ID` or `client_id`, `SVC-SECRET` or `secret`. The
 * header wins when both are sent. A request without one of them gets the API's 401
 * `INVALID_INPUT` / `MISSING_CREDENTIALS`.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { createApiError, type ErrorResponse } from './api-error.js';
import { HEADER_NAMES } from './generated/headers.gen.js';
import type { FieldViolation } from './validation-error.js';

/** Where one credential was found. */
export type CredentialSource = 'header' | 'body';

/** One credential: its header name, its body field name. */
export interface CredentialSpec {
  header: string;
  field: string;
}

/** The two credentials of the API. */
export const CREDENTIALS = {
  clientId: { header: HEADER_NAMES.clientId, field: 'client_id' },
  secret: { header: HEADER_NAMES.secret, field: 'secret' },
} as const satisfies Record<string, CredentialSpec>;

/** The credentials of a request and where each came from. */
export interface Credentials {
  clientId: string;
  secret: string;
  sources: { clientId: CredentialSource; secret: CredentialSource };
}

/** The credentials, or the 401 that names the missing ones. */
export type CredentialsResult = { ok: true; credentials: Credentials } | { ok: false; response: ErrorResponse };

/**
 * Reads both credentials from the headers or the body. A header must be non-empty to count. A
 * body field counts when present at all: a body field of the wrong type (`"client_id": 42`) is
 * left to request validation, which names the field, rather than reported as missing.
 */
export function readCredentials(
  headers: IncomingHttpHeaders,
  body: Record<string, unknown>,
  requestId?: string,
): CredentialsResult {
  const clientId = readCredential(headers, body, CLIENT_ID_SPEC);
  const secret = readCredential(headers, body, SECRET_SPEC);
  if (clientId && secret) {
    return {
      ok: true,
      credentials: {
        clientId: clientId.value,
        secret: secret.value,
        sources: { clientId: clientId.source, secret: secret.source },
      },
    };
  }
  const missing: CredentialSpec[] = [];
  if (!clientId) {
    missing.push(CREDENTIALS.clientId);
  }
  if (!secret) {
    missing.push(CREDENTIALS.secret);
  }
  return { ok: false, response: { error: missingCredentialsError(missing, requestId) } };
}

/** The 401 `MISSING_CREDENTIALS` error naming each missing credential in both of its forms. */
export function missingCredentialsError(missing: readonly CredentialSpec[], requestId?: string) {
  const names = missing.map((spec) => `${spec.header} header or ${spec.field} body field`);
  return createApiError({
    errorType: 'INVALID_INPUT',
    errorCode: 'MISSING_CREDENTIALS',
    message: `missing credentials: send the ${names.join(', and the ')}`,
    requestId,
    causes: missing.map((spec) => ({
      error_type: 'INVALID_INPUT',
      error_code: 'MISSING_CREDENTIALS',
      error_message: `${spec.field} is missing: send the ${spec.header} header or the ${spec.field} body field`,
      field: spec.field,
      header: spec.header,
    })),
    suggestedAction: 'Send your client id and secret with every request.',
  });
}

/** The credentials with their headers' names as `node:http` keys them (lower case), made once. */
const [CLIENT_ID_SPEC, SECRET_SPEC] = [CREDENTIALS.clientId, CREDENTIALS.secret].map(
  (spec): KeyedCredentialSpec => ({ ...spec, headerKey: spec.header.toLowerCase() }),
) as [KeyedCredentialSpec, KeyedCredentialSpec];
const CREDENTIAL_SPECS: readonly KeyedCredentialSpec[] = [CLIENT_ID_SPEC, SECRET_SPEC];

type KeyedCredentialSpec = CredentialSpec & { headerKey: string };

/** The value of a credential's header (the first, when sent more than once). */
function headerValueOf(headers: IncomingHttpHeaders, spec: KeyedCredentialSpec): string | undefined {
  const header = headers[spec.headerKey];
  return Array.isArray(header) ? header[0] : header;
}

function readCredential(
  headers: IncomingHttpHeaders,
  body: Record<string, unknown>,
  spec: KeyedCredentialSpec,
): { value: string; source: CredentialSource } | undefined {
  const headerValue = headerValueOf(headers, spec);
  if (headerValue !== undefined && headerValue.trim() !== '') {
    return { value: headerValue.trim(), source: 'header' };
  }
  if (Object.hasOwn(body, spec.field) && body[spec.field] !== undefined) {
    const value = body[spec.field];
    return { value: typeof value === 'string' ? value : JSON.stringify(value), source: 'body' };
  }
  return undefined;
}

/**
 * The credential body fields used in place of their headers (the header is absent or empty) that
 * are not a non-empty string (`"client_id": 42`, `""`, `null`, an object), as violations of their
 * field: the servers answer them with request validation's 400 `INVALID_FIELD` before
 * authenticating, so a malformed credential is never mistaken for a wrong one (401). With its
 * header sent, a body field is left to request validation.
 */
export function malformedCredentialFields(
  headers: IncomingHttpHeaders,
  body: Record<string, unknown>,
): FieldViolation[] {
  const violations: FieldViolation[] = [];
  for (const spec of CREDENTIAL_SPECS) {
    const headerValue = headerValueOf(headers, spec);
    const value = body[spec.field];
    const usesBody = (headerValue === undefined || headerValue.trim() === '') && Object.hasOwn(body, spec.field);
    if (!usesBody || value === undefined || (typeof value === 'string' && value !== '')) {
      continue;
    }
    const message = `must be a non-empty string (or send the ${spec.header} header instead)`;
    violations.push({ location: 'body', path: [spec.field], keyword: 'type', message, value });
  }
  return violations;
}
