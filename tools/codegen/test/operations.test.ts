import { readFileSync } from 'node:fs';
import { openapiJsonPath } from '@svc/spec';
import { describe, expect, it } from 'vitest';
import {
  describeOperations,
  detectPaging,
  generatedBanner,
  generateOperations,
  jsDoc,
  pagingRule,
  RETRY_NOTES,
  retryPolicy,
} from '../src/index.js';

const bundled = JSON.parse(readFileSync(openapiJsonPath, 'utf8'));

/** A minimal document with one schema per entry of `schemas`. */
function documentWith(schemas: Record<string, unknown>) {
  return { openapi: '3.1.0', components: { schemas } };
}

describe('retryPolicy', () => {
  it.each([
    ['/transfer/get', {}, 'read'],
    ['/transfer/list', {}, 'read'],
    ['/institutions/search', {}, 'read'],
    ['/transfer/event/sync', {}, 'read'],
    ['/transfer/create', { required: ['idempotency_key', 'amount'] }, 'idempotent'],
    ['/transfer/create', { required: ['amount'], properties: { idempotency_key: {} } }, 'unsafe'],
    ['/payment_initiation/payment/reverse', { required: ['payment_id'] }, 'unsafe'],
    ['/item/application/scopes/update', {}, 'unsafe'],
    ['/budget', {}, 'unsafe'],
  ])('%s %j → %s', (path, request, want) => {
    expect(retryPolicy(path, request)).toBe(want);
  });
});

describe('detectPaging', () => {
  const int = { type: 'integer' };
  const array = (items: unknown = { type: 'object' }) => ({ type: 'array', items });

  it.each([
    [
      'count/offset with a short last page',
      { properties: { count: { ...int, default: 25 }, offset: int } },
      { properties: { things: array(), request_id: { type: 'string' } } },
      { kind: 'offset', items: 'things', count: ['count'], offset: ['offset'], defaultCount: 25 },
    ],
    [
      'count/offset in options with a named total',
      { properties: { options: { $ref: '#/components/schemas/Options' } } },
      { properties: { accounts: array(), things: array(), total_things: int } },
      {
        kind: 'total',
        items: 'things',
        total: 'total_things',
        count: ['options', 'count'],
        offset: ['options', 'offset'],
        defaultCount: 100,
      },
    ],
    [
      'top-level count/offset with total',
      { properties: { count: int, offset: int } },
      { properties: { things: array(), total: int } },
      { kind: 'total', items: 'things', total: 'total', count: ['count'], offset: ['offset'], defaultCount: null },
    ],
    [
      'a cursor',
      { properties: { count: int, cursor: { type: 'string' } } },
      { properties: { things: array(), next_cursor: { type: ['string', 'null'] } } },
      { kind: 'cursor', items: 'things', cursor: 'cursor', next: 'next_cursor' },
    ],
    [
      'events after an id',
      { properties: { after_id: int, count: { ...int, default: 25 } } },
      { properties: { events: array({ properties: { event_id: int } }) } },
      { kind: 'after-id', items: 'events', after: 'after_id', id: 'event_id', count: ['count'], defaultCount: 25 },
    ],
    [
      'no paging',
      { properties: { access_token: { type: 'string' } } },
      { properties: { accounts: array() } },
      undefined,
    ],
  ])('%s', (_name, request, response, want) => {
    const document = documentWith({ Options: { properties: { count: { ...int, default: 100 }, offset: int } } });
    expect(detectPaging(document, request, response, 'op')).toEqual(want);
  });

  it('refuses a paged response with several arrays and no total naming one', () => {
    const request = { properties: { count: int, offset: int } };
    const response = { properties: { a: array(), b: array() } };
    expect(() => detectPaging(documentWith({}), request, response, 'fooList (POST /foo/list)')).toThrow(
      'fooList (POST /foo/list): a paged response needs exactly one array of items, found [a, b]',
    );
  });

  it('refuses a total that names no array', () => {
    const request = { properties: { count: int, offset: int } };
    const response = { properties: { things: array(), total_items: int } };
    expect(() => detectPaging(documentWith({}), request, response, 'op')).toThrow('total_items names no array "items"');
  });
});

