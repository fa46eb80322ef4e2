// Issue 13: against the mock, which answers every page with the same example, the paginators ran
// forever (`transferList({ count: 1 })`, a repeated cursor) or for thousands of calls up to a
// large `total` (`institutionsGet` with the spec's own example: about 6,000 requests). Each must
// now stop at once with a clear error, or finish.

import { readFileSync } from 'node:fs';
import { createClient, isSvcError, type PagedOperationName } from '@svc/client';
import { startMock } from '@svc/mock';
import { listOperations, type OpenApiDocument, requestExamples } from '@svc/openapi-kit';
import { openapiJsonPath } from '@svc/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractCredentials } from '../src/credentials.js';

const document = JSON.parse(readFileSync(openapiJsonPath, 'utf8')) as OpenApiDocument;
const exampleOf = (operationId: string) => {
  const entry = listOperations(document).find((candidate) => candidate.operationId === operationId);
  return (entry ? requestExamples(document, entry)[0]?.value : undefined) as Record<string, unknown> | undefined;
};
/** Far more requests than a stopped paginator makes; the fake network refuses beyond it. */
const REQUEST_BUDGET = 20;

let url = '';
let stop: () => Promise<void> = async () => {};

beforeAll(async () => {
  const mock = await startMock({ port: 0 });
  url = mock.url;
  stop = () => mock.stop();
}, 60_000);

afterAll(() => stop());

/** A client on the mock that counts its requests and refuses more than the budget. */
function countingClient(headers: Record<string, string> = {}) {
  let requests = 0;
  const client = createClient({
    ...contractCredentials(),
    baseUrl: url,
    maxRetries: 0,
    fetch: (request) => {
      requests++;
      if (requests > REQUEST_BUDGET) {
        throw new Error(`more than ${REQUEST_BUDGET} requests: the paginator does not stop`);
      }
      for (const [name, value] of Object.entries(headers)) {
        request.headers.set(name, value);
      }
      return fetch(request);
    },
  });
  return { client, requests: () => requests };
}

async function drain(iterable: AsyncIterable<unknown>): Promise<{ items: number; error: unknown }> {
  let items = 0;
  try {
    for await (const _item of iterable) {
      items++;
    }
    return { items, error: undefined };
  } catch (error) {
    return { items, error };
  }
}

describe('paginators against the mock stop instead of running on', () => {
  it.each<[string, PagedOperationName, Record<string, unknown> | undefined, Record<string, string>]>([
    ['institutionsGet with the spec example (total 11,982)', 'institutionsGet', exampleOf('institutionsGet'), {}],
    ['transferList with count 1', 'transferList', { count: 1 }, {}],
    [
      'paymentInitiationPaymentList with a repeated cursor',
      'paymentInitiationPaymentList',
      {},
      { Prefer: 'example=firstPageOfOne' },
    ],
    ['transferEventSync with count 1', 'transferEventSync', { after_id: 0, count: 1 }, {}],
  ])('%s: two requests, then a clear error', async (_name, operation, body, headers) => {
    const { client, requests } = countingClient(headers);
    const paginate = client.paginate[operation] as (body: unknown) => AsyncIterable<unknown>;
    const { items, error } = await drain(paginate(body));
    expect(isSvcError(error, 'invalid_response'), String(error)).toBe(true);
    expect((error as Error).message).toContain('pages that do not advance');
    expect(requests()).toBe(2);
    expect(items).toBeGreaterThan(0);
  });

  it('every paginator ends within the budget on its spec example, with maxPages as the caller bound', async () => {
    const operations = Object.keys(
      createClient({ ...contractCredentials(), baseUrl: url }).paginate,
    ) as PagedOperationName[];
    expect(operations.length).toBeGreaterThan(5);
    for (const operation of operations) {
      const { client, requests } = countingClient();
      const paginate = client.paginate[operation] as (body: unknown, options: object) => AsyncIterable<unknown>;
      const { error } = await drain(paginate(exampleOf(operation) ?? {}, { maxPages: 5 }));
      expect(error === undefined || isSvcError(error, 'invalid_response'), `${operation}: ${String(error)}`).toBe(true);
      expect(requests(), operation).toBeLessThanOrEqual(5);
    }
  });
});
