// Loaded into a sandbox process of the load benchmark with `node --import` (PostgreSQL targets
// only): counts what the process sends to PostgreSQL, so the benchmark can print statements and
// round trips per request type, the time of the event counter's increment (its lock wait under
// load). It patches `pg.Client.prototype.query`, through which
// every statement goes. A statement sent while another of the same connection still waits for its
// answer (pipeline mode) shares that one's round trip; any other starts one. It answers the benchmark over the IPC channel: `{ probe: 'read' }` gets the totals so far.
// With PG_PROBE_LOG=1 it also keeps the SQL text of each statement, grouped by round trip:
// `{ probe: 'statements' }` gets those sent since the last such message (bench/round-trips.mjs; asked
// through bench-servers.mjs).
// Plain JS: a preload of a child process, outside the package's build. No change of behaviour:
// the original query runs with the same arguments and its result is returned as it is.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pg = require('pg');

const totals = {
  /** Statements sent (calls of `query`, `begin` and `commit` included). */
  queries: 0,
  /** Statements sent while none of the same connection was waiting for its answer. */
  roundTrips: 0,
  begins: 0,
  commits: 0,
  rollbacks: 0,
  /** Increments of an event counter row (`insert into "counters" … on conflict … do update`). */
  counterIncrements: 0,
  /** Their summed time from sending to the result (µs): the round trip plus any wait for the row lock. */
  counterMicros: 0,
  /** Every other data statement, timed the same way, for comparison. */
  otherStatements: 0,
  otherMicros: 0,
};

const CONTROL = /^\s*(begin|commit|rollback)\b/i;
const COUNTER = /^\s*insert\s+into\s+"counters"/i;
/** The event counter incremented in a CTE of the statement that inserts the event. */
const WITH_COUNTER = /^\s*with\s+"next_event_id"\s+as\s+\(\s*insert\s+into\s+"counters"/i;
/** Statements of each connection still waiting for their answer. */
const inFlight = new WeakMap();
const LOG = process.env.PG_PROBE_LOG === '1';
/** With PG_PROBE_LOG=1: the round trips since the last `statements` message, each a list of SQL texts. */
/** @type {string[][]} */
let logged = [];
/** Per connection, the list of the round trip its next pipelined statement joins. */
const currentTrip = new WeakMap();

const original = pg.Client.prototype.query;
pg.Client.prototype.query = function probedQuery(...args) {
  const [first] = args;
  const text = typeof first === 'string' ? first : typeof first?.text === 'string' ? first.text : '';
  totals.queries++;
  const waiting = inFlight.get(this) ?? 0;
  if (waiting === 0) {
    totals.roundTrips++;
    if (LOG) {
      const trip = [];
      logged.push(trip);
      currentTrip.set(this, trip);
    }
  }
  if (LOG) {
    currentTrip.get(this)?.push(text.replace(/\s+/g, ' ').trim());
  }
  inFlight.set(this, waiting + 1);
  const control = CONTROL.exec(text)?.[1]?.toLowerCase();
  if (control) {
    totals[`${control}s`]++;
  }
  /** @type {any} pg's query answers a promise, a query object or nothing, by overload. */
  const returned = original.apply(this, args);
  const result = answerOf(returned);
  const answered = () => inFlight.set(this, (inFlight.get(this) ?? 1) - 1);
  if (result === undefined) {
    // A callback: counted as answered at once (the sandbox sends none).
    answered();
    return returned;
  }
  result.then(answered, answered);
  if (!control) {
    const started = process.hrtime.bigint();
    const isCounter = COUNTER.test(text) || WITH_COUNTER.test(text);
    const record = () => {
      const micros = Number(process.hrtime.bigint() - started) / 1000;
      if (isCounter) {
        totals.counterIncrements++;
        totals.counterMicros += micros;
      } else {
        totals.otherStatements++;
        totals.otherMicros += micros;
      }
    };
    result.then(record, record);
  }
  return returned;
};

/**
 * What `query` returned, as a promise of its answer: pg's own promise (`query(text, values)`), or
 * one settled by the callback of the query object given (the store sends each statement so,
 * `src/engine/store/postgres/statement-query.ts`); undefined for anything else.
 * @param {any} returned
 * @returns {Promise<unknown> | undefined}
 */
function answerOf(returned) {
  if (returned && typeof returned.then === 'function') {
    return returned;
  }
  if (returned && typeof returned.submit === 'function' && typeof returned.callback === 'function') {
    const callback = returned.callback;
    return new Promise((resolve, reject) => {
      returned.callback = (/** @type {unknown} */ error, /** @type {unknown} */ answer) => {
        callback(error, answer);
        if (error) {
          reject(error);
        } else {
          resolve(answer);
        }
      };
    });
  }
  return undefined;
}

/**
 * In-process use (bench/round-trips-all.mjs and a test import this module with PG_PROBE_LOG=1 and
 * PG_PROBE_IN_PROCESS=1 set, instead of preloading it): the
 * round trips logged since the last call, each a list of SQL texts (PG_PROBE_LOG=1), then forgotten.
 * @returns {string[][]}
 */
export function takeLoggedRoundTrips() {
  const taken = logged;
  logged = [];
  return taken;
}

// Answers over IPC only when preloaded into a child process: loaded in-process (PG_PROBE_IN_PROCESS=1),
// the channel, if any, is its host's (a test runner's worker), not to be listened to or unref'd.
if (process.env.PG_PROBE_IN_PROCESS !== '1') {
  process.on('message', (/** @type {{ probe?: string } | undefined} */ message) => {
    if (message?.probe === 'read') {
      process.send?.({ probe: 'totals', totals });
    } else if (message?.probe === 'statements') {
      process.send?.({ probe: 'statements', roundTrips: logged });
      logged = [];
    }
  });
  // The channel must not keep the sandbox alive when it is told to stop.
  process.channel?.unref();
}
