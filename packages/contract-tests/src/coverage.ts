import { listOperations, type OpenApiDocument, requestExamples, responseExamples } from '@svc/openapi-kit';
import { forcedResponsePrefer } from './cases/build-cases.js';
import type { ContractCase } from './cases/types.js';

/**
 * What the document declares that no case exercises: operations without a success case, declared
 * response statuses no case expects, and request or response examples no case sends or forces.
 * Empty when the suite covers the whole document.
 */
export function missingCoverage(document: OpenApiDocument, cases: readonly ContractCase[]): string[] {
  const missing: string[] = [];
  for (const entry of listOperations(document)) {
    const own = cases.filter((item) => item.operationId === entry.operationId);
    if (!own.some((item) => item.kind === 'success')) {
      missing.push(`${entry.operationId}: no success case (does it have a request example?)`);
    }
    for (const status of Object.keys(entry.operation.responses ?? {})) {
      if (!own.some((item) => item.kind !== 'error-example' && item.expect.status === Number(status))) {
        missing.push(`${entry.operationId}: no case expects its declared ${status} response`);
      }
    }
    for (const { status, name } of responseExamples(document, entry)) {
      const prefer = forcedResponsePrefer(status, name);
      if (!own.some((item) => item.kind === 'forced-response' && item.prefer === prefer)) {
        missing.push(`${entry.operationId}: no case for its ${status} example "${name}"`);
      }
    }
    for (const example of requestExamples(document, entry)) {
      if (!own.some((item) => item.kind === 'success' && item.name.includes(`"${example.name}"`))) {
        missing.push(`${entry.operationId}: no case sends its request example "${example.name}"`);
      }
    }
  }
  return missing;
}

/** What recorded traffic reached, by our own count: the statuses answered per operationId. */
export type ReachedStatuses = Map<string, Set<number>>;

/**
 * The response statuses each operation of `document` answered in `entries` (a HAR's), matched by
 * method and path under `baseUrl`; an operation absent from the map was never called. A request
 * without a response (status 0) reaches nothing.
 */
export function reachedStatuses(
  document: OpenApiDocument,
  entries: readonly { request: { method: string; url: string }; response: { status: number } }[],
  baseUrl: string,
): ReachedStatuses {
  const byRoute = new Map(
    listOperations(document).map((entry) => [`${entry.method.toUpperCase()} ${entry.path}`, entry.operationId]),
  );
  const base = baseUrl.replace(/\/+$/, '');
  const reached: ReachedStatuses = new Map();
  for (const { request, response } of entries) {
    if (!request.url.startsWith(`${base}/`) || response.status === 0) {
      continue;
    }
    const path = new URL(request.url).pathname.slice(new URL(base).pathname.replace(/\/$/, '').length);
    const operationId = byRoute.get(`${request.method.toUpperCase()} ${path}`);
    if (operationId) {
      reached.set(operationId, (reached.get(operationId) ?? new Set()).add(response.status));
    }
  }
  return reached;
}

/**
 * The answers whose status their operation does not document, one line each (`redocly drift` and
 * `redocly proxy` 2.77 do not report them): `itemRemove: answered 418, ...`.
 */
export function undocumentedStatuses(document: OpenApiDocument, reached: ReachedStatuses): string[] {
  const documented = new Map(
    listOperations(document).map((entry) => [entry.operationId, new Set(Object.keys(entry.operation.responses ?? {}))]),
  );
  return [...reached].flatMap(([operationId, statuses]) =>
    [...statuses]
      .filter((status) => !documented.get(operationId)?.has(String(status)))
      .map(
        (status) =>
          `${operationId}: answered ${status}, a status the operation does not document (our check: drift 2.77 does not report it)`,
      ),
  );
}
