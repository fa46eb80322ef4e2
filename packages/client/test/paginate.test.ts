import { describe, expect, it } from 'vitest';
import { createClient, SvcInvalidResponseError } from '../src/index.js';
import { json, scriptedFetch } from './helpers/fake-fetch.js';

const credentials = { clientId: '62b4f1c9a7d3e5001a2b3c4d', secret: '7d3c1f0e9b8a4c2d6e5f4a3b2c1d0e' };
const accessToken = 'access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6';

/** A client whose fake answers each request with `respond(body)`; records the bodies sent. */
function pagedClient(respond: (body: Record<string, unknown>) => Record<string, unknown>) {
  const sent: Record<string, unknown>[] = [];
  const fetch = async (request: Request) => {
    const body = (await request.json()) as Record<string, unknown>;
    sent.push(body);
    return json(200, { ...respond(body), request_id: `req-${sent.length}` });
  };
  return { client: createClient({ ...credentials, baseUrl: 'http://127.0.0.1:1', fetch }), sent };
}

const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ id: `t${from + i}` }));

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) {
    items.push(item);
  }
  return items;
}

describe('count/offset paging (/transfer/list, /bank_transfer/list)', () => {
  /** A server holding `total` transfers, answering count/offset. */
  const server = (total: number) => (body: Record<string, unknown>) => {
    const offset = body.offset as number;
    const count = body.count as number;
    return { transfers: ids(offset, Math.max(0, Math.min(count, total - offset))) };
  };

  it.each([
    ['several pages, the last one short', 60, [0, 25, 50]],
    ['an exact multiple: an empty last page ends it', 50, [0, 25, 50]],
    ['one short page', 3, [0]],
    ['nothing at all: one empty page', 0, [0]],
  ])('%s', async (_name, total, offsets) => {
    const { client, sent } = pagedClient(server(total));
    const items = await collect(client.paginate.transferList({ end_date: '2026-11-30T00:00:00Z' }));
    expect(items.map((item) => item.id)).toEqual(ids(0, total).map((item) => item.id));
    expect(sent).toEqual(offsets.map((offset) => ({ end_date: '2026-11-30T00:00:00Z', count: 25, offset })));
  });

  it('starts at the given offset with the given count', async () => {
    const { client, sent } = pagedClient(server(12));
    const items = await collect(client.paginate.transferList({ count: 5, offset: 4 }));
    expect(items).toHaveLength(8);
    expect(sent.map((body) => body.offset)).toEqual([4, 9]);
  });

  it('pages bank transfers the same way', async () => {
    const { client, sent } = pagedClient((body) => ({
      bank_transfers: (body.offset as number) === 0 ? ids(0, 25) : ids(25, 1),
    }));
    expect(await collect(client.paginate.bankTransferList({ direction: 'outbound' }))).toHaveLength(26);
    expect(sent.map((body) => [body.offset, body.direction])).toEqual([
      [0, 'outbound'],
      [25, 'outbound'],
    ]);
  });

  it('yields whole responses with byPage()', async () => {
    const { client } = pagedClient(server(30));
    const pages = await collect(client.paginate.transferList().byPage());
    expect(pages.map((page) => [page.transfers.length, page.request_id])).toEqual([
      [25, 'req-1'],
      [5, 'req-2'],
    ]);
  });

  it('fetches nothing until iterated, and stops fetching when the loop stops', async () => {
    const { client, sent } = pagedClient(server(100));
    const paged = client.paginate.transferList();
    expect(sent).toHaveLength(0);
    for await (const transfer of paged) {
      if (transfer.id === 't30') {
        break;
      }
    }
    expect(sent).toHaveLength(2);
  });
});

