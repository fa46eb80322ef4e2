/**
 * A request's first flight on PostgreSQL: a statement the request needs before it may change
 * anything (its client's fault rules) rides along with the request's first statement, on that
 * statement's connection, so both cost one round trip; and nothing of the request commits until
 * that statement's answer says it may (the gate).
 *
 * {@link runInFlight} runs the request's work with a {@link RequestFlight} in scope (Node's
 * `AsyncLocalStorage`, entered only on PostgreSQL). The pool's client class of
 * {@link withRequestFlights} looks at the flight of each statement it sends:
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
import type { QueryingClass } from './client-mixin.js';

/** What a flight's gate says of the request's changes: they may commit, or the error that stops them. */
export type GateDecision = { open: true } | { open: false; reason: Error };

/** The flight of one request. */
export interface RequestFlight {
  /** The rows of the flight's statement (sent with the work's first statement, or alone). */
  readonly rows: Promise<unknown[]>;
  /** Resolves once the gate is decided (never rejects: a failed statement or `decide` closes it with its error). */
  readonly gate: Promise<GateDecision>;
}

interface FlightState {
  /** The statement to send, until sent. */
  pending: { text: string; values: unknown[] } | undefined;
  /** The decision once made. */
  decision: GateDecision | undefined;
  /** No longer in effect: the work is over. */
  over: boolean;
  sent(result: Promise<{ rows: unknown[] }>): void;
  gate: Promise<GateDecision>;
}

const flights = new AsyncLocalStorage<FlightState>();

/** The error of a statement stopped by a closed gate when the gate has no error of its own. */
export class FlightGateClosedError extends Error {
  constructor() {
    super('the request may not change anything: its first flight closed the gate');
    this.name = 'FlightGateClosedError';
  }
}

/**
 * Runs `work` with a flight whose statement is `text` with `values`: sent before the first
 * statement but `begin` that `work` sends (or alone, by `sendAlone`, if `work` sent none). The
 * gate is decided by `decide` from the statement's rows (closed with the error if it throws). Resolves with the flight and `work`'s outcome, once `work`
 * has settled; the flight is no longer in effect then.
 */
export async function runInFlight<T>(
  statement: { text: string; values: unknown[] },
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
    sent(result) {
      resolveRows(result.then((answer) => answer.rows));
    },
    gate: rows
      .then((found) => decide(found))
      .catch(
        (error: unknown): GateDecision => ({
          open: false,
          reason: error instanceof Error ? error : new FlightGateClosedError(),
        }),
      ),
  };
  state.gate.then((decision) => {
    state.decision = decision;
  });
  let outcome: PromiseSettledResult<T>;
  try {
    outcome = { status: 'fulfilled', value: await flights.run(state, work) };
  } catch (error) {
    outcome = { status: 'rejected', reason: error };
  }
  state.over = true;
  if (state.pending) {
    state.pending = undefined;
    resolveRows(sendAlone());
  }
  return { flight: { rows, gate: state.gate }, outcome };
}

const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const END = /^\s*(commit|rollback)\b/i;
const COMMIT = /^\s*commit\b/i;
/** A statement that surely only reads: a select naming no data-modifying command. */
const READ_ONLY = /^\s*select\b(?![\s\S]*\b(insert|update|delete)\b)/i;

/**
 * A subclass of `Base` (`pg.Client` with pipelining, outermost of the pool's client mixins) that
 * applies the flight in scope to the statements it sends (see the module's comment). Calls of
 * forms other than `query(text, values)` and statements outside any flight pass through unchanged.
 */
export function withRequestFlights<C extends QueryingClass>(Base: C): C {
  return class RequestFlightClient extends Base {
    #inTransaction = false;

    // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; each is passed on as it is.
    override query(...args: any[]): any {
      const [text] = args;
      if (typeof text !== 'string') {
        return super.query(...args);
      }
      const opening = BEGIN.test(text);
      const ending = END.test(text);
      const wasInTransaction = this.#inTransaction;
      if (opening) {
        this.#inTransaction = true;
      } else if (ending) {
        this.#inTransaction = false;
      }
      const flight = flights.getStore();
      if (flight === undefined || flight.over || args.length > 2 || typeof args[1] === 'function') {
        return super.query(...args);
      }
      const mustWait =
        flight.decision?.open !== true &&
        (ending ? COMMIT.test(text) && wasInTransaction : !wasInTransaction && !opening && !READ_ONLY.test(text));
      // Sent with the first statement but `begin`, or before a `commit` that waits for its answer.
      if (flight.pending && ((!opening && !ending) || mustWait)) {
        const { text: flightText, values } = flight.pending;
        flight.pending = undefined;
        flight.sent(super.query(flightText, values));
      }
      const decision = flight.decision;
      if (!mustWait) {
        return super.query(...args);
      }
      if (decision !== undefined && !decision.open) {
        return Promise.reject(decision.reason);
      }
      // A refused `commit` is not sent: the query layer then rolls the transaction back.
      return flight.gate.then((decided) => (decided.open ? super.query(...args) : Promise.reject(decided.reason)));
    }
  };
}
