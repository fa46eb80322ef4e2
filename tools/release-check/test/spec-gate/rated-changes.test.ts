/**
 * The gate's verdicts on pairs of documents with a known change: the real `redocly diff` plus the
 * project's rules. Each case names the change it makes and the rating, rule and operations the
 * gate must report for it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { highestImpact, type RatedChange } from '../../src/spec-gate/rated-changes.js';
import { changedDocument, type Doc, pool, rate } from './documents.js';

interface Case {
  name: string;
  /** Applied to both documents first. */
  both?: (doc: Doc) => void;
  change: (doc: Doc) => void;
  /** The highest impact of the whole diff. */
  impact: 'major' | 'minor' | 'patch' | 'none';
  /** A change that must be among the reported ones (fields compared as given). */
  expect?: Partial<RatedChange>;
}

const cases: Case[] = [
  // Breaking changes in a request.
  {
    name: 'request: a new required field',
    change: (doc) => {
      doc.components.schemas.ItemRemoveRequest.properties.reason = { type: 'string' };
      doc.components.schemas.ItemRemoveRequest.required.push('reason');
    },
    impact: 'major',
    expect: { impact: 'major', rule: 'required-properties-added', targets: ['POST /item/remove'] },
  },
  {
    name: 'request: a narrowed enum',
    change: (doc) => {
      doc.components.schemas.ItemGetRequest.properties.detail.enum = ['basic', 'full'];
    },
    impact: 'major',
    expect: { impact: 'major', rule: 'enum-values-removed', targets: ['POST /item/get'] },
  },
  {
    name: 'request: a removed operation',
    change: (doc) => {
      delete doc.paths['/item/remove'];
    },
    impact: 'major',
    expect: { impact: 'major', rule: 'path-removed', targets: ['POST /item/remove'] },
  },
  {
    name: 'request: a removed field of a closed request object',
    change: (doc) => {
      delete doc.components.schemas.ItemGetRequest.properties.detail;
    },
    impact: 'major',
    expect: { impact: 'major', rule: 'property-removed', targets: ['POST /item/get'] },
  },
  {
    name: 'request: a narrower limit',
    change: (doc) => {
      doc.components.schemas.ItemGetRequest.properties.access_token.maxLength = 64;
    },
    impact: 'major',
    expect: { impact: 'major', rule: 'schema-constraint-changed', targets: ['POST /item/get'] },
  },
  {
    name: 'request: a new required header parameter',
    change: (doc) => {
      doc.paths['/item/list'].post.parameters = [
        { name: 'SVC-Version', in: 'header', required: true, schema: { type: 'string' } },
      ];
    },
    impact: 'major',
    expect: { impact: 'major', rule: 'parameter-became-required', targets: ['POST /item/list'] },
  },
  // Breaking changes in a response.
  {
    name: 'response: a removed required field',
    change: (doc) => {
      delete doc.components.schemas.ItemGetResponse.properties.account_count;
      doc.components.schemas.ItemGetResponse.required = ['item_id', 'status'];
    },
    impact: 'major',
    // ItemGetResponse is also the item of /item/list's `items`.
    expect: { impact: 'major', rule: 'required-properties-removed', targets: ['POST /item/get', 'POST /item/list'] },
  },
  {
    name: 'response: a changed type',
    change: (doc) => {
      doc.components.schemas.ItemGetResponse.properties.account_count = { type: 'string' };
    },
    impact: 'major',
    expect: { impact: 'major', rule: 'schema-type-changed', targets: ['POST /item/get', 'POST /item/list'] },
  },
  {
    name: 'response: a value added to a closed enum (clients may not handle it)',
    change: (doc) => {
      doc.components.schemas.ItemStatus.enum.push('paused');
    },
    impact: 'major',
    // ItemStatus is in /item/list's request too, where a new value alone would be a feature.
    expect: { impact: 'major', rule: 'enum-values-added', targets: ['POST /item/get', 'POST /item/list'] },
  },
  {
    name: 'webhook payload: a value added to a closed enum (the API sends it, like a response)',
    change: (doc) => {
      doc.components.schemas.ItemUpdateWebhook.properties.webhook_code.enum.push('REMOVED');
    },
    impact: 'major',
    expect: { impact: 'major', rule: 'enum-values-added', targets: ['webhook ITEM_UPDATE'] },
  },
  {
    name: "server: a renamed x-environment (the client's environment name)",
    change: (doc) => {
      doc.servers[0]['x-environment'] = 'test';
    },
    impact: 'major',
    expect: { impact: 'major', rule: 'svc/environment-renamed', redoclyImpact: 'patch' },
  },
  // Non-breaking changes.
  {
    name: 'request: a new optional field',
    change: (doc) => {
      doc.components.schemas.ItemRemoveRequest.properties.reason = { type: 'string' };
    },
    impact: 'minor',
    expect: { impact: 'minor', message: 'New optional field', targets: ['POST /item/remove'] },
  },
  {
    name: 'a new operation',
    change: (doc) => {
      doc.paths['/item/refresh'] = { post: { ...doc.paths['/item/remove'].post, operationId: 'itemRefresh' } };
    },
    impact: 'minor',
    expect: { impact: 'minor', message: 'New operation', targets: ['POST /item/refresh'] },
  },
  {
    name: 'request: a value added to an enum (Redocly: patch; the project: a feature)',
    change: (doc) => {
      doc.components.schemas.ItemGetRequest.properties.detail.enum.push('summary');
    },
    impact: 'minor',
    expect: {
      impact: 'minor',
      rule: 'svc/enum-change-is-feature',
      redoclyImpact: 'patch',
      targets: ['POST /item/get'],
    },
  },
  {
    name: 'response: a value removed from an enum (Redocly: patch; the project: a feature)',
    change: (doc) => {
      doc.components.schemas.ItemUpdateWebhook.properties.webhook_code.enum = ['NEW_ACCOUNTS'];
    },
    impact: 'minor',
    expect: { impact: 'minor', rule: 'svc/enum-change-is-feature', targets: ['webhook ITEM_UPDATE'] },
  },
  {
    name: 'response: a value added to an open enum (x-extensible-enum; Redocly sees nothing)',
    change: (doc) => {
      doc.components.schemas.ItemSubtype['x-extensible-enum'].push('cd');
    },
    impact: 'minor',
    expect: {
      impact: 'minor',
      rule: 'svc/extensible-enum-values',
      message: "Known values of an open enum (x-extensible-enum) gained 'cd'.",
      where: 'schema `ItemSubtype`',
      targets: ['POST /item/get', 'POST /item/list'],
    },
  },
  {
    name: 'response: a new optional field',
    change: (doc) => {
      doc.components.schemas.ItemRemoveResponse.properties.removed_at = { type: 'string' };
    },
    impact: 'minor',
    expect: { impact: 'minor', message: 'New optional field', targets: ['POST /item/remove'] },
  },
  {
    name: 'a new tag (Redocly: minor; the project: documentation)',
    change: (doc) => {
      doc.tags.push({ name: 'Webhooks' });
    },
    impact: 'patch',
    expect: { impact: 'patch', rule: 'svc/docs-only', redoclyImpact: 'minor', targets: ['tag `Webhooks`'] },
  },
  {
    name: 'a new named example of an error response (Redocly: minor; the project: documentation)',
    both: (doc) => {
      doc.paths['/item/remove'].post.responses['400'] = {
        description: 'Bad request',
        content: { 'application/json': { examples: { expired: { value: { error_code: 'EXPIRED' } } } } },
      };
    },
    change: (doc) => {
      doc.paths['/item/remove'].post.responses['400'].content['application/json'].examples.unknown = {
        value: { error_code: 'UNKNOWN' },
      };
    },
    impact: 'patch',
    expect: { impact: 'patch', rule: 'svc/docs-only', redoclyImpact: 'minor', targets: ['POST /item/remove'] },
  },
  {
    name: 'a description',
    change: (doc) => {
      doc.components.schemas.ItemGetResponse.properties.item_id.description = 'The Item, as returned.';
    },
    impact: 'patch',
    expect: { impact: 'patch', message: 'Changed description', targets: ['POST /item/get', 'POST /item/list'] },
  },
  { name: 'no change', change: () => {}, impact: 'none' },
];

let results: RatedChange[][] = [];

beforeAll(async () => {
  results = await pool(
    cases.map((testCase) => () => {
      const both = testCase.both ?? (() => {});
      return rate(
        changedDocument(both),
        changedDocument((doc) => {
          both(doc);
          testCase.change(doc);
        }),
      );
    }),
  );
}, 180_000);

describe('rated changes of a pair of documents', () => {
  it.each(cases.map((testCase, index) => [testCase.name, testCase, index] as const))('%s', (_name, testCase, index) => {
    const changes = results[index] ?? [];
    expect(highestImpact(changes), JSON.stringify(changes, null, 2)).toBe(testCase.impact);
    if (testCase.expect) {
      expect(changes).toContainEqual(expect.objectContaining(testCase.expect));
    } else {
      expect(changes).toEqual([]);
    }
  });
});
