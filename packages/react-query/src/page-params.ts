/**
 * The page parameters of an infinite query, from the paging contract the client's
 * `operationTable` states for each paged operation: the offset (`offset` / `total`), the cursor
 * (`cursor`) or the last event id (`after-id`, the event syncs). A page that repeats the one
 * before, or a cursor already sent, ends the pages instead of offering the same page again.
 */
import type { Paging } from '@svc/client';

type Json = Record<string, unknown>;

/** A page parameter: an offset, a cursor, or an event id (null: the first page of a cursor). */
export type PageParam = number | string | null;

/** The parameter of the first page: what the request body says, else the start. */
export function initialPageParam(paging: Paging, body: Json): PageParam {
  switch (paging.kind) {
    case 'offset':
    case 'total':
      return numberAt(body, paging.offset) ?? 0;
    case 'cursor':
      return (body[paging.cursor] as PageParam | undefined) ?? null;
    case 'after-id':
      return (body[paging.after] as PageParam | undefined) ?? 0;
  }
}

/** The request body of the page at `param` (the page size is sent explicitly). */
export function pageRequest(paging: Paging, body: Json, param: PageParam, operation: string): Json {
  switch (paging.kind) {
    case 'offset':
    case 'total':
      return setAt(setAt(body, paging.count, pageSize(paging, body, operation)), paging.offset, param);
    case 'cursor':
      return param === null ? body : { ...body, [paging.cursor]: param };
    case 'after-id':
      return { ...setAt(body, paging.count, pageSize(paging, body, operation)), [paging.after]: param };
  }
}

/**
 * The parameter of the page after `page`, or undefined when `page` is the last one (the paging
 * contract says so, or the server does not advance).
 */
export function nextPageParam(
  paging: Paging,
  body: Json,
  page: Json,
  pages: readonly Json[],
  param: PageParam,
  params: readonly PageParam[],
  operation: string,
): PageParam | undefined {
  const items = page[paging.items];
  if (!Array.isArray(items) || items.length === 0) {
    return undefined;
  }
  const previous = pages.at(-2)?.[paging.items];
  if (previous !== undefined && JSON.stringify(previous) === JSON.stringify(items)) {
    return undefined;
  }
  switch (paging.kind) {
    case 'offset':
    case 'total': {
      const count = pageSize(paging, body, operation);
      const next = Number(param) + count;
      const done = paging.kind === 'offset' ? items.length < count : next >= Number(page[paging.total]);
      return done ? undefined : next;
    }
    case 'cursor': {
      const next = page[paging.next];
      return typeof next === 'string' && !params.includes(next) ? next : undefined;
    }
    case 'after-id': {
      const next = (items.at(-1) as Json | null)?.[paging.id];
      if (typeof next !== 'number' && typeof next !== 'string') {
        return undefined;
      }
      const advances = typeof next === 'number' && typeof param === 'number' ? next > param : next !== param;
      return advances && items.length >= pageSize(paging, body, operation) ? next : undefined;
    }
  }
}

/** The page size: the request's, else the spec's default. */
function pageSize(paging: Extract<Paging, { count: readonly string[] }>, body: Json, operation: string): number {
  const count = numberAt(body, paging.count) ?? paging.defaultCount;
  if (count === null || count < 1) {
    throw new TypeError(`an infinite query of ${operation} needs ${paging.count.join('.')} >= 1 in the request body`);
  }
  return count;
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
  return {
    ...body,
    [key]:
      rest.length === 0
        ? value
        : setAt(inner !== null && typeof inner === 'object' ? (inner as Json) : {}, rest, value),
  };
}
