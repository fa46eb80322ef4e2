/**
 * Recognises failures of the store itself (PostgreSQL down or restarting, the connection lost,
 * SQLite busy beyond its timeout), which the listener answers with the catalogue's 503
 * `SERVICE_UNAVAILABLE` instead of a 500: the request changed nothing (its transaction did not
 * commit) and may be retried.
 */
import { type ApiError, createApiError } from '@svc/server-kit';

/** Seconds a client is told to wait before retrying during an outage (`Retry-After`). */
export const STORE_OUTAGE_RETRY_AFTER = '2';

/** Node socket errors of a lost or refused database connection. */
const SOCKET_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
]);

/** PostgreSQL SQLSTATE classes and codes of an unavailable server. */
const SQLSTATE_PREFIXES = ['08', '57P'];

/** SQLite result codes of a locked database. */
const SQLITE_CODES: ReadonlySet<string> = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_IOERR']);

const MESSAGES = [
  /connection terminated/i,
  /terminating connection/i,
  /timeout exceeded when trying to connect/i,
  /client has encountered a connection error/i,
];

/** Whether `error` means the store is unavailable right now. */
export function isStoreOutage(error: unknown): boolean {
  if (!(error instanceof Error)) {
    return false;
  }
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (
      SOCKET_CODES.has(code) ||
      SQLITE_CODES.has(code) ||
      SQLSTATE_PREFIXES.some((prefix) => code.startsWith(prefix))
    ) {
      return true;
    }
  }
  return MESSAGES.some((pattern) => pattern.test(error.message));
}

/**
 * The catalogue's 503 `SERVICE_UNAVAILABLE` answer to a request the store's outage stopped; send it
 * with `Retry-After: {@link STORE_OUTAGE_RETRY_AFTER}`. The API and the inspector answer it alike.
 */
export function storeOutageError(requestId: string | undefined): ApiError {
  return createApiError({
    errorType: 'API_ERROR',
    errorCode: 'SERVICE_UNAVAILABLE',
    message: 'the sandbox cannot reach its database right now; nothing was changed',
    requestId,
    suggestedAction: 'Retry after a few seconds.',
  });
}
