/**
 * A request's lookup: a read a request needs before anything it changes may stand (its client's
 * fault rules), and the decision its rows make; on PostgreSQL it travels with the request's first
 * statement (`postgres/request-flight.ts`).
 */
/** What a lookup says of the request's changes: they may stand, or the error that stops them. */
export type GateDecision = { open: true } | { open: false; reason: Error };

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
