// @ts-check
/**
 * Counts the round trips to PostgreSQL of every operation's request example: what
 * bench/round-trips-all.mjs prints and test/engine/store/postgres/round-trips.test.ts holds to a
 * budget. The caller runs a sandbox on PostgreSQL in its own process with bench/pg-probe.mjs
 * loaded (PG_PROBE_LOG=1), the deliverer idle (its statements would mix with the requests' own)
 * and no request records or pruning. Plain JS, as the benches are (see the package README).
 */
import { readFileSync } from 'node:fs';
import { openapiJsonPath } from '@svc/spec';
import { example, jsonHeaders } from './bench-requests.mjs';

/**
 * The options of the sandbox a count runs against, but its store and logger: no rate limit, no
 * request line, no request records and nothing pruned, and no webhook delivered (the deliverer's
 * statements would mix with the requests' own).
 */
export const COUNTING_SANDBOX_OPTIONS = Object.freeze({
  port: 0,
  rateLimit: null,
  logRequests: false,
  requestRecords: null,
  retention: null,
  delivery: { concurrency: 0 },
});

/** Round trips a request of each kind may take. */
export const ROUND_TRIP_BUDGET = { read: 1, write: 2 };

/** A statement that changes something: a request sending one (or `begin`) is a write. */
const CHANGES = /^\s*(begin|insert|update|delete|with\b[\s\S]*\b(insert|update|delete)\b)/i;

/** A read that changes nothing, sent after a reset so that the client's row is remembered again. */
const WARM_CLIENT_PATH = '/sandbox/clock/get';

/** Every path of the spec with a request body but the sandbox administration ones, in document order. */
export function operationPaths() {
  const document = JSON.parse(readFileSync(openapiJsonPath, 'utf8'));
  return Object.keys(document.paths).filter(
    (path) => document.paths[path].post?.requestBody && !isAdministration(document.paths[path].post),
  );
}

/**
 * Whether an operation is one of sandbox administration (its tag: `/sandbox/client/create`,
 * `/delete` with the admin key, `/reset` with the client's credentials): outside the per-request
 * budget, as each makes, deletes or seeds a client's whole world in one transaction
 * (`bench/throwaway.mjs` times them instead).
 * @param {{ tags?: string[] }} operation
 */
function isAdministration(operation) {
  return (operation.tags ?? []).includes(ADMINISTRATION_TAG);
}

/** The tag of the spec's sandbox administration operations. */
const ADMINISTRATION_TAG = 'Sandbox administration';

/**
 * @typedef {object} CountedRequest
 * @property {string} path
 * @property {'first' | 'again' | 'fresh'} state "first": the example after a reset to the
 *   canonical world, with the client's row remembered (a reset forgets it; a busy sandbox
 *   remembers it). "again": the same example once more, kept only when answered 200 again (an
 *   idempotent replay, a second read, a second change). "fresh": for an example with an
 *   `idempotency_key` (whose key the canonical world may already hold, so that "first" is a
 *   replay), the example with a key never used and, where it names an `authorization_id`, a new
 *   authorization: the create itself.
 * @property {number} status
 * @property {'read' | 'write'} kind
 * @property {string[][]} trips the SQL texts of each round trip
 * @property {string} text the response body
 */

/**
 * Sends each path's first request example to the sandbox at `url`, "first" and "again" (see
 * {@link CountedRequest}), and returns what each request sent to PostgreSQL.
 * @param {{ url: string, reset: () => Promise<void>, takeLoggedRoundTrips: () => string[][], paths?: string[] }} options
 * @returns {Promise<CountedRequest[]>}
 */
export async function countRoundTrips({ url, reset, takeLoggedRoundTrips, paths = operationPaths() }) {
  /**
   * @param {string} path
   * @param {Record<string, unknown>} body
   */
  const send = async (path, body = example(path)) => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify(body),
    });
    return { status: response.status, text: await response.text() };
  };
  /** @type {CountedRequest[]} */
  const counted = [];
  /**
   * @param {string} path
   * @param {'first' | 'again' | 'fresh'} state
   * @param {{ status: number, text: string }} answer
   */
  const take = (path, state, answer) => {
    const trips = takeLoggedRoundTrips();
    /** @type {'read' | 'write'} */
    const kind = trips.some((trip) => trip.some((sql) => CHANGES.test(sql))) ? 'write' : 'read';
    return { path, state, status: answer.status, kind, trips, text: answer.text };
  };
  for (const path of paths) {
    await reset();
    await send(WARM_CLIENT_PATH);
    takeLoggedRoundTrips();
    const first = take(path, 'first', await send(path));
    counted.push(first);
    if (first.status !== 200) {
      continue;
    }
    const again = take(path, 'again', await send(path));
    if (again.status === 200) {
      counted.push(again);
    }
    const body = example(path);
    if (typeof body.idempotency_key === 'string') {
      counted.push(take(path, 'fresh', await send(path, await freshCreate(body))));
    }
  }
  return counted;

  /**
   * The create `body` with a key never used and, where it names one, a new authorization (made
   * here, its round trips not counted).
   * @param {Record<string, unknown>} body
   */
  async function freshCreate(body) {
    /** @type {Record<string, unknown>} */
    const fresh = { ...body, idempotency_key: `round-trips-${++freshKeys}` };
    if (typeof body.authorization_id === 'string') {
      const made = await send(AUTHORIZATION_PATH);
      if (made.status !== 200) {
        throw new Error(`${AUTHORIZATION_PATH} answered ${made.status}: ${made.text}`);
      }
      fresh.authorization_id = JSON.parse(made.text).authorization.id;
      takeLoggedRoundTrips();
    }
    return fresh;
  }
}

/** Where a create that names an `authorization_id` gets a new one. */
const AUTHORIZATION_PATH = '/transfer/authorization/create';
let freshKeys = 0;
