/**
 * The shape of the generated `operationTable` (src/generated/operations.gen.ts): what the runtime
 * needs to know about each operation.
 */

/**
 * How the client may retry an operation (derived from the spec by tools/codegen):
 * - `read`: a read (`/get`, `/list`, `/search`, `/sync`); retried on network errors, timeouts,
 *   `429` and `5xx`.
 * - `idempotent`: the request requires an `idempotency_key`; retried like a read.
 * - `unsafe`: anything else; retried only when the request provably never left.
 */
export type RetryPolicy = 'read' | 'idempotent' | 'unsafe';

/** Where the paging fields of a paged operation are (property paths) and how it stops. */
export type Paging =
  | {
      /** `count` / `offset`; a page shorter than `count` is the last one. */
      kind: 'offset';
      items: string;
      count: readonly string[];
      offset: readonly string[];
      defaultCount: number | null;
    }
  | {
      /** `count` / `offset` with a total in the response; stop once `offset` reaches it. */
      kind: 'total';
      items: string;
      total: string;
      count: readonly string[];
      offset: readonly string[];
      defaultCount: number | null;
    }
  | {
      /** `cursor` in the request, the next cursor (or null at the end) in the response. */
      kind: 'cursor';
      items: string;
      cursor: string;
      next: string;
    }
  | {
      /** Events after an id; a page shorter than `count` means no newer event yet. */
      kind: 'after-id';
      items: string;
      after: string;
      id: string;
      count: readonly string[];
      defaultCount: number | null;
    };

/** One operation of the generated table. */
export interface OperationInfo {
  /** The path, e.g. `/transfer/list` (every operation is a `POST`). */
  path: string;
  retry: RetryPolicy;
  /** Present for paged operations. */
  paging?: Paging;
}