describe('describeOperations on the bundled spec', () => {
  const operations = describeOperations(bundled);
  const byName = new Map(operations.map((operation) => [operation.name, operation]));

  it('finds every operation', () => {
    expect(operations.map((operation) => operation.path)).toEqual(Object.keys(bundled.paths));
  });

  it('finds exactly the paged operations, with their fields from the spec', () => {
    const paged = Object.fromEntries(
      operations.filter((operation) => operation.paging).map((operation) => [operation.path, operation.paging]),
    );
    expect(paged).toEqual({
      '/transfer/list': { kind: 'offset', items: 'transfers', count: ['count'], offset: ['offset'], defaultCount: 25 },
      '/bank_transfer/list': {
        kind: 'offset',
        items: 'bank_transfers',
        count: ['count'],
        offset: ['offset'],
        defaultCount: 25,
      },
      '/payment_initiation/payment/list': { kind: 'cursor', items: 'payments', cursor: 'cursor', next: 'next_cursor' },
      '/transfer/event/sync': {
        kind: 'after-id',
        items: 'transfer_events',
        after: 'after_id',
        id: 'event_id',
        count: ['count'],
        defaultCount: 25,
      },
      '/bank_transfer/event/sync': {
        kind: 'after-id',
        items: 'bank_transfer_events',
        after: 'after_id',
        id: 'event_id',
        count: ['count'],
        defaultCount: 25,
      },
      '/investments/transactions/get': {
        kind: 'total',
        items: 'investment_transactions',
        total: 'total_investment_transactions',
        count: ['options', 'count'],
        offset: ['options', 'offset'],
        defaultCount: 100,
      },
      '/transactions/get': {
        kind: 'total',
        items: 'transactions',
        total: 'total_transactions',
        count: ['options', 'count'],
        offset: ['options', 'offset'],
        defaultCount: 100,
      },
      '/institutions/get': {
        kind: 'total',
        items: 'institutions',
        total: 'total',
        count: ['count'],
        offset: ['offset'],
        defaultCount: null,
      },
    });
  });

  it('marks only the operations with a required idempotency_key as idempotent', () => {
    expect(
      operations.filter((operation) => operation.retry === 'idempotent').map((operation) => operation.path),
    ).toEqual(['/processor/bank_transfer/create', '/transfer/create', '/bank_transfer/create']);
  });

  it.each([
    '/payment_initiation/payment/create',
    '/payment_initiation/payment/reverse',
    '/transfer/cancel',
    '/bank_transfer/cancel',
    '/transfer/authorization/create',
    '/signal/return/report',
    '/asset_report/audit_copy/create',
  ])('does not retry %s (money-moving or not repeatable, no idempotency key)', (path) => {
    expect(operations.find((operation) => operation.path === path)?.retry).toBe('unsafe');
  });

  it('knows the deprecated operation and the operations whose body may be omitted', () => {
    expect(operations.filter((operation) => operation.deprecated).map((operation) => operation.name)).toEqual([
      'paymentInitiationPaymentTokenCreate',
    ]);
    expect(byName.get('paymentInitiationRecipientList')?.bodyOptional).toBe(true);
    expect(byName.get('transferGet')?.bodyOptional).toBe(false);
  });

  it('refuses a path with something else than one POST', () => {
    const document = { openapi: '3.1.0', paths: { '/x/get': { get: { operationId: 'xGet' } } } };
    expect(() => describeOperations(document)).toThrow('/x/get: every path of this API has exactly one operation');
  });
});

