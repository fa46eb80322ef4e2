/**
 * A request handled with a client row older than the stored one: another instance advanced the
 * clock, reset or restored the client's world, or deleted the client while this one still
 * remembered its row (the authenticator keeps it a few seconds). The request's lookup reads the
 * stored offset and generation with its first statement; when they are not those the request was
 * authenticated with, nothing the request changed may stand, and the listener handles it again:
 * at the stored offset, or authenticated afresh (a deleted client is then refused).
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

/** The gate's reason when the client's row is gone or of a newer generation: authenticate afresh. */
export class StaleClientError extends Error {
  constructor(clientId: string) {
    super(`the client ${clientId} was deleted, reset or restored since its row was read`);
    this.name = 'StaleClientError';
  }
}

/** The client's row as the request's lookup reads it. */
export interface StoredClientState {
  clock_offset_ms: number | string;
  generation: number | string;
}

/**
 * Throws a {@link StaleClientError} when the client's row is gone (`stored` undefined) or of
 * another generation than `client`, the request's; a {@link StaleClientClockError} when its
 * stored offset is newer than the request's.
 */
export function checkClientHeld(
  client: Pick<SandboxClient, 'client_id' | 'clock_offset_ms' | 'generation'>,
  stored: StoredClientState | undefined,
): void {
  if (stored === undefined || Number(stored.generation) !== Number(client.generation)) {
    throw new StaleClientError(client.client_id);
  }
  if (Number(stored.clock_offset_ms) > offsetOf(client)) {
    throw new StaleClientClockError(Number(stored.clock_offset_ms));
  }
}
