/**
 * Operations secured by the sandbox's admin key instead of client credentials: those whose own
 * security requirements name only API keys sent in a header other than the client credential
 * headers (`SVC-CLIENT-ID`, `SVC-SECRET`); and operations that accept it beside the client
 * credentials (one of their requirements names it).
 */
import type { OpenApiDocument, OperationEntry } from '@svc/openapi-kit';
import { HEADER_NAMES } from '@svc/spec/headers';

interface ApiKeyScheme {
  type?: string;
  in?: string;
  name?: string;
}

/** The names of the security schemes `entry`'s requirements list, each requirement apart. */
function requirementsOf(entry: OperationEntry): string[][] {
  const requirements = (entry.operation as { security?: Record<string, string[]>[] }).security;
  return (requirements ?? []).map((requirement) => Object.keys(requirement));
}

/** Whether some security requirement of `entry` names the admin key scheme (`SVC-Sandbox-Admin-Key`). */
export function acceptsAdminKey(document: OpenApiDocument, entry: OperationEntry): boolean {
  const schemes = (document.components?.securitySchemes ?? {}) as Record<string, ApiKeyScheme>;
  const adminHeader = HEADER_NAMES.sandboxAdminKey.toLowerCase();
  return requirementsOf(entry).some((names) =>
    names.some((name) => {
      const scheme = schemes[name];
      return scheme?.type === 'apiKey' && scheme.in === 'header' && scheme.name?.toLowerCase() === adminHeader;
    }),
  );
}

/** Whether `entry` takes the admin key (`SVC-Sandbox-Admin-Key`) rather than client credentials. */
export function takesAdminKey(document: OpenApiDocument, entry: OperationEntry): boolean {
  const schemes = (document.components?.securitySchemes ?? {}) as Record<string, ApiKeyScheme>;
  const names = requirementsOf(entry).flat();
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
