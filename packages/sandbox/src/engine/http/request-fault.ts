/**
 * A fault asked of one request (the `SVC-Sandbox-Fault` header or a client's fault rule), as the
 * listener applies it: wait first, answer an error of the catalogue instead of handling the
 * request, close the connection before handling it or after its changes are committed, or let the
 * answer's body trickle. Which fault a request gets is decided outside the engine (the faults
 * feature), through {@link FaultDecider}.
 */
import type { ServerResponse } from 'node:http';
import type { ErrorCode, ErrorType } from '@svc/server-kit';
import { HEADER_NAMES } from '@svc/spec/headers';
import type { OperationId } from '../../generated/handlers.gen.js';
import { SandboxError } from '../errors/sandbox-error.js';
import type { HandlerContext } from '../handler-types.js';

/** Where a dropped connection is closed. */
export type DropPoint = 'before' | 'after_commit';

/** What is done to one request; every part is optional and they combine. */
export interface RequestFault {
  /** Wait this long (ms) before handling the request. */
  latencyMs?: number;
  /** Answer this error of the catalogue (with its status) instead of handling the request. */
  error?: { type: ErrorType; code: ErrorCode };
  /** Close the connection without an answer, before handling or after the commit. */
  drop?: DropPoint;
  /** Spread the answer's body over this long (ms). */
  slowBodyMs?: number;
  /** The `fault_rule_id` of the client's rule that gave it; absent when the header asked for it. */
  faultRuleId?: string;
}

/**
 * Decides the fault of a request of `operationId` carrying the fault header `header` (undefined
 * without it); undefined for none. Throws a `SandboxError` for a malformed header.
 */
export type FaultDecider = (
  operationId: OperationId,
  header: string | undefined,
  context: HandlerContext,
) => Promise<RequestFault | undefined>;

/**
 * Runs `handle` (the handler of a request of `operationId` without the fault header) while its
 * client's fault rules are looked up (on PostgreSQL in the round trip of the handler's first
 * statement, nothing it changes committing before the rules are known). Resolves with the
 * handler's outcome when no rule considers the request; with `undefined` when one does or when it
 * cannot tell without the usual order: the request is then decided with {@link FaultDecider} and
 * handled afresh (whatever the first run did was rolled back or only read). With `rules: false`
 * (a request with the fault header) no rule is considered. Either way the same read carries the
 * client's stored clock offset: when it is newer than the one `context` was made at, it rejects
 * with `StaleClientClockError` (`schedule/stale-clock.ts`) and nothing of the handler commits.
 */
export type FaultRulesAlongside = <T>(
  operationId: OperationId,
  context: HandlerContext,
  handle: () => Promise<T>,
  options?: { rules: boolean },
) => Promise<PromiseSettledResult<T> | undefined>;

/** The `Retry-After` of a faulted `429`, in seconds. */
export const FAULT_RETRY_AFTER_SECONDS = 1;

/** How many pieces a slow body is sent in (at most; a short body is sent a byte at a time). */
const SLOW_BODY_PIECES = 10;

/** Resolves after `ms` milliseconds. */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Makes the body `res` is ended with arrive in pieces spread evenly over `ms`: the status and
 * headers go out at once, the body follows piece by piece. Whatever writes the answer (and its
 * request log facts) stays unchanged; only the final `end` of this response is slowed down.
 */
export function slowBodyOf(res: ServerResponse, ms: number): void {
  const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
  res.end = ((chunk?: unknown) => {
    if (chunk === undefined || typeof chunk === 'function') {
      return end(chunk);
    }
    const bytes = Buffer.from(chunk as string | Uint8Array);
    const pieces = Math.max(1, Math.min(SLOW_BODY_PIECES, bytes.length));
    const size = Math.ceil(bytes.length / pieces);
    const interval = ms / pieces;
    res.flushHeaders();
    void (async () => {
      for (let start = 0; start < bytes.length; start += size) {
        await pause(interval);
        if (res.destroyed) {
          return;
        }
        res.write(bytes.subarray(start, start + size));
      }
      end();
    })();
    return res;
  }) as ServerResponse['end'];
}

/** The error answering a request whose fault asks for `error` (of catalogue status `status`). */
export function faultError(error: NonNullable<RequestFault['error']>, status: number): SandboxError {
  return new SandboxError({
    type: error.type,
    code: error.code,
    message: `the sandbox answered ${error.type} / ${error.code} because a fault was asked for this request (the SVC-Sandbox-Fault header or a fault rule of your client); nothing was done`,
    headers: status === 429 ? { 'Retry-After': String(FAULT_RETRY_AFTER_SECONDS) } : undefined,
  });
}

/**
 * The normalised text of `fault`, as the fault header's grammar writes it (`features/faults/grammar.ts`
 * reads it back): latency, error, drop, slow_body, in that order, durations in ms.
 */
export function formatFault(fault: RequestFault): string {
  const parts: string[] = [];
  if (fault.latencyMs !== undefined) {
    parts.push(`latency=${fault.latencyMs}ms`);
  }
  if (fault.error) {
    parts.push(`error=${fault.error.type}/${fault.error.code}`);
  }
  if (fault.drop) {
    parts.push(`drop=${fault.drop}`);
  }
  if (fault.slowBodyMs !== undefined) {
    parts.push(`slow_body=${fault.slowBodyMs}ms`);
  }
  return parts.join('; ');
}

/**
 * Which fault a request was given and where it came from, as the inspector shows it:
 * `SVC-Sandbox-Fault: drop=before` or `fault rule <fault_rule_id>: error=API_ERROR/SERVICE_UNAVAILABLE`.
 */
export function describeFault(fault: RequestFault): string {
  const origin = fault.faultRuleId === undefined ? HEADER_NAMES.sandboxFault : `fault rule ${fault.faultRuleId}`;
  return `${origin}: ${formatFault(fault)}`;
}
