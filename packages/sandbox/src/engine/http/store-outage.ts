/**
 * Recognises failures of the store itself (PostgreSQL down or restarting, the connection lost,
 * SQLite busy beyond its timeout), which the listener answers with the catalogue's 503
 * `SERVICE_UNAVAILABLE` instead of a 500: the request changed nothing (its transaction did not
 * commit) and may be retried.
 */

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
