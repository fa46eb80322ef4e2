/**
 * The bindings with a QueryClient and an in-process fake fetch: keys, the calls they make, the
 * abort signal passed through, and the pages of each paging kind.
 */
import { createClient } from '@svc/client';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryBindings, QUERY_KEY_ROOT, queryKeyOf } from '../src/index.js';

const credentials = { clientId: '62b4f1c9a7d3e5001a2b3c4d', secret: '7d3c1f0e9b8a4c2d6e5f4a3b2c1d0e' };

/** What the fake server saw of one request. */
interface Seen {
  path: string;
  body: Record<string, unknown>;
  headers: Headers;
  signal: AbortSignal;
}

/** Bindings over a fake fetch that answers each request with `answer(path, body)`. */
function bindingsWith(answer: (path: string, body: Record<string, unknown>) => unknown | Promise<unknown>) {
  const seen: Seen[] = [];
  const fetch = async (request: Request) => {
    const body = JSON.parse(await request.text()) as Record<string, unknown>;
    const path = new URL(request.url).pathname;
    seen.push({ path, body, headers: request.headers, signal: request.signal });
    const value = await answer(path, body);
    return new Response(JSON.stringify({ request_id: 'r', ...(value as object) }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  const client = createClient({ ...credentials, baseUrl: 'http://127.0.0.1:1', fetch, maxRetries: 0 });
  return { svc: createQueryBindings(client), seen, queryClient: new QueryClient() };
}

describe('query keys', () => {
  it.each([
    [
      'an operation with a body',
      queryKeyOf('transferGet', { transfer_id: 't1' }),
      ['svc', 'transferGet', { transfer_id: 't1' }],
    ],
    ['the prefix of all queries of an operation', queryKeyOf('transferList'), ['svc', 'transferList']],
  ])('%s', (_name, key, want) => {
    expect(key).toEqual(want);
    expect(key[0]).toBe(QUERY_KEY_ROOT);
  });

  it('gives infinite queries a key of their own under the operation prefix', () => {
    const { svc } = bindingsWith(() => ({}));
    const { queryKey } = svc.infiniteQueryOptions('transferList', { count: 2 });
    expect(queryKey).toEqual(['svc', 'transferList', { count: 2 }, 'infinite']);
    expect(queryKey.slice(0, 2)).toEqual(svc.queryKey('transferList'));
  });
});

describe('queries', () => {
  it('calls the named method with the body and the call options, and caches under the key', async () => {
    const { svc, seen, queryClient } = bindingsWith(() => ({ transfer: { id: 't1', status: 'posted' } }));
    const options = svc.queryOptions('transferGet', { transfer_id: 't1' }, { headers: { Prefer: 'example=posted' } });
    const data = await queryClient.fetchQuery(options);
    expect(data).toEqual({ request_id: 'r', transfer: { id: 't1', status: 'posted' } });
    expect(seen[0]).toMatchObject({ path: '/transfer/get', body: { transfer_id: 't1' } });
    expect(seen[0]?.headers.get('Prefer')).toBe('example=posted');
    expect(seen[0]?.headers.get('SVC-CLIENT-ID')).toBe(credentials.clientId);
    expect(queryClient.getQueryData(options.queryKey)?.transfer.status).toBe('posted');
    expect(options.retry).toBe(false);
  });

  it("passes the query's abort signal: cancelling the query aborts the request", async () => {
    let release: () => void = () => {};
    const { svc, seen, queryClient } = bindingsWith(
      () =>
        new Promise((resolve) => {
          release = () => resolve({});
        }),
    );
    const options = svc.queryOptions('transferGet', { transfer_id: 't1' });
    const fetching = queryClient.fetchQuery(options).catch((error: unknown) => error);
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]?.signal.aborted).toBe(false);
    await queryClient.cancelQueries({ queryKey: svc.queryKey('transferGet') });
    expect(seen[0]?.signal.aborted).toBe(true);
    release();
    expect(await fetching).toBeInstanceOf(Error);
  });

  it('makes mutations keyed by operation that call the named method once', async () => {
    const { svc, seen, queryClient } = bindingsWith(() => ({ transfer: { id: 't2' } }));
    const options = svc.mutationOptions('transferCancel');
    expect(options.mutationKey).toEqual(['svc', 'transferCancel']);
    const result = await queryClient.getMutationCache().build(queryClient, options).execute({ transfer_id: 't2' });
    expect(result).toEqual({ request_id: 'r', transfer: { id: 't2' } });
    expect(seen.map((request) => request.body)).toEqual([{ transfer_id: 't2' }]);
  });
});

/** Items `from` .. `to - 1` as `{ id }` objects under `field`. */
const range = (field: string, from: number, to: number, id = 'id') => ({
  [field]: Array.from({ length: Math.max(0, to - from) }, (_, index) => ({ [id]: from + index })),
});

describe('infinite queries over each paging kind', () => {
  it.each([
    [
      'offset (transferList): count/offset until a short page',
      'transferList' as const,
      { count: 2 },
      (body: Record<string, unknown>) => range('transfers', Number(body.offset), Math.min(Number(body.offset) + 2, 5)),
      [
        { count: 2, offset: 0 },
        { count: 2, offset: 2 },
        { count: 2, offset: 4 },
      ],
    ],
    [
      'total (institutionsGet): until offset reaches the total',
      'institutionsGet' as const,
      { count: 2, offset: 0, country_codes: ['US'] },
      (body: Record<string, unknown>) => ({
        ...range('institutions', Number(body.offset), Number(body.offset) + 2, 'institution_id'),
        total: 4,
      }),
      [
        { count: 2, offset: 0, country_codes: ['US'] },
        { count: 2, offset: 2, country_codes: ['US'] },
      ],
    ],
    [
      'cursor (paymentInitiationPaymentList): until next_cursor is null',
      'paymentInitiationPaymentList' as const,
      undefined,
      (body: Record<string, unknown>) =>
        body.cursor === undefined
          ? { payments: [{ payment_id: 'p0' }], next_cursor: 'c1' }
          : { payments: [{ payment_id: 'p1' }], next_cursor: null },
      [{}, { cursor: 'c1' }],
    ],
    [
      'after-id (transferEventSync): the events after the last id, until a short page',
      'transferEventSync' as const,
      { after_id: 10, count: 2 },
      (body: Record<string, unknown>) =>
        range('transfer_events', Number(body.after_id) + 1, Math.min(Number(body.after_id) + 3, 14), 'event_id'),
      [
        { after_id: 10, count: 2 },
        { after_id: 12, count: 2 },
      ],
    ],
  ])('%s', async (_name, operation, body, answer, wantBodies) => {
    const { svc, seen, queryClient } = bindingsWith((_path, requestBody) => answer(requestBody));
    const options = svc.infiniteQueryOptions(operation, body as never);
    const data = await queryClient.fetchInfiniteQuery({ ...options, pages: 10 });
    expect(seen.map((request) => request.body)).toEqual(wantBodies);
    expect(data.pages).toHaveLength(wantBodies.length);
    const last = data.pages.at(-1) as never;
    expect(
      options.getNextPageParam(last, data.pages as never, data.pageParams.at(-1) as never, data.pageParams as never),
    ).toBeUndefined();
  });

  it('ends the pages when a page repeats the one before (a server ignoring the offset)', async () => {
    const { svc, seen, queryClient } = bindingsWith(() => range('transfers', 0, 2));
    const data = await queryClient.fetchInfiniteQuery({
      ...svc.infiniteQueryOptions('transferList', { count: 2 }),
      pages: 10,
    });
    expect(seen).toHaveLength(2);
    expect(data.pages).toHaveLength(2);
  });

  it('ends the pages when a cursor comes back', async () => {
    const { svc, seen, queryClient } = bindingsWith(() => ({ payments: [{ payment_id: 'p' }], next_cursor: 'c1' }));
    await queryClient.fetchInfiniteQuery({ ...svc.infiniteQueryOptions('paymentInitiationPaymentList'), pages: 10 });
    expect(seen.map((request) => request.body)).toEqual([{}, { cursor: 'c1' }]);
  });

  it('refuses a page size below 1, naming the field', () => {
    const { svc } = bindingsWith(() => ({}));
    const options = svc.infiniteQueryOptions('transferList', { count: 0 });
    const queryFn = options.queryFn as (context: { pageParam: number; signal: AbortSignal }) => unknown;
    expect(() => queryFn({ pageParam: 0, signal: new AbortController().signal })).toThrow(
      'an infinite query of /transfer/list needs count >= 1 in the request body',
    );
  });
});