describe('offset/total paging', () => {
  it('/transactions/get: options.offset += options.count until total_transactions', async () => {
    const { client, sent } = pagedClient((body) => {
      const { offset, count } = body.options as { offset: number; count: number };
      return {
        accounts: [],
        item: {},
        transactions: ids(offset, Math.min(count, 250 - offset)),
        total_transactions: 250,
      };
    });
    const items = await collect(
      client.paginate.transactionsGet({
        access_token: accessToken,
        start_date: '2026-01-01',
        end_date: '2026-11-30',
        options: { account_ids: ['acc'] },
      }),
    );
    expect(items).toHaveLength(250);
    expect(sent.map((body) => body.options)).toEqual([
      { account_ids: ['acc'], count: 100, offset: 0 },
      { account_ids: ['acc'], count: 100, offset: 100 },
      { account_ids: ['acc'], count: 100, offset: 200 },
    ]);
  });

  it('/investments/transactions/get: the same with total_investment_transactions', async () => {
    const { client, sent } = pagedClient((body) => {
      const { offset } = body.options as { offset: number };
      return {
        accounts: [],
        item: {},
        securities: [],
        investment_transactions: ids(offset, offset === 0 ? 2 : 1),
        total_investment_transactions: 3,
      };
    });
    const items = await collect(
      client.paginate.investmentsTransactionsGet({
        access_token: accessToken,
        start_date: '2026-01-01',
        end_date: '2026-11-30',
        options: { count: 2 },
      }),
    );
    expect(items).toHaveLength(3);
    expect(sent.map((body) => (body.options as { offset: number }).offset)).toEqual([0, 2]);
  });

  it('/institutions/get: advances by count through short and empty pages, stops at total', async () => {
    // 7 institutions before filtering; the filter leaves pages of 1, 0 and 2.
    const pages: Record<number, { institution_id: string }[]> = {
      0: [{ institution_id: 'ins_1' }],
      3: [],
      6: [{ institution_id: 'ins_7' }, { institution_id: 'ins_8' }],
    };
    const { client, sent } = pagedClient((body) => ({ institutions: pages[body.offset as number], total: 7 }));
    const items = await collect(client.paginate.institutionsGet({ count: 3, offset: 0, country_codes: ['US'] }));
    expect(items.map((item) => item.institution_id)).toEqual(['ins_1', 'ins_7', 'ins_8']);
    expect(sent.map((body) => body.offset)).toEqual([0, 3, 6]);
  });

  it('/institutions/get with total 0 makes one call', async () => {
    const { client, sent } = pagedClient(() => ({ institutions: [], total: 0 }));
    expect(await collect(client.paginate.institutionsGet({ count: 50, offset: 0, country_codes: ['GB'] }))).toEqual([]);
    expect(sent).toHaveLength(1);
  });

  it('refuses a page without the total, naming it', async () => {
    const { client } = pagedClient(() => ({ institutions: [] }));
    await expect(
      collect(client.paginate.institutionsGet({ count: 3, offset: 0, country_codes: ['US'] })),
    ).rejects.toThrow(SvcInvalidResponseError);
    await expect(
      collect(client.paginate.institutionsGet({ count: 3, offset: 0, country_codes: ['US'] })),
    ).rejects.toThrow('no numeric "total"');
  });
});

describe('cursor paging (/payment_initiation/payment/list)', () => {
  it('passes next_cursor as the next cursor until it is null', async () => {
    const cursors = [undefined, '2026-11-02T10:00:00Z', '2026-11-01T09:00:00Z'];
    const { client, sent } = pagedClient((body) => {
      const page = cursors.indexOf(body.cursor as string | undefined);
      return {
        payments: [{ payment_id: `p${page}` }],
        next_cursor: cursors[page + 1] ?? null,
      };
    });
    const items = await collect(client.paginate.paymentInitiationPaymentList({ count: 1 }));
    expect(items.map((item) => item.payment_id)).toEqual(['p0', 'p1', 'p2']);
    expect(sent).toEqual([
      { count: 1 },
      { count: 1, cursor: '2026-11-02T10:00:00Z' },
      { count: 1, cursor: '2026-11-01T09:00:00Z' },
    ]);
  });

  it('stops on an empty page', async () => {
    const { client, sent } = pagedClient(() => ({ payments: [], next_cursor: '2026-11-02T10:00:00Z' }));
    expect(await collect(client.paginate.paymentInitiationPaymentList())).toEqual([]);
    expect(sent).toEqual([{}]);
  });
});

