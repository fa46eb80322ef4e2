/**
 * The README's examples are the files in test/readme-examples/, included verbatim: this test
 * checks that each README block equals its file, and runs every example against a fake fetch.
 * `tsc --noEmit` type-checks the files (they import '@svc/client' as an application would).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient, operationTable } from '../src/index.js';
import { apiErrorBody, fetchFailed, json, type Step, scriptedFetch, settle } from './helpers/fake-fetch.js';
import { balances } from './readme-examples/errors.js';
import { allTransfers, investmentPages, syncTransferEvents } from './readme-examples/pagination.js';
import { handleWebhook } from './readme-examples/webhooks.js';

const examplesDir = join(import.meta.dirname, 'readme-examples');
const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
const credentials = { clientId: '62b4f1c9a7d3e5001a2b3c4d', secret: '7d3c1f0e9b8a4c2d6e5f4a3b2c1d0e' };
const accessToken = 'access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6';

/** The README blocks marked `<!-- example: <file> -->`, by file name. */
function readmeExamples(): Map<string, string> {
  const blocks = new Map<string, string>();
  for (const match of readme.matchAll(/<!-- example: ([\w.-]+) -->\n```ts\n([\s\S]*?)```/g)) {
    blocks.set(match[1] as string, match[2] as string);
  }
  return blocks;
}

/** A client over scripted answers (for the examples that take a client). */
function clientWith(...steps: Step[]) {
  const scripted = scriptedFetch(...steps);
  return {
    client: createClient({ ...credentials, baseUrl: 'http://127.0.0.1:1', fetch: scripted.fetch }),
    ...scripted,
  };
}

describe('README examples', () => {
  const files = readdirSync(examplesDir).filter((name) => name.endsWith('.ts'));

  it.each(files)('includes %s verbatim', (file) => {
    const block = readmeExamples().get(file);
    expect(block, `README.md has no "<!-- example: ${file} -->" block followed by a ts code block`).toBeDefined();
    expect(block, `the README block of ${file} differs from the file: paste the file into the README`).toBe(
      readFileSync(join(examplesDir, file), 'utf8'),
    );
  });

  it('has no example block without a file', () => {
    expect([...readmeExamples().keys()].sort()).toEqual(files.sort());
  });
});

describe('README tables', () => {
  it('lists the generated retry policy of every operation', () => {
    const rows = [...readme.matchAll(/^\| `(\/[^`]+)` \| `(\w+)` \| (\w+) \|$/gm)].map((match) => [
      match[1],
      match[2],
      match[3],
    ]);
    const want = Object.entries(operationTable).map(([name, info]) => [info.path, name, info.retry]);
    expect(rows, 'the README retry table differs from operationTable: regenerate its rows').toEqual(want);
  });

  it('describes every paginator', () => {
    const section = readme.slice(readme.indexOf('## Pagination'), readme.indexOf('## Webhooks'));
    for (const [name, info] of Object.entries(operationTable)) {
      if ('paging' in info) {
        expect(section, `README "Pagination" does not mention ${name}`).toContain(`\`${name}\``);
        expect(section).toContain(`\`${info.paging.items}\``);
      }
    }
  });
});

