/**
 * @module @svc/react-query
 * TanStack Query bindings for `@svc/client`: queries and mutations keyed by operationId, infinite
 * queries over the paged operations and event syncs, the query's abort signal passed to the call.
 */
export {
  createQueryBindings,
  type OperationBody,
  type OperationInfiniteQueryOptions,
  type OperationMutationOptions,
  type OperationQueryOptions,
  type OperationResult,
  type QueryArgs,
  type QueryBindings,
  type QueryCallOptions,
} from './create-query-bindings.js';
export type { PageParam } from './page-params.js';
export {
  infiniteQueryKeyOf,
  type OperationInfiniteQueryKey,
  type OperationQueryKey,
  QUERY_KEY_ROOT,
  queryKeyOf,
} from './query-key.js';
