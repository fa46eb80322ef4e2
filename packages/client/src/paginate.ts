/**
 * Paginators: async iterators that fetch the pages of a paged operation one after the other,
 * following the paging contract the spec states for it (see {@link Paging}).
 */
import { SvcInvalidResponseError } from './errors.js';
import type { Paging } from './operation-info.js';
import type { Paged } from './operation-types.js';

type Json = Record<string, unknown>;

/** Fetches one page: the named method of the operation. */
export type FetchPage = (body: Json) => Promise<Json>;

/** Creates the paginator of one call: nothing is fetched until it is iterated. */
export function paginate<Item, Page>(
  fetchPage: FetchPage,
  paging: Paging,
  operation: string,
  body: Json,
): Paged<Item, Page> {
  const byPage = () => pages(fetchPage, paging, operation, body) as AsyncGenerator<Page>;
  return {
    byPage,
    async *[Symbol.asyncIterator]() {
      for await (const page of pages(fetchPage, paging, operation, body)) {
        yield* itemsOf(page, paging, operation) as Item[];
      }
    },
  };
}

/** Yields each page of the operation, starting from `body`. */
async function* pages(fetchPage: FetchPage, paging: Paging, operation: string, body: Json): AsyncGenerator<Json> {
  switch (paging.kind) {
    case 'offset':
    case 'total': {
      const count = pageSize(body, paging.count, paging.defaultCount, operation);
      let offset = numberAt(body, paging.offset) ?? 0;
      for (;;) {
        const page = await fetchPage(setAt(setAt(body, paging.count, count), paging.offset, offset));
        yield page;
        const items = itemsOf(page, paging, operation);
        offset += count;
        if (paging.kind === 'offset' ? items.length < count : offset >= totalOf(page, paging.total, operation)) {
          return;
        }
      }
    }
    case 'cursor': {
      let cursor = body[paging.cursor];
      for (;;) {
        const request = cursor === undefined || cursor === null ? body : { ...body, [paging.cursor]: cursor };
        const page = await fetchPage(request);
        yield page;
        cursor = page[paging.next];
        if (cursor === null || cursor === undefined || itemsOf(page, paging, operation).length === 0) {
          return;
        }
      }
    }
    case 'after-id': {
      const count = pageSize(body, paging.count, paging.defaultCount, operation);
      let after = body[paging.after];
      for (;;) {
        const page = await fetchPage({ ...setAt(body, paging.count, count), [paging.after]: after });
        yield page;
        const items = itemsOf(page, paging, operation);
        if (items.length === 0) {
          return;
        }
        after = (items.at(-1) as Json)[paging.id];
        if (items.length < count) {
          return;
        }
      }
    }
  }
}

/** The page size: the request's, else the spec's default; the paginator sends it explicitly. */
function pageSize(body: Json, path: readonly string[], fallback: number | null, operation: string): number {
  const count = numberAt(body, path) ?? fallback;
  if (count === null || count < 1) {
    throw new TypeError(`paginating POST ${operation} needs ${path.join('.')} >= 1 in the request body`);
  }
  return count;
}

/** The array of items of a page; a page without it is an invalid response. */
function itemsOf(page: Json, paging: Paging, operation: string): unknown[] {
  const items = page[paging.items];
  if (!Array.isArray(items)) {
    throw invalidPage(operation, `no "${paging.items}" array`, page);
  }
  return items;
}

function totalOf(page: Json, field: string, operation: string): number {
  const total = page[field];
  if (typeof total !== 'number') {
    throw invalidPage(operation, `no numeric "${field}"`, page);
  }
  return total;
}

function invalidPage(operation: string, problem: string, page: Json): SvcInvalidResponseError {
  return new SvcInvalidResponseError({
    operation,
    status: 200,
    problem: `a page with ${problem} (its fields: ${Object.keys(page).join(', ') || 'none'}), so paging cannot go on`,
    unparsedBody: '',
  });
}

function numberAt(body: Json, path: readonly string[]): number | undefined {
  let current: unknown = body;
  for (const key of path) {
    current = current !== null && typeof current === 'object' ? (current as Json)[key] : undefined;
  }
  return typeof current === 'number' ? current : undefined;
}

/** A copy of `body` with the value at `path` set, copying each object on the way. */
function setAt(body: Json, path: readonly string[], value: unknown): Json {
  const [key, ...rest] = path;
  if (key === undefined) {
    return body;
  }
  const inner = body[key];
  const child = inner !== null && typeof inner === 'object' ? (inner as Json) : {};
  return { ...body, [key]: rest.length === 0 ? value : setAt(child, rest, value) };
}
