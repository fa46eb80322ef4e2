/**
 * Small synthetic OpenAPI 3.1 documents shaped like the API (POST operations with JSON bodies,
 * shared schemas, a webhook, servers with `x-environment`, tags), and a way to rate the changes
 * between two of them with the real `redocly diff`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RatedChange, rateChanges } from '../../src/spec-gate/rated-changes.js';
import { diffBundles } from '../../src/spec-gate/redocly.js';

// biome-ignore lint/suspicious/noExplicitAny: test documents are edited freely by each case.
export type Doc = Record<string, any>;

const json = (schema: string) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } });

/** A POST operation with a request and a response schema. */
function operation(operationId: string, request: string, response: string) {
  return {
    operationId,
    tags: ['Items'],
    requestBody: { required: true, content: json(request) },
    responses: { '200': { description: 'OK', content: json(response) } },
  };
}

/** The base document: four operations, one webhook, shared `ItemStatus` and `ItemSubtype`. */
export function baseDocument(): Doc {
  return {
    openapi: '3.1.0',
    info: { title: 'Synthetic', version: '0.1.0' },
    servers: [{ url: 'https://sandbox.example', 'x-environment': 'sandbox' }],
    tags: [{ name: 'Items', description: 'Items.' }],
    paths: {
      '/item/get': { post: operation('itemGet', 'ItemGetRequest', 'ItemGetResponse') },
      '/item/list': { post: operation('itemList', 'ItemListRequest', 'ItemListResponse') },
      '/item/remove': { post: operation('itemRemove', 'ItemRemoveRequest', 'ItemRemoveResponse') },
    },
    webhooks: {
      ITEM_UPDATE: {
        post: {
          operationId: 'itemUpdate',
          requestBody: { required: true, content: json('ItemUpdateWebhook') },
          responses: { '200': { description: 'Received.' } },
        },
      },
    },
    components: {
      schemas: {
        ItemGetRequest: {
          type: 'object',
          unevaluatedProperties: false,
          required: ['access_token'],
          properties: {
            access_token: { type: 'string', description: 'The Item token.' },
            detail: { type: 'string', enum: ['basic', 'full', 'audit'] },
          },
        },
        ItemGetResponse: {
          type: 'object',
          required: ['item_id', 'status', 'account_count'],
          properties: {
            item_id: { type: 'string', description: 'The Item.' },
            status: { $ref: '#/components/schemas/ItemStatus' },
            account_count: { type: 'integer' },
            subtype: { $ref: '#/components/schemas/ItemSubtype' },
          },
        },
        ItemListRequest: {
          type: 'object',
          unevaluatedProperties: false,
          properties: { status: { $ref: '#/components/schemas/ItemStatus' } },
        },
        ItemListResponse: {
          type: 'object',
          required: ['items'],
          properties: { items: { type: 'array', items: { $ref: '#/components/schemas/ItemGetResponse' } } },
        },
        ItemRemoveRequest: {
          type: 'object',
          unevaluatedProperties: false,
          required: ['access_token'],
          properties: { access_token: { type: 'string' } },
        },
        ItemRemoveResponse: { type: 'object', properties: { removed: { type: 'boolean' } } },
        ItemUpdateWebhook: {
          type: 'object',
          required: ['webhook_code', 'item_id'],
          properties: {
            webhook_code: { type: 'string', enum: ['NEW_ACCOUNTS', 'ERROR'] },
            item_id: { type: 'string' },
          },
        },
        ItemStatus: { type: 'string', enum: ['active', 'closed'] },
        ItemSubtype: { type: 'string', 'x-extensible-enum': ['checking', 'savings'] },
      },
    },
  };
}

/** `baseDocument()` changed by `change`. */
export function changedDocument(change: (doc: Doc) => void): Doc {
  const doc = baseDocument();
  change(doc);
  return doc;
}

/** Rates the changes from `base` to `revision` with `redocly diff` and the project's rules. */
export async function rate(base: Doc, revision: Doc): Promise<RatedChange[]> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-spec-gate-test-'));
  try {
    writeFileSync(join(dir, 'base.json'), JSON.stringify(base));
    writeFileSync(join(dir, 'revision.json'), JSON.stringify(revision));
    const changes = await diffBundles(join(dir, 'base.json'), join(dir, 'revision.json'), dir);
    return rateChanges(changes, base, revision);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs `tasks` with at most `limit` at a time (each `redocly diff` is a Node process). */
export async function pool<T>(tasks: Array<() => Promise<T>>, limit = 3): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next;
      next += 1;
      results[index] = await (tasks[index] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}
