/**
 * Types of bench/pg-probe.mjs for the tests that load it in-process (a preload of plain JS that
 * patches pg; see its header). Loading it has the effect; this is its one export.
 */

/** The round trips logged since the last call (PG_PROBE_LOG=1), each a list of SQL texts; then forgotten. */
export function takeLoggedRoundTrips(): string[][];
