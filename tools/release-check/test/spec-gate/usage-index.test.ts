import { describe, expect, it } from 'vitest';
import { decodePointer, encodePointer, nodeAt } from '../../src/spec-gate/pointer.js';
import { listOperations, UsageIndex } from '../../src/spec-gate/usage-index.js';
import { baseDocument, changedDocument } from './documents.js';

describe('pointers', () => {
  it('round-trip segments with / and ~', () => {
    const segments = ['paths', '/item/get', 'post', 'a~b'];
    expect(encodePointer(segments)).toBe('#/paths/~1item~1get/post/a~0b');
    expect(decodePointer(encodePointer(segments))).toEqual(segments);
    expect(decodePointer('#')).toEqual([]);
    expect(nodeAt(baseDocument(), ['paths', '/item/get', 'post', 'operationId'])).toBe('itemGet');
    expect(nodeAt(baseDocument(), ['paths', '/nope', 'post'])).toBeUndefined();
  });
});

describe('UsageIndex', () => {
  const index = new UsageIndex(
    changedDocument((doc) => {
      doc.paths['/item/get'].parameters = [{ name: 'SVC-Version', in: 'header', schema: { type: 'string' } }];
      // A cycle: an Item may hold Items.
      doc.components.schemas.ItemGetResponse.properties.children = {
        type: 'array',
        items: { $ref: '#/components/schemas/ItemGetResponse' },
      };
    }),
  );

  it('lists operations and webhooks', () => {
    expect(listOperations(baseDocument()).map((operation) => operation.label)).toEqual([
      'POST /item/get',
      'POST /item/list',
      'POST /item/remove',
      'webhook ITEM_UPDATE',
    ]);
    expect(index.has('webhook ITEM_UPDATE')).toBe(true);
    expect(index.has('POST /item/nope')).toBe(false);
  });

  const cases: Array<[string, string, string[]]> = [
    [
      'a schema shared by a request and responses',
      '#/components/schemas/ItemStatus',
      ['POST /item/get', 'POST /item/list'],
    ],
    [
      'a field of a response schema reached through an array',
      '#/components/schemas/ItemGetResponse/properties/account_count',
      ['POST /item/get', 'POST /item/list'],
    ],
    ['a webhook payload', '#/components/schemas/ItemUpdateWebhook/properties/webhook_code', ['webhook ITEM_UPDATE']],
    ['an inline node of one operation', '#/paths/~1item~1remove/post/responses/200', ['POST /item/remove']],
    ['a parameter of the path item', '#/paths/~1item~1get/parameters/0', ['POST /item/get']],
    ['an unused node', '#/info', []],
  ];
  it.each(cases)('%s', (_name, pointer, want) => {
    expect(index.operationsUsing(pointer)).toEqual(want);
  });
});
