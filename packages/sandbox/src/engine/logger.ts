/**
 * Structured logs, written by `@svc/server-kit`'s logger (pino): JSON lines, or readable lines on
 * a terminal. Request lines carry `request_id`, the operation, the client, the status, the
 * duration and, on a 4xx or 5xx, `error_code`; nothing in a line comes from a request body, a
 * header value or a query string, so no secret can reach the log.
 */
import { createLogger, type Logger } from '@svc/server-kit';

export { type LogEntry, type Logger, silentLogger } from '@svc/server-kit';

/** Writes each entry as a JSON line to `stream` (stdout by default), with a timestamp. */
export function jsonLineLogger(stream: NodeJS.WritableStream = process.stdout): Logger {
  return createLogger({ stream, format: 'json' });
}
