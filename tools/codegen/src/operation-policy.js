/**
 * Derives, from the spec alone, how the client may retry each operation and how it pages through
 * each paged operation. Both feed operations.gen.ts; the rules are documented in the client's
 * README ("Retries", "Pagination").
 */
import { allowsType, properties, requestSchema, resolve, successSchema } from './spec-schemas.js';

/** @typedef {import('./spec-schemas.js').Document} Document */
/** @typedef {import('./spec-schemas.js').Schema} Schema */

/**
 * Retry policy of an operation:
 * - `read`: the path ends in `/get`, `/list`, `/search` or `/sync`; reading again changes nothing.
 * - `idempotent`: the request requires an `idempotency_key`; the server returns the first result
 *   for a repeated key, so repeating the request never performs the operation twice.
 * - `unsafe`: anything else (creates, cancels, reverses, reports, updates). Repeating it after it
 *   may have reached the server could perform it twice, so the client retries it only when the
 *   request provably never left (connection refused, name not resolved).
 * @typedef {'read' | 'idempotent' | 'unsafe'} RetryPolicy
 */

const READ_SUFFIXES = new Set(['get', 'list', 'search', 'sync']);

/**
 * The retry policy of the operation at `path` whose request schema is `request`.
 * @param {string} path
 * @param {Schema | undefined} request
 * @returns {RetryPolicy}
 */
export function retryPolicy(path, request) {
  if (READ_SUFFIXES.has(path.split('/').at(-1) ?? '')) {
    return 'read';
  }
  return request?.required?.includes('idempotency_key') ? 'idempotent' : 'unsafe';
}

/**
 * How a paged operation pages (field locations are property paths in the request or response):
 * - `offset`: `count` / `offset` in the request; a page shorter than `count` is the last one.
 * - `total`: `count` / `offset` (top level or in `options`) with a total count in the response;
 *   the next page starts at `offset + count`, the last page is the one where that reaches the total
 *   (pages may be shorter than `count` before that, so their length proves nothing).
 * - `cursor`: `cursor` in the request, `next_cursor` in the response; null means no more pages.
 * - `after-id`: events after `after_id`; the next call passes the last event's `event_id`, and a
 *   page shorter than `count` means there is no newer event yet.
 * @typedef {{ kind: 'offset', items: string, count: string[], offset: string[], defaultCount: number | null }
 *   | { kind: 'total', items: string, total: string, count: string[], offset: string[], defaultCount: number | null }
 *   | { kind: 'cursor', items: string, cursor: string, next: string }
 *   | { kind: 'after-id', items: string, after: string, id: string, count: string[], defaultCount: number | null }} Paging
 */

/**
 * Detects the paging style of an operation from its request and response schemas, or returns
 * undefined for an operation that is not paged.
 * @param {Document} document
 * @param {Schema | undefined} request
 * @param {Schema | undefined} response
 * @param {string} where the operation, for error messages
 * @returns {Paging | undefined}
 */
export function detectPaging(document, request, response, where) {
  const requestProps = properties(document, request);
  const options = properties(document, requestProps.options);
  const responseProps = properties(document, response);
  const arrays = Object.keys(responseProps).filter((name) => allowsType(responseProps[name], 'array'));
  const onlyArray = () => {
    if (arrays.length !== 1) {
      throw new Error(`${where}: a paged response needs exactly one array of items, found [${arrays.join(', ')}]`);
    }
    return /** @type {string} */ (arrays[0]);
  };
  /** @param {Schema | undefined} schema */
  const defaultOf = (schema) => (typeof schema?.default === 'number' ? schema.default : null);

  if (requestProps.after_id) {
    const items = arrays.find((name) => properties(document, resolve(document, responseProps[name]?.items)).event_id);
    if (!items || !requestProps.count) {
      throw new Error(`${where}: after_id paging needs a count field and an array of items with event_id`);
    }
    return {
      kind: 'after-id',
      items,
      after: 'after_id',
      id: 'event_id',
      count: ['count'],
      defaultCount: defaultOf(requestProps.count),
    };
  }
  if (requestProps.cursor && responseProps.next_cursor) {
    return { kind: 'cursor', items: onlyArray(), cursor: 'cursor', next: 'next_cursor' };
  }
  const total = Object.keys(responseProps).find(
    (name) => (name === 'total' || name.startsWith('total_')) && allowsType(responseProps[name], 'integer'),
  );
  const location =
    requestProps.count && requestProps.offset ? [] : options.count && options.offset ? ['options'] : null;
  if (total && location) {
    const named = total === 'total' ? undefined : total.slice('total_'.length);
    if (named !== undefined && !arrays.includes(named)) {
      throw new Error(`${where}: ${total} names no array "${named}" in the response`);
    }
    const countSchema = location.length === 0 ? requestProps.count : options.count;
    return {
      kind: 'total',
      items: named ?? onlyArray(),
      total,
      count: [...location, 'count'],
      offset: [...location, 'offset'],
      defaultCount: defaultOf(countSchema),
    };
  }
  if (requestProps.count && requestProps.offset) {
    return {
      kind: 'offset',
      items: onlyArray(),
      count: ['count'],
      offset: ['offset'],
      defaultCount: defaultOf(requestProps.count),
    };
  }
  return undefined;
}

/**
 * One operation of the document as the client generator sees it.
 * @typedef {{
 *   name: string,
 *   path: string,
 *   summary: string,
 *   description: string,
 *   deprecated: boolean,
 *   bodyOptional: boolean,
 *   retry: RetryPolicy,
 *   paging: Paging | undefined,
 * }} OperationDescription
 */

/**
 * Every operation of the document (all are `POST`, see spec/README.md) with its retry policy and
 * paging, in document order.
 * @param {Document} document
 * @returns {OperationDescription[]}
 */
export function describeOperations(document) {
  return Object.entries(document.paths ?? {}).map(([path, rawItem]) => {
    const item = resolve(document, rawItem) ?? {};
    const operation = item.post;
    if (!operation || Object.keys(item).some((key) => key !== 'post' && key !== 'parameters')) {
      throw new Error(`${path}: every path of this API has exactly one operation, a POST`);
    }
    const name = operation.operationId;
    if (typeof name !== 'string' || !/^[a-z][A-Za-z0-9]*$/.test(name)) {
      throw new Error(`${path}: the operationId must be a camelCase identifier, got ${JSON.stringify(name)}`);
    }
    const request = requestSchema(document, operation);
    if (!request) {
      throw new Error(`${path}: no application/json request body schema`);
    }
    const where = `${name} (POST ${path})`;
    return {
      name,
      path,
      summary: operation.summary ?? name,
      description: operation.description ?? '',
      deprecated: operation.deprecated === true,
      bodyOptional: (request.required ?? []).length === 0,
      retry: retryPolicy(path, request),
      paging: detectPaging(document, request, successSchema(document, operation), where),
    };
  });
}