describe('event sync paging (/transfer/event/sync, /bank_transfer/event/sync)', () => {
  /** A server holding events 1..last, answering after_id/count. */
  const events = (field: string, last: number) => (body: Record<string, unknown>) => {
    const after = body.after_id as number;
    const count = body.count as number;
    const ids = Array.from({ length: Math.max(0, Math.min(count, last - after)) }, (_, i) => after + i + 1);
    return { [field]: ids.map((event_id) => ({ event_id })) };
  };

  it.each([
    ['full pages then a short one', 60, [0, 25, 50]],
    ['an exact multiple: an empty page ends it', 50, [0, 25, 50]],
    ['no event yet', 0, [0]],
  ])('transfer events: %s', async (_name, last, afterIds) => {
    const { client, sent } = pagedClient(events('transfer_events', last));
    const items = await collect(client.paginate.transferEventSync({ after_id: 0 }));
    expect(items.map((item) => item.event_id)).toEqual(Array.from({ length: last }, (_, i) => i + 1));
    expect(sent).toEqual(afterIds.map((after_id) => ({ after_id, count: 25 })));
  });

  it('bank transfer events, resuming after a stored event id with a smaller count', async () => {
    const { client, sent } = pagedClient(events('bank_transfer_events', 17));
    const items = await collect(client.paginate.bankTransferEventSync({ after_id: 10, count: 5 }));
    expect(items.map((item) => item.event_id)).toEqual([11, 12, 13, 14, 15, 16, 17]);
    expect(sent).toEqual([
      { after_id: 10, count: 5 },
      { after_id: 15, count: 5 },
    ]);
  });
});

// Issue 13: against a server that answers every page alike (the mock serves one example per
// operation) the paginators ran forever, or for thousands of calls up to a large total.
describe('pages that do not advance stop the paginator', () => {
  it.each([
    [
      'count/offset: a page repeating the previous one (transferList count 1)',
      (client: ReturnType<typeof pagedClient>['client']) => client.paginate.transferList({ count: 1 }),
      () => ({ transfers: ids(0, 2) }),
      'offset 1 gave the same 2 transfers as the page before',
    ],
    [
      'offset/total: the same page up to a huge total (institutionsGet, the spec example)',
      (client: ReturnType<typeof pagedClient>['client']) =>
        client.paginate.institutionsGet({ count: 2, offset: 0, country_codes: ['US', 'GB'] }),
      () => ({ institutions: [{ institution_id: 'ins_1' }, { institution_id: 'ins_2' }], total: 12_000 }),
      'offset 2 gave the same 2 institutions as the page before',
    ],
    [
      'cursor: a next_cursor sent before',
      (client: ReturnType<typeof pagedClient>['client']) => client.paginate.paymentInitiationPaymentList(),
      (body: Record<string, unknown>) => ({
        payments: [{ payment_id: body.cursor === undefined ? 'p0' : 'p1' }],
        next_cursor: 'c1',
      }),
      'next_cursor "c1" was already sent as cursor',
    ],
    [
      'cursor: the same page for another cursor',
      (client: ReturnType<typeof pagedClient>['client']) => client.paginate.paymentInitiationPaymentList(),
      (body: Record<string, unknown>) => ({
        payments: [{ payment_id: 'p0' }],
        next_cursor: `after-${String(body.cursor ?? 'start')}`,
      }),
      'cursor "after-start" gave the same 1 payments as the page before',
    ],
    [
      'after-id: the same events again',
      (client: ReturnType<typeof pagedClient>['client']) =>
        client.paginate.transferEventSync({ after_id: 0, count: 1 }),
      () => ({ transfer_events: [{ event_id: 1 }, { event_id: 2 }] }),
      'last event_id 2 is not after after_id 2',
    ],
    [
      'after-id: a last event without an id',
      (client: ReturnType<typeof pagedClient>['client']) => client.paginate.bankTransferEventSync({ after_id: 0 }),
      () => ({ bank_transfer_events: [{ event_id: 1 }, { id: 2 }] }),
      'a last item without "event_id"',
    ],
  ])('%s', async (_name, start, respond, problem) => {
    const { client, sent } = pagedClient(respond);
    const error = await collect(start(client) as AsyncIterable<unknown>).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SvcInvalidResponseError);
    expect((error as Error).message).toContain(problem);
    expect(sent.length).toBeLessThanOrEqual(2);
  });

  it('yields no item twice before it stops', async () => {
    const { client } = pagedClient(() => ({ transfers: ids(0, 2) }));
    const seen: unknown[] = [];
    await expect(
      (async () => {
        for await (const transfer of client.paginate.transferList({ count: 2 })) {
          seen.push(transfer.id);
        }
      })(),
    ).rejects.toThrow('pages that do not advance');
    expect(seen).toEqual(['t0', 't1']);
  });

  it('still pages through repeated empty pages before the total (a filter may empty them)', async () => {
    const { client, sent } = pagedClient((body) => ({
      institutions: (body.offset as number) === 6 ? [{ institution_id: 'ins_7' }] : [],
      total: 7,
    }));
    const items = await collect(client.paginate.institutionsGet({ count: 2, offset: 0, country_codes: ['US'] }));
    expect(items).toEqual([{ institution_id: 'ins_7' }]);
    expect(sent.map((body) => body.offset)).toEqual([0, 2, 4, 6]);
  });
});

