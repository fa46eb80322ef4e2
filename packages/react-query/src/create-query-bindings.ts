/**
 * TanStack Query bindings for an `@svc/client` client: query, infinite-query and mutation options
 * keyed by operationId, and hooks over them. Every request goes through the client's named
 * methods, so credentials, time limits, safe retries and typed errors (`SvcError`) apply, and the
 * `signal` TanStack Query gives a query function is passed to the call: cancelling a query (an
 * unmounted component, `queryClient.cancelQueries`) aborts the request and any retry wait.
 */
import {
  type CallOptions,
  type OperationMethods,
  type OperationName,
  operationTable,
  type PagedOperationName,
  type Paging,
  type SvcClient,
  type SvcError,
} from '@svc/client';
import {
  type DataTag,
  type InfiniteData,
  type UseInfiniteQueryOptions,
  type UseMutationOptions,
  type UseQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import { initialPageParam, nextPageParam, type PageParam, pageRequest } from './page-params.js';
import { infiniteQueryKeyOf, type OperationInfiniteQueryKey, type OperationQueryKey, queryKeyOf } from './query-key.js';

/** The request body a named method takes (optional when the operation has no required field). */
export type OperationBody<Name extends OperationName> = Parameters<OperationMethods[Name]>[0];

/** What a named method resolves to: the operation's 200 body. */
export type OperationResult<Name extends OperationName> = Awaited<ReturnType<OperationMethods[Name]>>;

/** Call options of the client for the requests of a query or mutation (the signal is TanStack's). */
export type QueryCallOptions = Omit<CallOptions, 'signal'>;

/** The arguments of a query: the body (optional when the operation's is), then call options. */
export type QueryArgs<Name extends OperationName> =
  undefined extends OperationBody<Name>
    ? [body?: OperationBody<Name>, callOptions?: QueryCallOptions]
    : [body: OperationBody<Name>, callOptions?: QueryCallOptions];

/** Options of one operation's query, for `useQuery`, `useSuspenseQuery`, `queryClient.fetchQuery`, .... */
export type OperationQueryOptions<Name extends OperationName> = UseQueryOptions<
  OperationResult<Name>,
  SvcError,
  OperationResult<Name>,
  OperationQueryKey<Name>
> & {
  queryKey: DataTag<OperationQueryKey<Name>, OperationResult<Name>, SvcError>;
};

/** Options of one paged operation's infinite query, for `useInfiniteQuery`. */
export type OperationInfiniteQueryOptions<Name extends PagedOperationName> = UseInfiniteQueryOptions<
  OperationResult<Name>,
  SvcError,
  InfiniteData<OperationResult<Name>, PageParam>,
  OperationInfiniteQueryKey<Name>,
  PageParam
> & {
  queryKey: DataTag<OperationInfiniteQueryKey<Name>, InfiniteData<OperationResult<Name>, PageParam>, SvcError>;
};

/** Options of one operation's mutation: the body is the mutation's variables. */
export type OperationMutationOptions<Name extends OperationName> = UseMutationOptions<
  OperationResult<Name>,
  SvcError,
  OperationBody<Name>
> & { mutationKey: OperationQueryKey<Name> };

/** The bindings of one client; see {@link createQueryBindings}. */
export interface QueryBindings {
  /** The client the bindings call. */
  readonly client: SvcClient;
  /** The query key of an operation with a body, or the prefix of all its queries without one. */
  queryKey<Name extends OperationName>(name: Name, body?: OperationBody<Name>): OperationQueryKey<Name>;
  /** Query options calling the named method `name` with the body; spread them to add your own. */
  queryOptions<Name extends OperationName>(name: Name, ...args: QueryArgs<Name>): OperationQueryOptions<Name>;
  /**
   * Infinite-query options over a paged operation (offset, total, cursor, or the events after an
   * id for the event syncs): each page's request body is `body` with the page's offset, cursor or
   * `after_id`; `hasNextPage` is false once the paging contract says the last page.
   */
  infiniteQueryOptions<Name extends PagedOperationName>(
    name: Name,
    ...args: QueryArgs<Name>
  ): OperationInfiniteQueryOptions<Name>;
  /** Mutation options calling the named method `name`; `mutate(body)`. */
  mutationOptions<Name extends OperationName>(
    name: Name,
    callOptions?: QueryCallOptions,
  ): OperationMutationOptions<Name>;
  /** `useQuery(queryOptions(name, body, callOptions))`. */
  useQuery<Name extends OperationName>(
    name: Name,
    ...args: QueryArgs<Name>
  ): ReturnType<typeof useQuery<OperationResult<Name>, SvcError, OperationResult<Name>, OperationQueryKey<Name>>>;
  /** `useInfiniteQuery(infiniteQueryOptions(name, body, callOptions))`. */
  useInfiniteQuery<Name extends PagedOperationName>(
    name: Name,
    ...args: QueryArgs<Name>
  ): ReturnType<
    typeof useInfiniteQuery<
      OperationResult<Name>,
      SvcError,
      InfiniteData<OperationResult<Name>, PageParam>,
      OperationInfiniteQueryKey<Name>,
      PageParam
    >
  >;
  /** `useMutation(mutationOptions(name, callOptions))`. */
  useMutation<Name extends OperationName>(
    name: Name,
    callOptions?: QueryCallOptions,
  ): ReturnType<typeof useMutation<OperationResult<Name>, SvcError, OperationBody<Name>>>;
}

type AnyMethod = (body: unknown, options?: CallOptions) => Promise<unknown>;
type Json = Record<string, unknown>;

/**
 * Creates the TanStack Query bindings of a client.
 *
 * Query options set `retry: false`: the client already retries what is safe to retry (reads on
 * network errors, 429 and 5xx, with `Retry-After`), and never repeats a money-moving request.
 *
 * @example
 * const svc = createQueryBindings(createClient({ clientId, secret, environment: 'sandbox' }));
 * const { data } = svc.useQuery('transferGet', { transfer_id });
 */
export function createQueryBindings(client: SvcClient): QueryBindings {
  const call = (name: OperationName, body: unknown, callOptions: CallOptions | undefined) =>
    (client[name] as AnyMethod)(body, callOptions);

  const bindings: QueryBindings = {
    client,
    queryKey: (name, body) => queryKeyOf(name, body),
    queryOptions: (name, ...[body, callOptions]) =>
      ({
        queryKey: queryKeyOf(name, body),
        queryFn: ({ signal }: { signal: AbortSignal }) => call(name, body, { ...callOptions, signal }),
        retry: false,
      }) as never,
    infiniteQueryOptions: (name, ...[body, callOptions]) => {
      const { paging, path } = operationTable[name] as { paging: Paging; path: string };
      const start = (body ?? {}) as Json;
      return {
        queryKey: infiniteQueryKeyOf(name, body),
        queryFn: ({ pageParam, signal }: { pageParam: PageParam; signal: AbortSignal }) =>
          call(name, pageRequest(paging, start, pageParam, path), { ...callOptions, signal }),
        initialPageParam: initialPageParam(paging, start),
        getNextPageParam: (page: Json, pages: Json[], param: PageParam, params: PageParam[]) =>
          nextPageParam(paging, start, page, pages, param, params, path),
        retry: false,
      } as never;
    },
    mutationOptions: (name, callOptions) =>
      ({
        mutationKey: queryKeyOf(name),
        mutationFn: (body: unknown) => call(name, body, callOptions),
      }) as never,
    useQuery: (name, ...args) => useQuery(bindings.queryOptions(name, ...args)),
    useInfiniteQuery: (name, ...args) => useInfiniteQuery(bindings.infiniteQueryOptions(name, ...args)),
    useMutation: (name, callOptions) => useMutation(bindings.mutationOptions(name, callOptions)),
  };
  return bindings;
}
