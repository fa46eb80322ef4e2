/**
 * A request handled at a clock offset older than its client's stored one: another instance
 * advanced the clock while this one still remembered the client's row (the authenticator keeps it
 * a few seconds). The request's lookup reads the stored offset with its first statement; when it is
 * newer than the one the request's `context.now` was taken from, nothing the request changed may
 * stand, and the listener handles it again at the stored offset.
 */
import type { SandboxClient } from '../handler-types.js';
import { offsetOf } from './client-clock.js';

/** The gate's reason when the request's clock offset is older than the stored one. */
export class StaleClientClockError extends Error {
  /** The client's stored clock offset (ms), which the request is to be handled at. */
  readonly offsetMs: number;

  constructor(offsetMs: number) {
    super(`the client's clock moved to offset ${offsetMs} ms on another instance`);
    this.name = 'StaleClientClockError';
    this.offsetMs = offsetMs;
  }
}

/**
 * Throws a {@link StaleClientClockError} when `storedOffsetMs` (read with the request; undefined
 * when the client's row is gone) is newer than the offset of `client`, the request's.
 */
export function checkClockHeld(
  client: Pick<SandboxClient, 'clock_offset_ms'>,
  storedOffsetMs: number | string | undefined,
): void {
  if (storedOffsetMs !== undefined && Number(storedOffsetMs) > offsetOf(client)) {
    throw new StaleClientClockError(Number(storedOffsetMs));
  }
}
