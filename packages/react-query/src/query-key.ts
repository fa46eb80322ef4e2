/**
 * Query keys: every key starts with `'svc'` and the operationId, so that
 * `queryClient.invalidateQueries({ queryKey: queryKeyOf('transferList') })` reaches every query of
 * that operation, whatever its body, infinite queries included.
 */
import type { OperationName } from '@svc/client';

/** The first element of every key the bindings make. */
export const QUERY_KEY_ROOT = 'svc';

/** The key of one operation's query: root, operationId, then the request body when there is one. */
export type OperationQueryKey<Name extends OperationName = OperationName> =
  | readonly [typeof QUERY_KEY_ROOT, Name]
  | readonly [typeof QUERY_KEY_ROOT, Name, unknown];

/** The key of one operation's infinite query (its pages are cached apart from single queries). */
export type OperationInfiniteQueryKey<Name extends OperationName = OperationName> = readonly [
  typeof QUERY_KEY_ROOT,
  Name,
  unknown,
  'infinite',
];

/**
 * The key of a query of `name` with `body`; without a body, the prefix shared by every query of
 * the operation (for `invalidateQueries`, `cancelQueries`, ...).
 */
export function queryKeyOf<Name extends OperationName>(name: Name, body?: unknown): OperationQueryKey<Name> {
  return body === undefined ? [QUERY_KEY_ROOT, name] : [QUERY_KEY_ROOT, name, body];
}

/** The key of an infinite query of `name` starting from `body`. */
export function infiniteQueryKeyOf<Name extends OperationName>(
  name: Name,
  body: unknown,
): OperationInfiniteQueryKey<Name> {
  return [QUERY_KEY_ROOT, name, body ?? {}, 'infinite'];
}
