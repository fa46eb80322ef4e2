/**
 * Structured logs: one JSON object per line. Request lines carry `request_id`, the operation, the
 * status and the duration; nothing in a line comes from a request body, a header value or a query
 * string, so no secret can reach the log.
 */

/** One log entry. */
export type LogEntry = { level: 'info' | 'warn' | 'error'; event: string } & Record<string, unknown>;

/** Where log entries go. */
export type Logger = (entry: LogEntry) => void;

/** Writes each entry as a JSON line to `stream` (stdout by default), with a timestamp. */
export function jsonLineLogger(stream: NodeJS.WritableStream = process.stdout): Logger {
  return (entry) => {
    stream.write(`${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`);
  };
}

/** Drops every entry. */
export const silentLogger: Logger = () => {};
