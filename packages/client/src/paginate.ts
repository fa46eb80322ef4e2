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
import { mustBe } from './option-error.js';

type Json = Record<string, unknown>;

/** Fetches one page: the named method of the operation. */
export type FetchPage = (body: Json) => Promise<Json>;

/**
 * Creates the paginator of one call: nothing is fetched until it is iterated. The item iterator
 * reads the items of the pages `byPage()` yields, so the limits and checks live in one place.
 */
export function paginate<Item, Page>(
  fetchPage: FetchPage,
  paging: Paging,
  operation: string,
  body: Json,
  limits: PaginateLimits,
): Paged<Item, Page> {
  const maxPages = checkLimit(limits.maxPages, 'maxPages');
  const maxItems = checkLimit(limits.maxItems, 'maxItems');
  async function* byPage() {
    let left = maxItems;
    for await (const page of pages(fetchPage, paging, operation, body, maxPages)) {
      yield page as Page;
      left -= (page[paging.items] as unknown[]).length;
      if (left <= 0) {
        return;
      }
    }
  }
  return {
    byPage,
    async *[Symbol.asyncIterator]() {
      let left = maxItems;
      for await (const page of byPage()) {
        for (const item of (page as Json)[paging.items] as Item[]) {
          yield item;
          if (--left <= 0) {
            return;
          }
        }
      }
    },
  };
}

/** A `maxPages` / `maxItems` option: a whole number of at least 1, or unlimited. */
function checkLimit(value: number | undefined, name: string): number {
  if (value === undefined) {
    return Infinity;
  }
  return Number.isInteger(value) && value >= 1 ? value : mustBe(name, 'an integer >= 1', value);
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
 * Yields each page of the operation, starting from `body`, at most `maxPages` of them; every
 * page it yields has its items array. The position of a page is its offset, cursor or event id
 * (the page size goes in every request); a page that does not move it on (the same items again, a
 * cursor sent before, an event id that does not advance) stops the paging.
 */
async function* pages(
  fetchPage: FetchPage,
  paging: Paging,
  operation: string,
  body: Json,
  maxPages: number,
): AsyncGenerator<Json> {
  const { kind, items: itemsName, count: countPath, offset, cursor, next, after, id, total } = paging as AnyPaging;
  let count = 0;
  let start = body;
  if (countPath) {
    // The request's page size, else the spec's default; the paginator sends it explicitly.
    count = numberAt(body, countPath) ?? (paging as AnyPaging).defaultCount ?? 0;
    if (!(count >= 1)) {
      mustBe(countPath.join('.'), `>= 1 to page POST ${operation}`, count);
    }
    start = setAt(body, countPath, count);
  }
  // Where the position goes in the request, and the position of the first page.
  const positionPath = offset ?? [(cursor ?? after) as string];
  const field = positionPath.join('.');
  let position = offset ? (numberAt(body, offset) ?? 0) : body[field];
  const sent = new Set([position]);
  let previous: string | undefined;
  for (let fetched = 1; ; fetched++) {
    const page = await fetchPage(position == null ? start : setAt(start, positionPath, position));
    const invalid = (problem: string) =>
      new SvcInvalidResponseError({ operation, status: 200, problem, unparsedBody: '' });
    const unreadable = (problem: string) => invalid(`a page with ${problem} (fields: ${Object.keys(page)})`);
    const stalled = (problem: string) => invalid(`pages that do not advance (page ${fetched}: ${problem})`);
    const items = page[itemsName];
    if (!Array.isArray(items)) {
      throw unreadable(`no "${itemsName}" array`);
    }
    const fingerprint = items.length === 0 ? undefined : JSON.stringify(items);
    let nextId: unknown;
    if (kind === 'after-id') {
      if (items.length > 0) {
        nextId = (items.at(-1) as Json | null)?.[id as string];
        if (typeof nextId !== 'number' && typeof nextId !== 'string') {
          throw unreadable(`a last item without "${id}"`);
        }
        if (nextId === position || (typeof nextId === 'number' && typeof position === 'number' && nextId < position)) {
          throw stalled(`last ${id} ${JSON.stringify(nextId)} is not after ${after} ${JSON.stringify(position)}`);
        }
      }
    } else if (fingerprint !== undefined && fingerprint === previous) {
      // A server that ignores the position answers every page alike: never ending for
      // count/offset, thousands of calls for a large total. Empty pages may repeat (a filter).
      throw stalled(
        `${field} ${JSON.stringify(position)} gave the same ${items.length} ${itemsName} as the page before`,
      );
    }
    yield page;
    previous = fingerprint;
    let done: boolean;
    if (kind === 'cursor') {
      position = page[next as string];
      done = position == null || items.length === 0;
      if (!done && sent.has(position)) {
        throw stalled(`${next} ${JSON.stringify(position)} was already sent as ${cursor}`);
      }
      sent.add(position);
    } else if (kind === 'after-id') {
      position = nextId;
      done = items.length < count;
    } else {
      position = (position as number) + count;
      const pageTotal = total ? page[total] : 0;
      if (typeof pageTotal !== 'number') {
        throw unreadable(`no numeric "${total}"`);
      }
      done = total ? (position as number) >= pageTotal : items.length < count;
    }
    if (done || fetched >= maxPages) {
      return;
    }
  }
}

function numberAt(body: Json, path: readonly string[]): number | undefined {
  let current: unknown = body;
  for (const key of path) {
    current = (current as Json | null)?.[key];
  }
  return typeof current === 'number' ? current : undefined;
}

/** A copy of `body` with the value at `path` set, copying each object on the way. */
function setAt(body: Json, [key, ...rest]: readonly string[], value: unknown): Json {
  const inner = body[key as string];
  return {
    ...body,
    [key as string]:
      rest.length === 0
        ? value
        : setAt(inner !== null && typeof inner === 'object' ? (inner as Json) : {}, rest, value),
  };
}
