/**
 * A request's first flight on PostgreSQL: a statement the request needs before it may change
 * anything (its client's fault rules) rides along with the request's first statement, on that
 * statement's connection, so both cost one round trip; and nothing of the request commits until
 * that statement's answer says it may (the gate).
 *
 * {@link runInFlight} runs the request's work with a {@link RequestFlight} in scope (Node's
 * `AsyncLocalStorage`, entered only on PostgreSQL). The connection's piece
 * {@link requestFlights} looks at the flight of each statement it sends:
 * - the flight's statement not sent yet goes out right before the first statement of the work
 *   other than `begin` (pipeline mode: both share the round trip);
 * - while the gate is undecided, a `commit` waits for it, and so does any statement outside a
 *   transaction that may write; a closed gate fails them with its reason, unsent (the query layer
 *   then rolls the transaction back). Reads inside or outside a transaction go out at once.
 *
 * The gate is decided from the flight statement's rows as soon as they arrive (in the common case,
 * with the first statement's answer), so waiting for it costs no round trip.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';
import { oncePerText } from '../once-per-text.js';
import {
  closedBy,
  type GateDecision,
  type LookupOutcome,
  type RequestLookup,
  settle,
  type WithRequestLookup,
} from '../request-lookup.js';
import { NAMED_STATEMENT_LIMIT } from './named-statements.js';
import type { Answer, ConnectionPiece, Statement } from './send-query.js';

/** The flight of one request. */
export interface RequestFlight {
  /** The rows of the flight's statement (sent with the work's first statement, or alone). */
  readonly rows: Promise<unknown[]>;
  /** Resolves once the gate is decided (never rejects: a failed statement or `decide` closes it with its error). */
  readonly gate: Promise<GateDecision>;
}

interface FlightState {
  /** The statement to send, until sent. */
  pending: Statement | undefined;
  /** The decision once made. */
  decision: GateDecision | undefined;
  /** No longer in effect: the work is over. */
  over: boolean;
  sent(answer: Promise<Answer>): void;
  gate: Promise<GateDecision>;
}

const flights = new AsyncLocalStorage<FlightState>();

/**
 * Runs `work` with a flight whose statement is `statement`: sent before the first statement but
 * `begin` that `work` sends (or alone, by `sendAlone`, if `work` sent none). The gate is decided
 * by `decide` from the statement's rows (closed with the error if it throws, or the statement's
 * if it fails). Resolves with the flight and `work`'s outcome, once `work` has settled; the
 * flight is no longer in effect then.
 */
export async function runInFlight<T>(
  statement: Statement,
  decide: (rows: unknown[]) => GateDecision,
  sendAlone: () => Promise<unknown[]>,
  work: () => Promise<T>,
): Promise<{ flight: RequestFlight; outcome: PromiseSettledResult<T> }> {
  let resolveRows!: (rows: Promise<unknown[]>) => void;
  const rows = new Promise<unknown[]>((resolve) => {
    resolveRows = resolve;
  });
  rows.catch(() => {});
  const state: FlightState = {
    pending: statement,
    decision: undefined,
    over: false,
    sent(answer) {
      resolveRows(answer.then(({ rows: found }) => found));
    },
    gate: rows.then((found) => decide(found)).catch(closedBy),
  };
  state.gate.then((decision) => {
    state.decision = decision;
  });
  const outcome = await settle(() => flights.run(state, work));
  state.over = true;
  if (state.pending) {
    state.pending = undefined;
    resolveRows(sendAlone());
  }
  return { flight: { rows, gate: state.gate }, outcome };
}

/**
 * The {@link WithRequestLookup} of PostgreSQL: the lookup's read is the flight of the request's
 * work, sent with its first statement, or alone on `db` if the work sent none.
 */
export function lookUpInFlight(db: Kysely<Database>): WithRequestLookup {
  return async <R, T>(lookup: RequestLookup<R>, work: () => Promise<T>): Promise<LookupOutcome<T>> => {
    const { query, decide } = lookup;
    const { flight, outcome } = await runInFlight(
      { text: query.sql, values: query.parameters },
      // The rows of the lookup's own query, as pg answered them.
      (rows) => decide(rows as R[]),
      async () => (await db.executeQuery(query)).rows,
      work,
    );
    const decision = await flight.gate;
    return decision.open ? { open: true, outcome } : decision;
  };
}

const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const END = /^\s*(commit|rollback)\b/i;
const COMMIT = /^\s*commit\b/i;
/** A statement that surely only reads: a select naming no data-modifying command. */
const READ_ONLY = /^\s*select\b(?![\s\S]*\b(insert|update|delete)\b)/i;

/** What the flight asks of a statement's text, decided once per text. */
const kindOf = oncePerText(
  (text) => ({
    opening: BEGIN.test(text),
    ending: END.test(text),
    commit: COMMIT.test(text),
    readOnly: READ_ONLY.test(text),
  }),
  NAMED_STATEMENT_LIMIT,
);

/**
 * The piece that applies the flight in scope to the statements it sends (see the module's
 * comment); statements outside any flight pass through unchanged. It comes before
 * `named-statements.ts` and `pipelined-begin.ts`, so the flight's statement is named and travels
 * after a held `begin`, like the work's own.
 */
export const requestFlights: ConnectionPiece = (next) => {
  let inTransaction = false;
  return (statement) => {
    const { opening, ending, commit, readOnly } = kindOf(statement.text);
    const wasInTransaction = inTransaction;
    if (opening) {
      inTransaction = true;
    } else if (ending) {
      inTransaction = false;
    }
    const flight = flights.getStore();
    if (flight === undefined || flight.over) {
      return next(statement);
    }
    const mustWait =
      flight.decision?.open !== true &&
      (ending ? commit && wasInTransaction : !wasInTransaction && !opening && !readOnly);
    // Sent with the first statement but `begin`, or before a `commit` that waits for its answer.
    if (flight.pending && ((!opening && !ending) || mustWait)) {
      const pending = flight.pending;
      flight.pending = undefined;
      flight.sent(next(pending));
    }
    const decision = flight.decision;
    if (!mustWait) {
      return next(statement);
    }
    if (decision !== undefined && !decision.open) {
      return Promise.reject(decision.reason);
    }
    // A refused `commit` is not sent: the query layer then rolls the transaction back.
    return flight.gate.then((decided) => (decided.open ? next(statement) : Promise.reject(decided.reason)));
  };
};
