/**
 * Operations secured by the sandbox's admin key instead of client credentials: those whose own
 * security requirements name only API keys sent in a header other than the client credential
 * headers (`SVC-CLIENT-ID`, `SVC-SECRET`).
 */
import type { OpenApiDocument, OperationEntry } from '@svc/openapi-kit';
import { HEADER_NAMES } from '@svc/spec/headers';

interface ApiKeyScheme {
  type?: string;
  in?: string;
  name?: string;
}

/** Whether `entry` takes the admin key (`SVC-Sandbox-Admin-Key`) rather than client credentials. */
export function takesAdminKey(document: OpenApiDocument, entry: OperationEntry): boolean {
  const requirements = (entry.operation as { security?: Record<string, string[]>[] }).security;
  const schemes = (document.components?.securitySchemes ?? {}) as Record<string, ApiKeyScheme>;
  const names = (requirements ?? []).flatMap((requirement) => Object.keys(requirement));
  if (names.length === 0) {
    return false;
  }
  const clientHeaders = [HEADER_NAMES.clientId, HEADER_NAMES.secret].map((name) => name.toLowerCase());
  return names.every((name) => {
    const scheme = schemes[name];
    return (
      scheme?.type === 'apiKey' &&
      scheme.in === 'header' &&
      scheme.name !== undefined &&
      !clientHeaders.includes(scheme.name.toLowerCase())
    );
  });
}