describe('maxPages and maxItems', () => {
  const endless = (body: Record<string, unknown>) => ({ transfers: ids(body.offset as number, body.count as number) });

  it('fetches at most maxPages pages', async () => {
    const { client, sent } = pagedClient(endless);
    expect(await collect(client.paginate.transferList({ count: 3 }, { maxPages: 2 }))).toHaveLength(6);
    expect(sent).toHaveLength(2);
  });

  it('yields at most maxItems items and fetches no page beyond them', async () => {
    const { client, sent } = pagedClient(endless);
    const items = await collect(client.paginate.transferList({ count: 3 }, { maxItems: 4 }));
    expect(items.map((item) => item.id)).toEqual(['t0', 't1', 't2', 't3']);
    expect(sent).toHaveLength(2);
  });

  it('stops byPage() after the page that reaches maxItems', async () => {
    const { client, sent } = pagedClient(endless);
    const pages = await collect(client.paginate.transferList({ count: 3 }, { maxItems: 4 }).byPage());
    expect(pages).toHaveLength(2);
    expect(sent).toHaveLength(2);
  });

  it('bounds cursor and event paging too', async () => {
    const cursors = pagedClient((body) => ({
      payments: [{ payment_id: String(body.cursor ?? 'p') }],
      next_cursor: `${String(body.cursor ?? '')}x`,
    }));
    expect(await collect(cursors.client.paginate.paymentInitiationPaymentList({}, { maxPages: 3 }))).toHaveLength(3);
    const events = pagedClient((body) => ({
      transfer_events: [{ event_id: (body.after_id as number) + 1 }, { event_id: (body.after_id as number) + 2 }],
    }));
    expect(
      await collect(events.client.paginate.transferEventSync({ after_id: 0, count: 2 }, { maxItems: 5 })),
    ).toHaveLength(5);
    expect(events.sent).toHaveLength(3);
  });

  it('passes the call options on and refuses a limit that is not a whole number >= 1', async () => {
    const { client } = pagedClient(endless);
    for (const limits of [{ maxPages: 0 }, { maxItems: 1.5 }, { maxPages: Number.NaN }]) {
      expect(() => client.paginate.transferList({}, limits)).toThrow(/must be an integer >= 1/);
    }
    expect(await collect(client.paginate.transferList({ count: 1 }, { maxPages: 1, timeoutMs: 1000 }))).toHaveLength(1);
  });

  it('refuses a page size below 1, naming the field and the operation', async () => {
    const { client, sent } = pagedClient(endless);
    for (const [start, message] of [
      [
        () => client.paginate.institutionsGet({ count: 0, offset: 0, country_codes: ['US'] }),
        'count must be >= 1 to page POST /institutions/get, got 0',
      ],
      [
        () =>
          client.paginate.transactionsGet({
            access_token: accessToken,
            start_date: '2024-01-01',
            end_date: '2024-02-01',
            options: { count: 0 },
          }),
        'options.count must be >= 1 to page POST /transactions/get, got 0',
      ],
    ] as const) {
      await expect(collect(start() as AsyncIterable<unknown>)).rejects.toThrow(new TypeError(message));
    }
    expect(sent).toEqual([]);
  });
});

describe('errors while paging', () => {
  it('throws the API error of a failing page', async () => {
    const { fetch } = scriptedFetch(
      json(200, { transfers: ids(0, 25), request_id: 'r' }),
      json(400, {
        error_type: 'INVALID_REQUEST',
        error_code: 'INVALID_FIELD',
        error_message: 'offset too large',
        request_id: 'r2',
      }),
    );
    const client = createClient({ ...credentials, baseUrl: 'http://127.0.0.1:1', fetch });
    await expect(collect(client.paginate.transferList())).rejects.toMatchObject({
      kind: 'api',
      error_code: 'INVALID_FIELD',
    });
  });

  it('refuses a page without the items array', async () => {
    const { client } = pagedClient(() => ({ transfer: [] }));
    await expect(collect(client.paginate.transferList())).rejects.toThrow('no "transfers" array');
  });
});
