/**
 * The servers' log: one entry per event, written by pino as a JSON line, or as a coloured line
 * for a person when the output is a terminal. Entries carry ids, names, statuses and timings;
 * fields that could hold a credential are censored by pino's redaction before anything is written.
 */
import { pino } from 'pino';
import { formatLogLine } from './pretty-log.js';

/** Severity of a log entry. */
export type LogLevel = 'info' | 'warn' | 'error';

/** One log entry: its level, what happened (`event`) and plain fields. */
export type LogEntry = { level: LogLevel; event: string } & Record<string, unknown>;

/** Where log entries go. */
export type Logger = (entry: LogEntry) => void;

/** `json`: one JSON object per line (for machines); `pretty`: one readable, coloured line. */
export type LogFormat = 'json' | 'pretty';

/** The environment variable that chooses the format (`json` or `pretty`) over the default. */
export const LOG_FORMAT_VARIABLE = 'SVC_LOG_FORMAT';

/** Field names whose values are replaced by `[redacted]` wherever they appear (one level deep). */
export const REDACTED_LOG_FIELDS: readonly string[] = ['secret', 'client_secret', 'access_token', 'webhook_secret'];

/** A stream a logger writes to; `isTTY` decides the default format. */
export type LogStream = NodeJS.WritableStream & { isTTY?: boolean };

/** Options of {@link createLogger}. */
export interface LoggerOptions {
  /** Default: process.stdout. */
  stream?: LogStream;
  /** Default: `SVC_LOG_FORMAT` when set, else `pretty` on a terminal and `json` otherwise. */
  format?: LogFormat;
  /**
   * Colours in the `pretty` format. Default: on a terminal or when `FORCE_COLOR` is set (not `0`),
   * unless `NO_COLOR` is set.
   */
  colour?: boolean;
}

/**
 * The format for `stream`: `SVC_LOG_FORMAT` (`json` or `pretty`) when set, else `pretty` on a
 * terminal and `json` otherwise. Throws on another value of the variable.
 */
export function chooseLogFormat(stream: LogStream, env: NodeJS.ProcessEnv = process.env): LogFormat {
  const chosen = env[LOG_FORMAT_VARIABLE];
  if (chosen === 'json' || chosen === 'pretty') {
    return chosen;
  }
  if (chosen !== undefined && chosen !== '') {
    throw new Error(`${LOG_FORMAT_VARIABLE} must be json or pretty, not "${chosen}"`);
  }
  return stream.isTTY === true ? 'pretty' : 'json';
}

/** A logger writing each entry to `options.stream` as a JSON line or a readable line. */
export function createLogger(options: LoggerOptions = {}): Logger {
  const stream = options.stream ?? process.stdout;
  const format = options.format ?? chooseLogFormat(stream);
  const { FORCE_COLOR, NO_COLOR } = process.env;
  const colour =
    options.colour ?? (!NO_COLOR && (stream.isTTY === true || (FORCE_COLOR !== undefined && FORCE_COLOR !== '0')));
  const destination =
    format === 'json'
      ? stream
      : { write: (line: string) => stream.write(formatLogLine(JSON.parse(line) as Record<string, unknown>, colour)) };
  const log = pino(
    {
      base: null,
      messageKey: 'message',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: {
        paths: REDACTED_LOG_FIELDS.flatMap((field) => [field, `*.${field}`]),
        censor: '[redacted]',
      },
    },
    destination,
  );
  return (entry) => {
    const { level, ...fields } = entry;
    log[level](fields);
  };
}

/** Drops every entry. */
export const silentLogger: Logger = () => {};