describe('generateOperations', () => {
  const out = generateOperations(bundled);

  it('starts with the banner and writes the table, the methods and the paginators', () => {
    expect(
      out.startsWith(
        generatedBanner('Every operation of the SVC API: path, retry policy, paging, and the typed named methods.'),
      ),
    ).toBe(true);
    expect(out).toContain('  transferCreate: {"path":"/transfer/create","retry":"idempotent"},');
    expect(out).toContain('export interface OperationMethods {');
    expect(out).toContain(
      '  transferGet(body: RequestBody<"transferGet">, options?: CallOptions): Promise<ResponseBody<"transferGet">>;',
    );
    expect(out).toContain(
      '  paymentInitiationRecipientList(body?: RequestBody<"paymentInitiationRecipientList">, options?: CallOptions)',
    );
    expect(out).toContain(
      '  transferList(body?: RequestBody<"transferList">, options?: PaginateOptions): Paged<PageItem<"transferList", "transfers">, ResponseBody<"transferList">>;',
    );
  });

  it('stores the table compactly: paths grouped by first segment, policy marks, names only when not the camelCased path', () => {
    expect(out).toContain('  /* @__PURE__ */ expandOperationTable<OperationEntries>(');
    expect(out).toContain('"item:upublic_token/exchange,uaccess_token/invalidate,');
    expect(out).toContain(' transfer:uauthorization/create,icreate,rget,rlist,ucancel,revent/sync ');
    expect(out).toContain(
      '"transferList":{"kind":"offset","items":"transfers","count":["count"],"offset":["offset"],"defaultCount":25}',
    );
    const renamed = structuredClone(bundled);
    renamed.paths['/transfer/get'].post.operationId = 'fetchTransfer';
    expect(generateOperations(renamed)).toContain(',icreate,rget=fetchTransfer,');
  });

  it('refuses a path it cannot store compactly', () => {
    const odd = structuredClone(bundled);
    odd.paths['/transfer/a,b'] = odd.paths['/transfer/get'];
    expect(() => generateOperations(odd)).toThrow('/transfer/a,b cannot be stored compactly');
  });

  it("puts each operation's summary, description and retry policy in its JSDoc", () => {
    const operation = bundled.paths['/item/public_token/exchange'].post;
    const block = out.slice(
      out.indexOf('export interface OperationMethods'),
      out.indexOf('  itemPublicTokenExchange('),
    );
    expect(block).toContain(`   * ${operation.summary}\n`);
    for (const line of operation.description.trimEnd().split('\n')) {
      expect(block).toContain(line === '' ? '   *\n' : `   * ${line}\n`);
    }
    expect(block).toContain(RETRY_NOTES.unsafe);
    expect(block).toContain('   * @see POST /item/public_token/exchange\n');
  });

  it('marks deprecated operations @deprecated, and only those', () => {
    const deprecated = out.match(/@deprecated/g) ?? [];
    expect(deprecated).toHaveLength(1);
    const index = out.indexOf('@deprecated');
    expect(out.slice(index, out.indexOf('\n  paymentInitiationPaymentTokenCreate(', index) + 40)).toContain(
      'paymentInitiationPaymentTokenCreate(',
    );
  });
});

describe('jsDoc', () => {
  it('escapes what would end the comment or start a tag, and keeps the tags', () => {
    expect(jsDoc(['Title', 'a */ b\n@notatag\n  @indented'], '  ', ['@see x'])).toBe(
      [
        '  /**',
        '   * Title',
        '   *',
        '   * a *\\/ b',
        '   * \\@notatag',
        '   *   \\@indented',
        '   *',
        '   * @see x',
        '   */',
        '',
      ].join('\n'),
    );
  });
});

describe('pagingRule', () => {
  it('says how each style moves on and stops', () => {
    expect(pagingRule({ kind: 'cursor', items: 'p', cursor: 'cursor', next: 'next_cursor' })).toBe(
      'Passes `next_cursor` as the next `cursor` until it is null.',
    );
  });
});