describe('README examples run', () => {
  beforeEach(() => {
    vi.stubEnv('SVC_CLIENT_ID', credentials.clientId);
    vi.stubEnv('SVC_SECRET', credentials.secret);
    vi.resetModules();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('first-call: makes a public token, exchanges it, then reads auth and identity with the access token', async () => {
    const publicToken = 'public-sandbox-made-for-this-call';
    const { fetch, requests } = scriptedFetch(
      json(200, { public_token: publicToken, request_id: 'r0' }),
      json(200, { access_token: accessToken, item_id: 'item-1', request_id: 'r1' }),
      json(200, {
        accounts: [{ account_id: 'a1', name: 'Gingham Checking', balances: { current: 110 } }],
        numbers: { ach: [{ account_id: 'a1', routing: '011401533' }] },
        item: {},
        request_id: 'r2',
      }),
      json(200, { accounts: [{}, {}], item: {}, request_id: 'r3' }),
    );
    vi.stubGlobal('fetch', fetch);
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((text) => {
      written.push(String(text));
      return true;
    });
    await import('./readme-examples/first-call.js');
    vi.mocked(process.stdout.write).mockRestore();
    expect(written).toEqual(['item-1 Gingham Checking: 110 011401533\n', '2 accounts with owners\n']);
    expect(requests.map((request) => [request.path, request.body])).toEqual([
      ['/sandbox/public_token/create', { institution_id: 'ins_109508', initial_products: ['auth'] }],
      ['/item/public_token/exchange', { public_token: publicToken }],
      ['/auth/get', { access_token: accessToken }],
      ['/identity/get', { access_token: accessToken }],
    ]);
    expect(requests[0]?.headers.get('SVC-SECRET')).toBe(credentials.secret);
  });

  it('errors: tells each failure apart', async () => {
    const ok = clientWith(json(200, { accounts: [], numbers: {}, item: {}, request_id: 'r' }));
    expect(await balances(ok.client, accessToken)).toEqual({ accounts: [] });

    const relink = clientWith(
      json(400, { ...apiErrorBody(400, 'ITEM_ERROR', 'ITEM_LOGIN_REQUIRED'), display_message: 'Log in again.' }),
    );
    expect(await balances(relink.client, accessToken)).toEqual({ relink: true, message: 'Log in again.' });

    vi.useFakeTimers();
    const limited = createClient({
      ...credentials,
      baseUrl: 'http://127.0.0.1:1',
      maxRetries: 0,
      fetch: scriptedFetch(json(429, apiErrorBody(429, 'RATE_LIMIT_EXCEEDED', 'RATE_LIMIT'), { 'Retry-After': '9' }))
        .fetch,
    });
    expect((await settle(balances(limited, accessToken))).value).toEqual({
      retryInMs: 9000,
      requestId: 'Zx9Qm2Lp4Rt8Wv1',
    });
    const down = createClient({
      ...credentials,
      baseUrl: 'http://127.0.0.1:1',
      maxRetries: 0,
      fetch: scriptedFetch(fetchFailed('ECONNRESET')).fetch,
    });
    expect((await settle(balances(down, accessToken))).value).toEqual({ retryInMs: 5000 });

    const invalid = clientWith(json(400, apiErrorBody(400, 'INVALID_INPUT', 'INVALID_ACCESS_TOKEN')));
    await expect(balances(invalid.client, 'nope')).rejects.toMatchObject({ error_code: 'INVALID_ACCESS_TOKEN' });
  });

  it('retries: retries the idempotent transfer with the same key, never the payment', async () => {
    vi.useFakeTimers();
    const { fetch, requests } = scriptedFetch(
      json(503, apiErrorBody(503, 'API_ERROR', 'INTERNAL_SERVER_ERROR')),
      json(200, { transfer: { id: 'tr-1' }, request_id: 'r' }),
      json(500, apiErrorBody(500, 'API_ERROR', 'INTERNAL_SERVER_ERROR')),
    );
    vi.stubGlobal('fetch', fetch);
    const { payInvoice, payRent } = await import('./readme-examples/retries.js');
    expect((await settle(payRent('f7a0a7c2-5a69-4e6a-9e1c-9f2b0b3d2c11', 'rent-2026-11'))).value).toEqual({
      id: 'tr-1',
    });
    expect(requests.map((request) => request.body.idempotency_key)).toEqual(['rent-2026-11', 'rent-2026-11']);
    // The local sandbox of `npm start`, like every other sample, not the hosted one.
    expect(requests[0]?.origin).toBe('http://127.0.0.1:4020');
    const payment = await settle(payInvoice('recipient-1'));
    expect(payment.error).toMatchObject({ kind: 'api', status: 500 });
    expect(requests.map((request) => request.path)).toEqual([
      '/transfer/create',
      '/transfer/create',
      '/payment_initiation/payment/create',
    ]);
  });

  it('types-and-headers: sends the per-call Prefer header, and reads an error answer without throwing', async () => {
    const { transferStatus, rejectedByMock } = await import('./readme-examples/types-and-headers.js');
    const read = clientWith(json(200, { transfer: { id: 't1', status: 'posted' }, request_id: 'r' }));
    expect(await transferStatus(read.client, { transfer_id: 't1' }, 'posted')).toBe('posted');
    expect(read.requests[0]?.headers.get('Prefer')).toBe('example=posted');
    expect(read.requests[0]?.headers.get('SVC-CLIENT-ID')).toBe(credentials.clientId);

    const rejected = clientWith(json(400, apiErrorBody(400, 'INVALID_INPUT', 'TRANSFER_NOT_FOUND')));
    expect(await rejectedByMock(rejected.client)).toBe('HTTP 400 TRANSFER_NOT_FOUND');
    expect(rejected.requests[0]?.headers.get('Prefer')).toBe('code=400');
  });

  it('pagination: walks transfers, events and investment pages', async () => {
    const newest = { id: 't0', created: '2031-01-30T12:00:00Z' };
    const transfers = clientWith(
      json(200, { transfers: [newest], request_id: 'r' }),
      json(200, {
        transfers: [newest, ...Array.from({ length: 24 }, (_, i) => ({ id: `t${i + 1}` }))],
        request_id: 'r',
      }),
      json(200, { transfers: [{ id: 't25' }], request_id: 'r' }),
    );
    expect(await allTransfers(transfers.client)).toHaveLength(26);
    // The upper bound is the server's newest transfer's time, never this machine's clock.
    expect(transfers.requests.map((request) => [request.body.offset, request.body.end_date])).toEqual([
      [undefined, undefined],
      [0, newest.created],
      [25, newest.created],
    ]);
    expect(await allTransfers(clientWith(json(200, { transfers: [], request_id: 'r' })).client)).toEqual([]);

    const events = clientWith(json(200, { transfer_events: [{ event_id: 41 }, { event_id: 42 }], request_id: 'r' }));
    expect(await syncTransferEvents(events.client, 40)).toBe(42);
    expect(
      events.client &&
        (await syncTransferEvents(clientWith(json(200, { transfer_events: [], request_id: 'r' })).client, 42)),
    ).toBe(42);

    const investments = clientWith(
      json(200, {
        investment_transactions: [{ investment_transaction_id: 'it1' }],
        securities: [{}, {}],
        accounts: [],
        item: {},
        total_investment_transactions: 501,
        request_id: 'r',
      }),
      json(200, {
        investment_transactions: [{ investment_transaction_id: 'it2' }],
        securities: [{}],
        accounts: [],
        item: {},
        total_investment_transactions: 501,
        request_id: 'r',
      }),
    );
    expect(await investmentPages(investments.client, accessToken)).toBe(3);
    expect(investments.requests.map((request) => request.body.options)).toEqual([
      { count: 500, offset: 0 },
      { count: 500, offset: 500 },
    ]);
  });

  it('webhooks: answers each webhook, rejects a bad one, acknowledges an unknown one', async () => {
    const post = (body: unknown) =>
      handleWebhook(new Request('http://127.0.0.1/hooks', { method: 'POST', body: JSON.stringify(body) }));
    const common = { item_id: 'eVBnVMp7zdTJLkRNr33Rs6zr7KNJqBFL9DrE6', error: null, environment: 'sandbox' };

    const update = await post({
      ...common,
      webhook_type: 'TRANSACTIONS',
      webhook_code: 'DEFAULT_UPDATE',
      new_transactions: 3,
    });
    expect(await update.json()).toEqual({ item_id: common.item_id, fetch: 3 });
    const removed = await post({
      ...common,
      webhook_type: 'TRANSACTIONS',
      webhook_code: 'TRANSACTIONS_REMOVED',
      removed_transactions: ['tx1'],
    });
    expect(await removed.json()).toEqual({ item_id: common.item_id, remove: ['tx1'] });
    const acknowledged = await post({
      ...common,
      webhook_type: 'ITEM',
      webhook_code: 'WEBHOOK_UPDATE_ACKNOWLEDGED',
      new_webhook_url: 'https://www.example.com/webhooks/svc-v2',
    });
    expect(acknowledged.status).toBe(204);

    const bad = await post({
      ...common,
      webhook_type: 'TRANSACTIONS',
      webhook_code: 'DEFAULT_UPDATE',
      new_transactions: 0,
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('/new_transactions must be >= 1');
    const unknown = await post({ ...common, webhook_type: 'ITEM', webhook_code: 'ERROR' });
    expect(unknown.status).toBe(202);
    expect(await unknown.text()).toContain('webhook_code "ERROR" is not one of WEBHOOK_UPDATE_ACKNOWLEDGED, ');
  });
});
