// @ts-check
/**
 * The load the benchmarks put on a server, with autocannon: the read (`/auth/get`) and the write
 * (`/transfer/authorization/create`, then `/transfer/create` with that authorization, one pair
 * counted as two requests). Shared by load.mjs, profile.mjs and noisy-neighbour.mjs. Plain JS, as the benches are.
 */
import autocannon from 'autocannon';
import { example, jsonHeaders } from './bench-requests.mjs';

const authGet = example('/auth/get');
const authorization = example('/transfer/authorization/create');
const transfer = example('/transfer/create');

let sequence = 0;

/** A number not used before in this process (for idempotency keys). */
export function nextSequence() {
  return sequence++;
}

/**
 * Runs autocannon with `options` (its `duration` in seconds) and resolves with its result.
 * @param {Record<string, any>} options
 * @returns {Promise<any>}
 */
export function runLoad(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(/** @type {any} */ (options), (error, result) =>
      error ? reject(error) : resolve(result),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

/**
 * The read at `url` for `duration` seconds over `connections` connections.
 * @param {string} url
 * @param {number} connections
 * @param {number} duration
 */
export function readScenario(url, connections, duration) {
  return runLoad({
    url: `${url}/auth/get`,
    method: 'POST',
    headers: jsonHeaders,
    body: JSON.stringify(authGet),
    connections,
    duration,
  });
}

/**
 * The write at `url` for `duration` seconds over `connections` connections.
 * @param {string} url
 * @param {number} connections
 * @param {number} duration
 */
export function writeScenario(url, connections, duration) {
  return runLoad({ url, connections, duration, requests: writeRequests('bench') });
}

/**
 * The write as autocannon requests: an authorization, then a transfer with it (a fresh
 * idempotency key each, starting with `keyPrefix`).
 * @param {string} keyPrefix
 * @returns {Record<string, any>[]}
 */
export function writeRequests(keyPrefix) {
  return [
    {
      method: 'POST',
      path: '/transfer/authorization/create',
      headers: jsonHeaders,
      body: JSON.stringify(authorization),
      /** @type {(status: number, body: string, context: Record<string, any>) => void} */
      onResponse: (status, body, context) => {
        context.authorizationId = status === 200 ? JSON.parse(body).authorization?.id : undefined;
      },
    },
    {
      method: 'POST',
      path: '/transfer/create',
      headers: jsonHeaders,
      /** @type {(request: Record<string, any>, context: Record<string, any>) => Record<string, any>} */
      setupRequest: (request, context) => ({
        ...request,
        body: JSON.stringify({
          ...transfer,
          idempotency_key: `${keyPrefix}-${process.pid}-${nextSequence()}`,
          authorization_id: context.authorizationId ?? transfer.authorization_id,
        }),
      }),
    },
  ];
}
