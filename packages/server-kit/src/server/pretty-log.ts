/**
 * A log entry as one line for a person: time, level, then for a request its status, method, path
 * and duration followed by the other fields as `name=value`; for another event its name and fields.
 */

const COLOURS = { dim: 2, red: 31, green: 32, yellow: 33, cyan: 36 } as const;

function paint(text: string, colour: keyof typeof COLOURS, enabled: boolean): string {
  return enabled ? `\u001b[${COLOURS[colour]}m${text}\u001b[0m` : text;
}

const LEVEL_COLOURS: Record<string, keyof typeof COLOURS> = { info: 'green', warn: 'yellow', error: 'red' };

/** Fields a request line shows in its own words, so not again as `name=value`. */
const REQUEST_FIELDS = new Set(['time', 'level', 'event', 'status', 'method', 'path', 'duration_ms']);

function statusColour(status: number): keyof typeof COLOURS {
  return status >= 500 ? 'red' : status >= 400 ? 'yellow' : 'green';
}

function fieldText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Formats a JSON log record (as pino writes it) as one line ending in a newline, with ANSI
 * colours when `colour` is true. Null fields are left out.
 */
export function formatLogLine(record: Record<string, unknown>, colour: boolean): string {
  const time = typeof record.time === 'string' ? record.time.slice(11, 23) : '';
  const level = String(record.level ?? 'info');
  const head = `${paint(time, 'dim', colour)} ${paint(level.toUpperCase().padEnd(5), LEVEL_COLOURS[level] ?? 'cyan', colour)}`;
  const isRequest = record.event === 'request' && typeof record.status === 'number';
  const skip = isRequest ? REQUEST_FIELDS : new Set(['time', 'level', 'event']);
  const fields = Object.entries(record)
    .filter(([name, value]) => !skip.has(name) && value !== null && value !== undefined)
    .map(([name, value]) => `${paint(`${name}=`, 'dim', colour)}${fieldText(value)}`);
  const what = isRequest
    ? [
        paint(String(record.status), statusColour(record.status as number), colour),
        String(record.method ?? ''),
        String(record.path ?? ''),
        `${Number(record.duration_ms ?? 0).toFixed(1)} ms`,
      ]
    : [paint(String(record.event ?? ''), 'cyan', colour)];
  return `${[head, ...what, ...fields].join(' ')}\n`;
}
