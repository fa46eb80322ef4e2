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

/** Every field of every kind of {@link Paging}, each optional: one loop serves them all. */
type AnyPaging = Paging & {
  count?: readonly string[];
  offset?: readonly string[];
  defaultCount?: number | null;
  total?: string;
  cursor?: string;
  next?: string;
  after?: string;
  id?: string;
};

/**
 * Yields each page of the operation, starting from `body`, at most `maxPages` of them. The
 * position of a page is its offset, cursor or event id; a page that does not move it on (the same
 * items again, a cursor sent before, an event id that does not advance) stops the paging.
 */
async function* pages(
  fetchPage: FetchPage,
  paging: Paging,
  operation: string,
  body: Json,
  maxPages: number,
): AsyncGenerator<Json> {
  const { kind, items: itemsName, count: countPath, offset: offsetPath, cursor, next, after, id } = paging as AnyPaging;
  const count = countPath ? pageSize(body, countPath, (paging as AnyPaging).defaultCount ?? null, operation) : 0;
  const start = countPath ? setAt(body, countPath, count) : body;
  // The name of the request field that holds the position, and the position of the first page.
  const field = offsetPath ? offsetPath.join('.') : ((cursor ?? after) as string);
  let position: unknown = offsetPath ? (numberAt(body, offsetPath) ?? 0) : body[field];
  const sent = new Set([position]);
  let previous: string | undefined;
  let previousPosition: unknown;
  for (let fetched = 1; ; fetched++) {
    const page = await fetchPage(
      offsetPath ? setAt(start, offsetPath, position) : position == null ? start : { ...start, [field]: position },
    );
    const items = itemsOf(page, paging, operation);
    const fingerprint = items.length === 0 ? undefined : JSON.stringify(items);
    let nextId: unknown;
    if (kind === 'after-id') {
      if (items.length > 0) {
        const last = items.at(-1);
        nextId = last !== null && typeof last === 'object' ? (last as Json)[id as string] : undefined;
        if (typeof nextId !== 'number' && typeof nextId !== 'string') {
          throw invalidPage(operation, `a last item without "${id}"`, page);
        }
        if (nextId === position || (typeof nextId === 'number' && typeof position === 'number' && nextId < position)) {
          throw stalled(
            operation,
            fetched,
            `its last ${id} is ${JSON.stringify(nextId)}, not after the ${after} ${JSON.stringify(position)} it was asked for: the server answers the same events again`,
          );
        }
      }
    } else if (fingerprint !== undefined && fingerprint === previous) {
      // A server that ignores the position answers every page alike: never ending for
      // count/offset, thousands of calls for a large total. Empty pages may repeat (a filter).
      const before = offsetPath ? `${field} ${previousPosition}` : 'the page before';
      throw stalled(
        operation,
        fetched,
        `${field} ${JSON.stringify(position)} gave the same ${items.length} ${itemsName} as ${before}: the server ignores ${field}`,
      );
    }
    yield page;
    previous = fingerprint;
    previousPosition = position;
    let done: boolean;
    if (kind === 'cursor') {
      position = page[next as string];
      done = position == null || items.length === 0;
      if (!done && sent.has(position)) {
        throw stalled(
          operation,
          fetched,
          `${next} ${JSON.stringify(position)} was already sent as ${cursor}: the server answers the same pages again`,
        );
      }
      sent.add(position);
    } else if (kind === 'after-id') {
      position = nextId;
      done = items.length < count;
    } else {
      position = (position as number) + count;
      done =
        kind === 'offset'
          ? items.length < count
          : (position as number) >= totalOf(page, (paging as AnyPaging).total as string, operation);
    }
    if (done || fetched >= maxPages) {
      return;
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
