/**
 * A request's lookup: a read a request needs before anything it changes may stand (its client's
 * fault rules), and the decision its rows make. The store runs it alongside the request's work
 * ({@link Store.withRequestLookup}, `open-store.ts`) and decides how it travels: on PostgreSQL
 * with the work's first statement (`postgres/request-flight.ts`), nothing of the work committing
 * before the decision; on SQLite ({@link lookUpFirst}) first, the work running only if the
 * decision lets it.
 */
import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from './database.js';
import { executeCompiled } from './kept-reads.js';

/** What a lookup says of the request's changes: they may stand, or the error that stops them. */
export type GateDecision = { open: true } | { open: false; reason: Error };

/** A read of a request and what its rows decide. */
export interface RequestLookup<R> {
  /** The read, compiled for the store's database (a prepared query's `compile`). */
  query: CompiledQuery<R>;
  /** The decision from the read's rows; throwing closes the gate with that error, as does a failed read. */
  decide(rows: R[]): GateDecision;
}

/**
 * How a request run with a lookup ended: its work's outcome when the gate opened (what it changed
 * is committed), else the gate's reason (nothing it changed is committed: on SQLite it did not
 * run).
 */
export type LookupOutcome<T> = { open: true; outcome: PromiseSettledResult<T> } | { open: false; reason: Error };

/** Runs a {@link RequestLookup} alongside a request's `work`: the store's capability. */
export type WithRequestLookup = <R, T>(lookup: RequestLookup<R>, work: () => Promise<T>) => Promise<LookupOutcome<T>>;

/** The {@link WithRequestLookup} that reads first, on `db`, and runs `work` only if the gate opens (SQLite). */
export function lookUpFirst(db: Kysely<Database>): WithRequestLookup {
  return async (lookup, work) => {
    let decision: GateDecision;
    try {
      decision = lookup.decide((await executeCompiled(db, lookup.query)).rows);
    } catch (error) {
      decision = closedBy(error);
    }
    return decision.open ? { open: true, outcome: await settle(work) } : decision;
  };
}

/** The closed gate of a read or decision that failed with `error`. */
export function closedBy(error: unknown): GateDecision {
  return {
    open: false,
    reason: error instanceof Error ? error : new Error(`the request's lookup failed: ${String(error)}`),
  };
}

/** The outcome of `work`, as `Promise.allSettled` gives it. */
export async function settle<T>(work: () => Promise<T>): Promise<PromiseSettledResult<T>> {
  try {
    return { status: 'fulfilled', value: await work() };
  } catch (reason) {
    return { status: 'rejected', reason };
  }
}
