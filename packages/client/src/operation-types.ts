/**
 * Types of the named methods and paginators, derived from the generated `operations` types.
 */
import type { operations } from '@svc/spec/types';

/** The JSON request body of an operation, by operationId. */
export type RequestBody<Name extends keyof operations> = operations[Name] extends {
  requestBody: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/** The JSON body of an operation's 200 response, by operationId. */
export type ResponseBody<Name extends keyof operations> = operations[Name] extends {
  responses: { 200: { content: { 'application/json': infer Body } } };
}
  ? Body
  : never;

/** The element type of the array `Field` of an operation's response. */
export type PageItem<
  Name extends keyof operations,
  Field extends keyof ResponseBody<Name>,
> = ResponseBody<Name>[Field] extends readonly (infer Item)[] ? Item : never;

/** Options of one call; they override the client's options for that call only. */
export interface CallOptions {
  /** Aborts the call (and any retry wait); the call then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Extra request headers, for example `{ Prefer: 'code=400' }` against the mock. */
  headers?: Record<string, string>;
  /** Time limit of each attempt, in milliseconds, response body included; `Infinity`: none. */
  timeoutMs?: number;
  /** How many times the call may be retried (see the operation's retry policy). */
  maxRetries?: number;
}

/** Bounds of one paginator; without them it runs until the paging contract says the last page. */
export interface PaginateLimits {
  /** Fetch at most this many pages (a whole number >= 1). */
  maxPages?: number;
  /**
   * Yield at most this many items (a whole number >= 1); no page is fetched once they are
   * reached. `byPage()` stops after the page that reaches it.
   */
  maxItems?: number;
}

/** Options of a paginator: those of each call it makes, and its {@link PaginateLimits}. */
export interface PaginateOptions extends CallOptions, PaginateLimits {}

/**
 * The result of a paginator: an async iterable over every item of every page, fetched lazily;
 * `byPage()` iterates over the whole responses instead (to read fields beside the items).
 */
export interface Paged<Item, Page> extends AsyncIterable<Item> {
  /** Iterates over each response, one per page. */
  byPage(): AsyncIterable<Page>;
}
