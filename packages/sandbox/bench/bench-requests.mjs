// @ts-check
/**
 * What the benchmarks send: the canonical client's credential headers and the first request
 * example the spec gives for an operation. One module for load.mjs, round-trips.mjs and
 * list-offset.mjs. Plain JS, as the benches are (see the package README).
 */
import { readFileSync } from 'node:fs';
import { openapiJsonPath } from '@svc/spec';
import { EXAMPLE_CREDENTIALS } from '@svc/spec/examples';
import { HEADER_NAMES } from '@svc/spec/headers';

/**
 * The JSON content type and the credentials of `client`, as lower-case header names.
 * @param {{ clientId: string, secret: string }} client
 * @returns {Record<string, string>}
 */
export function jsonHeadersOf(client) {
  return {
    'content-type': 'application/json',
    [HEADER_NAMES.clientId.toLowerCase()]: client.clientId,
    [HEADER_NAMES.secret.toLowerCase()]: client.secret,
  };
}

/** The JSON content type and the canonical client's credentials, as lower-case header names. */
export const jsonHeaders = jsonHeadersOf(EXAMPLE_CREDENTIALS);

const document = JSON.parse(readFileSync(openapiJsonPath, 'utf8'));

/**
 * The first request example of the operation at `path`.
 * @param {string} path
 * @returns {Record<string, unknown>}
 */
export function example(path) {
  const examples = document.paths[path].post.requestBody.content['application/json'].examples;
  const [first] = Object.keys(examples);
  if (first === undefined) {
    throw new Error(`${path} has no request example`);
  }
  return examples[first].value;
}
