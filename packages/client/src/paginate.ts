/**
 * Paginators: async iterators that fetch the pages of a paged operation one after the other,
 * following the paging contract the spec states for it (see {@link Paging}). A server that breaks
 * the contract cannot make a paginator run forever: a page that repeats the previous one, a
 * cursor sent before, or an event id that does not advance stops it with an
 * {@link SvcInvalidResponseError}; `maxPages` and `maxItems` bound it further.
 */
import { SvcInvalidResponseError } from './errors.js';
import type { Paging } from './operation-info.js';
import type { Paged, PaginateLimits } from './operation-types.js';

type Json = Record<string, unknown>;

/** Fetches one page: the named method of the operation. */
export type FetchPage = (body: Json) => Promise<Json>;

/** Creates the paginator of one call: nothing is fetched until it is iterated. */
export function paginate<Item, Page>(
  fetchPage: FetchPage,
  paging: Paging,
  operation: string,
  body: Json,
  limits: PaginateLimits = {},
): Paged<Item, Page> {
  const maxPages = checkLimit(limits.maxPages, 'maxPages');
  const maxItems = checkLimit(limits.maxItems, 'maxItems');
  return {
    async *byPage() {
      let items = 0;
      for await (const page of pages(fetchPage, paging, operation, body, maxPages)) {
        yield page as Page;
        items += itemsOf(page, paging, operation).length;
        if (items >= maxItems) {
          return;
        }
      }
    },
    async *[Symbol.asyncIterator]() {
      let left = maxItems;
      for await (const page of pages(fetchPage, paging, operation, body, maxPages)) {
        for (const item of itemsOf(page, paging, operation)) {
          if (left <= 0) {
            return;
          }
          left--;
          yield item as Item;
        }
        if (left <= 0) {
          return;
        }
      }
    },
  };
}

/** A `maxPages` / `maxItems` option: a whole number of at least 1, or unlimited. */
function checkLimit(value: number | undefined, name: string): number {
  if (value === undefined) {
    return Number.POSITIVE_INFINITY;
  }
  if (!(Number.isInteger(value) && value >= 1)) {
    throw new TypeError(`paginate: ${name} must be a whole number >= 1, got ${value}`);
  }
  return value;
}

/** Yields each page of the operation, starting from `body`, at most `maxPages` of them. */
async function* pages(
  fetchPage: FetchPage,
  paging: Paging,
  operation: string,
  body: Json,
  maxPages: number,
): AsyncGenerator<Json> {
  let fetched = 0;
  const fetchNext = async (request: Json) => {
    fetched++;
    return fetchPage(request);
  };
  switch (paging.kind) {
    case 'offset':
    case 'total': {
      const count = pageSize(body, paging.count, paging.defaultCount, operation);
      let offset = numberAt(body, paging.offset) ?? 0;
      let previous: { offset: number; items: string } | undefined;
      for (;;) {
        const page = await fetchNext(setAt(setAt(body, paging.count, count), paging.offset, offset));
        const items = itemsOf(page, paging, operation);
        // A server that ignores the offset answers every page alike: never ending for count/offset,
        // and thousands of calls for a large total. Empty pages may legitimately repeat (a filter).
        const fingerprint = items.length === 0 ? undefined : JSON.stringify(items);
        if (previous !== undefined && fingerprint !== undefined && fingerprint === previous.items) {
          throw stalled(
            operation,
            fetched,
            `${paging.offset.join('.')} ${offset} gave the same ${items.length} ${paging.items} as ${paging.offset.join('.')} ${previous.offset}: the server ignores ${paging.offset.join('.')}`,
          );
        }
        yield page;
        previous = fingerprint === undefined ? undefined : { offset, items: fingerprint };
        offset += count;
        if (paging.kind === 'offset' ? items.length < count : offset >= totalOf(page, paging.total, operation)) {
          return;
        }
        if (fetched >= maxPages) {
          return;
        }
      }
    }
    case 'cursor': {
      let cursor = body[paging.cursor];
      const sent = new Set<unknown>(cursor === undefined || cursor === null ? [] : [cursor]);
      let previous: string | undefined;
      for (;;) {
        const request = cursor === undefined || cursor === null ? body : { ...body, [paging.cursor]: cursor };
        const page = await fetchNext(request);
        const items = itemsOf(page, paging, operation);
        const fingerprint = items.length === 0 ? undefined : JSON.stringify(items);
        if (fingerprint !== undefined && fingerprint === previous) {
          throw stalled(
            operation,
            fetched,
            `${paging.cursor} ${JSON.stringify(cursor)} gave the same ${items.length} ${paging.items} as the page before: the server ignores ${paging.cursor}`,
          );
        }
        previous = fingerprint;
        yield page;
        cursor = page[paging.next];
        if (cursor === null || cursor === undefined || items.length === 0) {
          return;
        }
        if (sent.has(cursor)) {
          throw stalled(
            operation,
            fetched,
            `${paging.next} ${JSON.stringify(cursor)} was already sent as ${paging.cursor}: the server answers the same pages again`,
          );
        }
        sent.add(cursor);
        if (fetched >= maxPages) {
          return;
        }
      }
    }
    case 'after-id': {
      const count = pageSize(body, paging.count, paging.defaultCount, operation);
      let after = body[paging.after];
      for (;;) {
        const page = await fetchNext({ ...setAt(body, paging.count, count), [paging.after]: after });
        const items = itemsOf(page, paging, operation);
        if (items.length === 0) {
          yield page;
          return;
        }
        const last = items.at(-1);
        const next = last !== null && typeof last === 'object' ? (last as Json)[paging.id] : undefined;
        if (typeof next !== 'number' && typeof next !== 'string') {
          throw invalidPage(operation, `a last item without "${paging.id}"`, page);
        }
        if (next === after || (typeof next === 'number' && typeof after === 'number' && next < after)) {
          throw stalled(
            operation,
            fetched,
            `its last ${paging.id} is ${JSON.stringify(next)}, not after the ${paging.after} ${JSON.stringify(after)} it was asked for: the server answers the same events again`,
          );
        }
        yield page;
        after = next;
        if (items.length < count || fetched >= maxPages) {
          return;
        }
      }
    }
  }
}

/** The error of a server whose pages do not advance. */
function stalled(operation: string, pagesFetched: number, problem: string): SvcInvalidResponseError {
  return new SvcInvalidResponseError({
    operation,
    status: 200,
    problem: `pages that do not advance (page ${pagesFetched}: ${problem}), so paging stops instead of running forever`,
    unparsedBody: '',
  });
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
