/**
 * The grammar of a fault, shared by the `SVC-Sandbox-Fault` header and the `fault` of a fault
 * rule: `name=value` directives separated by `;` among `latency=<duration>`, `error=<code>`,
 * `drop=before|after_commit` and `slow_body=<duration>`. Pure: text in, a fault or the reason it
 * is malformed out.
 *
 * @example
 * parseFault('latency=800ms; error=RATE_LIMIT_EXCEEDED', errorCatalogue)
 * // { ok: true, fault: { latencyMs: 800, error: { type: 'RATE_LIMIT_EXCEEDED', code: 'RATE_LIMIT' } } }
 */
import type { ErrorCatalogue } from '@svc/server-kit';
import { type DropPoint, formatFault, type RequestFault } from '../../engine/index.js';

// The normalised text of a fault is the engine's (the inspector records it too); the grammar reads it back.
export { formatFault };

/** The longest latency or slow body a fault may ask for (ms). */
export const MAX_FAULT_DURATION_MS = 30_000;

/** The directives, in the order a normalised fault lists them. */
export const FAULT_DIRECTIVES = ['latency', 'error', 'drop', 'slow_body'] as const;

type Directive = (typeof FAULT_DIRECTIVES)[number];

/** A parsed fault, or why the text is not one. */
export type ParsedFault = { ok: true; fault: RequestFault } | { ok: false; reason: string };

const DROP_POINTS: readonly DropPoint[] = ['before', 'after_commit'];

/** Parses `text` against the codes of `catalogue`. */
export function parseFault(text: string, catalogue: ErrorCatalogue): ParsedFault {
  const fault: RequestFault = {};
  const seen = new Set<Directive>();
  const parts = text
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0) {
    return { ok: false, reason: `is empty; give at least one of ${FAULT_DIRECTIVES.join(', ')}` };
  }
  for (const part of parts) {
    const equals = part.indexOf('=');
    const name = (equals < 0 ? part : part.slice(0, equals)).trim();
    const value = equals < 0 ? '' : part.slice(equals + 1).trim();
    if (!isDirective(name)) {
      return { ok: false, reason: `has an unknown directive "${name}"; use latency, error, drop or slow_body` };
    }
    if (seen.has(name)) {
      return { ok: false, reason: `repeats ${name}; give each directive once` };
    }
    seen.add(name);
    if (value === '') {
      return { ok: false, reason: `gives ${name} no value; write ${name}=<value>` };
    }
    const failure = apply(fault, name, value, catalogue);
    if (failure) {
      return { ok: false, reason: failure };
    }
  }
  if (fault.drop && (fault.error || fault.slowBodyMs !== undefined)) {
    return {
      ok: false,
      reason: `combines drop with ${fault.error ? 'error' : 'slow_body'}; a dropped connection has no answer`,
    };
  }
  return { ok: true, fault };
}

function isDirective(name: string): name is Directive {
  return (FAULT_DIRECTIVES as readonly string[]).includes(name);
}

/** Sets directive `name` of `fault` from `value`; returns what is wrong with it, if anything. */
function apply(fault: RequestFault, name: Directive, value: string, catalogue: ErrorCatalogue): string | undefined {
  switch (name) {
    case 'latency':
    case 'slow_body': {
      const ms = parseDuration(value);
      if (ms === undefined) {
        const length = durationMs(value);
        return length === undefined
          ? `gives ${name} "${value}", which is not a duration; write a whole number of ms or s (800ms, 2s) up to 30s`
          : `gives ${name} ${value}, over the ${MAX_FAULT_DURATION_MS / 1000}s limit; write at most 30s (30000ms)`;
      }
      if (name === 'latency') {
        fault.latencyMs = ms;
      } else {
        fault.slowBodyMs = ms;
      }
      return undefined;
    }
    case 'drop':
      if (!(DROP_POINTS as readonly string[]).includes(value)) {
        return `gives drop "${value}"; use drop=before or drop=after_commit`;
      }
      fault.drop = value as DropPoint;
      return undefined;
    case 'error': {
      const resolved = resolveError(value, catalogue);
      if (typeof resolved === 'string') {
        return resolved;
      }
      fault.error = resolved;
      return undefined;
    }
  }
}

/** `800ms`, `2s`, `0ms` → milliseconds; undefined when malformed or above the maximum. */
export function parseDuration(value: string): number | undefined {
  const ms = durationMs(value);
  return ms !== undefined && ms <= MAX_FAULT_DURATION_MS ? ms : undefined;
}

/** The length of a duration written as a whole number of `ms` or `s`, whatever its size; undefined when malformed. */
function durationMs(value: string): number | undefined {
  const match = /^(\d{1,9})(ms|s)$/.exec(value);
  return match ? Number(match[1]) * (match[2] === 's' ? 1000 : 1) : undefined;
}

/**
 * The catalogue row `value` names: an error code (unique across types), an error type with a
 * single code, or `TYPE/CODE`; otherwise why not.
 */
function resolveError(value: string, catalogue: ErrorCatalogue): RequestFault['error'] | string {
  const [first, second] = value.split('/', 2) as [string, string | undefined];
  const rows =
    second !== undefined
      ? catalogue.entries.filter((entry) => entry.type === first && entry.code === second)
      : catalogue.entries.filter((entry) => entry.code === value || entry.type === value);
  const byCode = rows.filter((entry) => entry.code === (second ?? value));
  const candidates = byCode.length > 0 ? byCode : rows;
  const [only] = candidates;
  if (only && candidates.length === 1) {
    return { type: only.type, code: only.code };
  }
  if (candidates.length > 1) {
    return `gives error ${value}, which names ${candidates.length} catalogue errors (${candidates
      .map((entry) => `${entry.type}/${entry.code}`)
      .join(', ')}); name one as <error_type>/<error_code>`;
  }
  return `gives error ${value}, which is not an error_code or error_type of the error catalogue`;
}
