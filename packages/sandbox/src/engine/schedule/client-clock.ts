/**
 * Per-client test clocks: a client's sandbox time is the sandbox's clock (the machine's, or the
 * one a test injects) plus the client's `clock_offset_ms`, which `/sandbox/clock/advance` grows
 * and nothing shrinks. Every handler reads the time from `context.now`, which the listener takes
 * from {@link clientNow}, so every rule follows the client's clock.
 */
import { sql } from 'kysely';
import { SandboxError } from '../errors/sandbox-error.js';
import type { SandboxClient } from '../handler-types.js';
import type { Store } from '../store/open-store.js';
import { type Placeholders, prepareQuery } from '../store/prepared-query.js';
import { together } from '../store/together.js';
import { type NextDue, nextDueStatement } from './due-work.js';

/** The longest single advance: 400 days. */
export const MAX_ADVANCE_MS = 400 * 24 * 60 * 60 * 1000;

/** The client's clock offset in milliseconds. */
export function offsetOf(client: Pick<SandboxClient, 'clock_offset_ms'>): number {
  return Number(client.clock_offset_ms);
}

/** The client's sandbox time when the sandbox's clock reads `base`. */
export function clientNow(base: Date, client: Pick<SandboxClient, 'clock_offset_ms'>): Date {
  return new Date(base.getTime() + offsetOf(client));
}

/** Where an advance goes: forward by a number of milliseconds, or to a time. */
export type AdvanceTo = { byMs: number } | { time: Date };

/** A client's clock after an advance. */
export interface AdvancedClock {
  /** The offset after the advance. */
  toOffsetMs: number;
}

/** The refusal of an advance: `SANDBOX_CLOCK_ADVANCE_INVALID`, worded by `message`. */
export function clockAdvanceInvalid(message: string): SandboxError {
  return new SandboxError({
    type: 'SANDBOX_ERROR',
    code: 'SANDBOX_CLOCK_ADVANCE_INVALID',
    message,
  });
}

/**
 * Moves the client's clock forward, reading its offset from the store (not a cached client row),
 * with `base` the sandbox's clock now. Refused (`SANDBOX_CLOCK_ADVANCE_INVALID`): a duration of
 * zero, a time before the client's current time, a move of more than {@link MAX_ADVANCE_MS}.
 * A target time equal to the current time moves nothing (a retried advance to one time).
 *
 * One flight: the move (an update that answers with the new offset; for a target time,
 * conditional on the offset allowing it, so of concurrent advances each is checked on the offset
 * it moves, with the offset as it was read alongside to word a refusal) and when the client's
 * next work falls due (`nextDue`, for the due-work runner), then the commit.
 */
export async function advanceClientClock(
  store: Store,
  clientId: string,
  base: Date,
  to: AdvanceTo,
): Promise<AdvancedClock & { nextDue: NextDue | undefined }> {
  if ('byMs' in to) {
    checkDuration(to.byMs);
    return store.transaction(async (trx) => {
      const [moved, due] = await together(trx, [
        moveByQuery.compile(trx, { clientId, byMs: to.byMs }),
        nextDueStatement(trx, clientId),
      ]);
      return advancedClock(clientId, moved.rows[0], due.rows[0]);
    });
  }
  return store.transaction(async (trx) => {
    const [read, moved, due] = await together(trx, [
      offsetQuery.compile(trx, { clientId }),
      moveToQuery.compile(trx, { clientId, toOffsetMs: to.time.getTime() - base.getTime(), maxMs: MAX_ADVANCE_MS }),
      nextDueStatement(trx, clientId),
    ]);
    const before = read.rows[0];
    if (before && !moved.rows[0]) {
      // Refused: checked on the offset read, or if that allowed it, on the offset a concurrent advance left.
      checkTarget(to.time, base.getTime() + offsetOf(before));
      const current = await offsetQuery.executeTakeFirst(trx, { clientId });
      checkTarget(to.time, base.getTime() + offsetOf(current ?? before));
      throw new Error(`client ${clientId}: the clock may move but did not`);
    }
    return advancedClock(clientId, moved.rows[0], due.rows[0]);
  });
}

/** The clock an advance answered (`moved`: the updated client row; none: the client has no row). */
function advancedClock(
  clientId: string,
  moved: Pick<SandboxClient, 'clock_offset_ms'> | undefined,
  nextDue: NextDue | undefined,
): AdvancedClock & { nextDue: NextDue | undefined } {
  if (!moved) {
    throw new Error(`client ${clientId} has no row`);
  }
  return { toOffsetMs: offsetOf(moved), nextDue };
}

/** Refuses a duration that is not forward or is too long. */
function checkDuration(byMs: number): void {
  if (byMs <= 0) {
    throw clockAdvanceInvalid('duration must be longer than zero: the clock only moves forward');
  }
  checkLength(byMs);
}

/** Refuses a target time before the client's current time (`currentMs`) or too far after it. */
function checkTarget(time: Date, currentMs: number): void {
  const byMs = time.getTime() - currentMs;
  if (byMs < 0) {
    throw clockAdvanceInvalid(
      `target_time ${time.toISOString()} is before the clock's current time ${new Date(currentMs).toISOString()}: the clock only moves forward`,
    );
  }
  checkLength(byMs);
}

/** Refuses a move of more than {@link MAX_ADVANCE_MS}. */
function checkLength(byMs: number): void {
  if (byMs > MAX_ADVANCE_MS) {
    const days = byMs / 86_400_000;
    throw clockAdvanceInvalid(
      `the advance moves the clock ${Number.isInteger(days) ? days : days.toFixed(2)} days; one advance moves at most 400 days, advance in several steps`,
    );
  }
}

const offsetQuery = prepareQuery((db, p: Placeholders<{ clientId: string }>) =>
  db.selectFrom('clients').select('clock_offset_ms').where('client_id', '=', p.clientId),
);

/** The client's clock offset as stored now, in milliseconds (the authenticated row may be a few seconds old). */
export async function storedClockOffset(store: Store, clientId: string): Promise<number> {
  const row = await offsetQuery.executeTakeFirst(store.db, { clientId });
  if (!row) {
    throw new Error(`client ${clientId} has no row`);
  }
  return offsetOf(row);
}

/** The offset moved forward by `byMs`, answering with the new offset. */
const moveByQuery = prepareQuery((db, p: Placeholders<{ clientId: string; byMs: number }>) =>
  db
    .updateTable('clients')
    .set({ clock_offset_ms: sql<number>`clock_offset_ms + ${p.byMs}` })
    .where('client_id', '=', p.clientId)
    .returning('clock_offset_ms'),
);

/**
 * The offset set to `toOffsetMs` if that is not behind it nor more than `maxMs` ahead, answering
 * with the new offset (no row when refused).
 */
const moveToQuery = prepareQuery((db, p: Placeholders<{ clientId: string; toOffsetMs: number; maxMs: number }>) =>
  db
    .updateTable('clients')
    .set({ clock_offset_ms: p.toOffsetMs })
    .where('client_id', '=', p.clientId)
    .where('clock_offset_ms', '<=', p.toOffsetMs)
    .where(sql<boolean>`${p.toOffsetMs} - clock_offset_ms <= ${p.maxMs}`)
    .returning('clock_offset_ms'),
);
