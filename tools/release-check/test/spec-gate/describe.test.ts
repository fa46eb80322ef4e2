import { describe, expect, it } from 'vitest';
import { describeChange, placeOf } from '../../src/spec-gate/describe.js';
import { decodePointer } from '../../src/spec-gate/pointer.js';
import { baseDocument } from './documents.js';

const doc = baseDocument();
doc.paths['/item/get'].post.parameters = [{ name: 'SVC-Version', in: 'header', schema: { type: 'string' } }];

describe('placeOf', () => {
  const cases: Array<[string, string, { owner: string; label: string; whole: boolean; operation?: string }]> = [
    [
      'an operation',
      '#/paths/~1item~1get/post',
      { owner: 'operation', label: 'POST /item/get', whole: true, operation: 'POST /item/get' },
    ],
    [
      'a request body field',
      '#/paths/~1item~1get/post/requestBody/content/application~1json/schema/properties/detail',
      { owner: 'operation', label: 'POST /item/get request body `detail`', whole: false, operation: 'POST /item/get' },
    ],
    [
      'a nested response field through an array',
      '#/paths/~1item~1list/post/responses/200/content/application~1json/schema/properties/items/items/properties/status',
      {
        owner: 'operation',
        label: 'POST /item/list response 200 `items[].status`',
        whole: false,
        operation: 'POST /item/list',
      },
    ],
    [
      'a parameter, by name',
      '#/paths/~1item~1get/post/parameters/0/schema',
      { owner: 'operation', label: 'POST /item/get parameter SVC-Version', whole: false, operation: 'POST /item/get' },
    ],
    [
      "an operation's parameter list",
      '#/webhooks/ITEM_UPDATE/post/parameters',
      { owner: 'operation', label: 'webhook ITEM_UPDATE parameters', whole: false, operation: 'webhook ITEM_UPDATE' },
    ],
    [
      'a webhook',
      '#/webhooks/ITEM_UPDATE/post',
      { owner: 'operation', label: 'webhook ITEM_UPDATE', whole: true, operation: 'webhook ITEM_UPDATE' },
    ],
    [
      'a whole component',
      '#/components/schemas/ItemStatus',
      { owner: 'component', label: 'schema `ItemStatus`', whole: true },
    ],
    [
      'a component field',
      '#/components/schemas/ItemGetResponse/properties/status',
      { owner: 'component', label: 'schema `ItemGetResponse.status`', whole: false },
    ],
    ['a tag, by name', '#/tags/0', { owner: 'document', label: 'tag `Items`', whole: true }],
    ['a server, by URL', '#/servers/0', { owner: 'document', label: 'server https://sandbox.example', whole: true }],
    ['anything else', '#/info', { owner: 'document', label: 'info', whole: false }],
  ];
  it.each(cases)('%s', (_name, pointer, want) => {
    expect(placeOf(pointer, doc)).toEqual(want);
  });
});

describe('describeChange', () => {
  const at = (pointer: string) => decodePointer(pointer);
  const cases: Array<[string, Parameters<typeof describeChange>[0], string]> = [
    [
      'enum values gained and lost',
      {
        kind: 'modified',
        property: 'enum',
        segments: at('#/components/schemas/ItemStatus'),
        baseValue: ['a', 'b'],
        revisionValue: ['b', 'c'],
        document: doc,
      },
      "Enum gained values: 'c'; lost values: 'a'",
    ],
    [
      'required properties',
      {
        kind: 'modified',
        property: 'required',
        segments: at('#/components/schemas/X'),
        baseValue: ['a', 'b'],
        revisionValue: ['b', 'c'],
        document: doc,
      },
      "Now required: 'c'; No longer required: 'a'",
    ],
    [
      'a documentation property',
      {
        kind: 'modified',
        property: 'description',
        segments: at('#/info'),
        baseValue: 'a',
        revisionValue: 'b',
        document: doc,
      },
      'Changed description',
    ],
    [
      'a constraint set',
      {
        kind: 'modified',
        property: 'maxLength',
        segments: at('#/components/schemas/X'),
        baseValue: undefined,
        revisionValue: 5,
        document: doc,
      },
      '`maxLength` set to 5',
    ],
    [
      'a constraint changed',
      {
        kind: 'modified',
        property: 'maximum',
        segments: at('#/components/schemas/X'),
        baseValue: 25,
        revisionValue: 10,
        document: doc,
      },
      '`maximum` changed from 25 to 10',
    ],
    [
      'a new required field',
      {
        kind: 'added',
        property: undefined,
        segments: at('#/components/schemas/ItemGetRequest/properties/access_token'),
        baseValue: undefined,
        revisionValue: {},
        document: doc,
      },
      'New required field',
    ],
    [
      'a removed optional field',
      {
        kind: 'removed',
        property: undefined,
        segments: at('#/components/schemas/ItemGetRequest/properties/detail'),
        baseValue: {},
        revisionValue: undefined,
        document: doc,
      },
      'Removed optional field',
    ],
    [
      'a new operation',
      {
        kind: 'added',
        property: undefined,
        segments: at('#/paths/~1item~1new/post'),
        baseValue: undefined,
        revisionValue: {},
        document: doc,
      },
      'New operation',
    ],
    [
      'a removed webhook',
      {
        kind: 'removed',
        property: undefined,
        segments: at('#/webhooks/ITEM_UPDATE/post'),
        baseValue: {},
        revisionValue: undefined,
        document: doc,
      },
      'Removed webhook',
    ],
    [
      'a new component',
      {
        kind: 'added',
        property: undefined,
        segments: at('#/components/examples/ErrorX'),
        baseValue: undefined,
        revisionValue: {},
        document: doc,
      },
      'New example',
    ],
    [
      'a new oneOf branch',
      {
        kind: 'added',
        property: undefined,
        segments: at('#/components/schemas/X/oneOf/2'),
        baseValue: undefined,
        revisionValue: {},
        document: doc,
      },
      'New oneOf branch',
    ],
    [
      'a new response',
      {
        kind: 'added',
        property: undefined,
        segments: at('#/paths/~1item~1get/post/responses/404'),
        baseValue: undefined,
        revisionValue: {},
        document: doc,
      },
      'New response',
    ],
  ];
  it.each(cases)('%s', (_name, change, want) => {
    expect(describeChange(change)).toBe(want);
  });
});
