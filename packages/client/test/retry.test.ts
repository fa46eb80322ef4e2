import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient, MAX_RETRY_AFTER_MS, SvcApiError, SvcNetworkError, SvcTimeoutError } from '../src/index.js';
import { backoffMs, retryAfterMs, waitBeforeRetryMs } from '../src/retry.js';
import { apiErrorBody, fetchFailed, json, outcomeOf, type Step, scriptedFetch, settle } from './helpers/fake-fetch.js';

const credentials = { clientId: '62b4f1c9a7d3e5001a2b3c4d', secret: '7d3c1f0e9b8a4c2d6e5f4a3b2c1d0e' };
const baseUrl = 'http://127.0.0.1:1';
const ok = () => json(200, { transfer: { id: 't1' }, request_id: 'r' });
const status = (code: number, headers: Record<string, string> = {}) =>
  json(code, apiErrorBody(code, code === 429 ? 'RATE_LIMIT_EXCEEDED' : 'API_ERROR', 'X'), headers);

/** A client over the scripted steps, with the given options. */
function clientWith(steps: Step[], options: { maxRetries?: number; timeoutMs?: number } = {}) {
  const scripted = scriptedFetch(...steps);
  return { client: createClient({ ...credentials, baseUrl, fetch: scripted.fetch, ...options }), ...scripted };
}

/** Each operation kind of the retry policy, with a valid body. */
const read = (client: ReturnType<typeof clientWith>['client']) => client.transferGet({ transfer_id: 't1' });
const unsafe = (client: ReturnType<typeof clientWith>['client']) =>
  client.paymentInitiationPaymentCreate({
    recipient_id: 'recipient-id-sandbox-9b6b4679-914b-445b-9450-efbdb80296f6',
    reference: 'Invoice1234',
    amount: { currency: 'GBP', value: 12.5 },
  });
const idempotent = (client: ReturnType<typeof clientWith>['client']) =>
  client.transferCreate({
    idempotency_key: 'rent-2026-11-alberta',
    access_token: 'access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6',
    account_id: 'BxBXxLj1m4HMXBm9WZZmCWVbPjX16EHwv99vp',
    authorization_id: 'f7a0a7c2-5a69-4e6a-9e1c-9f2b0b3d2c11',
    type: 'debit',
    network: 'ach',
    amount: '12.34',
    ach_class: 'ppd',
    user: { legal_name: 'Alberta Bobbeth Charleson' },
    description: 'Rent payment',
  });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('retry policy', () => {
  it.each([
    ['a read', read, 'read'],
    ['an idempotency-keyed create', idempotent, 'idempotent'],
  ])('retries %s on 500, 502, 503, 429 and network errors, then succeeds', async (_name, call) => {
    const { client, requests } = clientWith([status(500), status(503), ok()], { maxRetries: 3 });
    const { value } = await settle(call(client));
    expect(value).toMatchObject({ request_id: 'r' });
    expect(requests).toHaveLength(3);

    const other = clientWith([status(429), fetchFailed('ECONNRESET'), status(502), ok()], { maxRetries: 3 });
    expect((await settle(call(other.client))).value).toMatchObject({ request_id: 'r' });
    expect(other.requests).toHaveLength(4);
  });

  it('sends the same idempotency_key on every attempt', async () => {
    const { client, requests } = clientWith([status(500), ok()]);
    await settle(idempotent(client));
    expect(requests.map((request) => request.body.idempotency_key)).toEqual([
      'rent-2026-11-alberta',
      'rent-2026-11-alberta',
    ]);
  });

  it.each([
    ['a 500', status(500), SvcApiError],
    ['a 503', status(503), SvcApiError],
    ['a 429', status(429, { 'Retry-After': '1' }), SvcApiError],
    ['a reset connection (the request may have arrived)', fetchFailed('ECONNRESET'), SvcNetworkError],
    ['a network error without a code (browsers)', new TypeError('Failed to fetch'), SvcNetworkError],
    ['a timeout', 'hang' as const, SvcTimeoutError],
  ])('never repeats a money-moving request without idempotency key after %s', async (_name, step, errorClass) => {
    const { client, requests } = clientWith([step, ok()], { maxRetries: 5, timeoutMs: 1000 });
    const { error } = await settle(unsafe(client));
    expect(error).toBeInstanceOf(errorClass);
    expect(requests).toHaveLength(1);
  });

  it.each(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'])(
    'retries a money-moving request when %s proves it never left',
    async (code) => {
      const { client, requests } = clientWith([fetchFailed(code), ok()]);
      const { value } = await settle(unsafe(client));
      expect(value).toMatchObject({ request_id: 'r' });
      expect(requests).toHaveLength(2);
    },
  );

  it('does not retry 4xx answers other than 429', async () => {
    const { client, requests } = clientWith([json(400, apiErrorBody(400, 'INVALID_REQUEST', 'MISSING_FIELDS')), ok()]);
    const { error } = await settle(read(client));
    expect(error).toBeInstanceOf(SvcApiError);
    expect(requests).toHaveLength(1);
  });

  it('stops after maxRetries and throws the last error', async () => {
    const { client, requests } = clientWith([status(500)], { maxRetries: 2 });
    const { error } = await settle(read(client));
    expect(error).toMatchObject({ kind: 'api', status: 500, error_type: 'API_ERROR' });
    expect(requests).toHaveLength(3);
  });

  it('does not retry at all with maxRetries 0', async () => {
    const { client, requests } = clientWith([status(503), ok()], { maxRetries: 0 });
    expect((await settle(read(client))).error).toBeInstanceOf(SvcApiError);
    expect(requests).toHaveLength(1);
  });

  it('takes maxRetries per call', async () => {
    const { client, requests } = clientWith([status(503)], { maxRetries: 0 });
    await settle(client.transferGet({ transfer_id: 't1' }, { maxRetries: 4 }));
    expect(requests).toHaveLength(5);
  });

  it('retries the raw path-typed surface too, and returns the final response', async () => {
    const { client, requests } = clientWith([status(500), ok()]);
    const { value } = await settle(client.POST('/transfer/get', { body: { transfer_id: 't1' } }));
    expect(value?.response.status).toBe(200);
    expect(requests).toHaveLength(2);
  });

  it('treats a path it does not know as unsafe', async () => {
    const { client, requests } = clientWith([status(500), ok()]);
    const post = client.POST as unknown as (path: string, init: object) => Promise<{ response: Response }>;
    const { value } = await settle(post('/not/in/the/spec', { body: {} }));
    expect(value?.response.status).toBe(500);
    expect(requests).toHaveLength(1);
  });
});

describe('waiting between attempts', () => {
  it('honours Retry-After in seconds', async () => {
    const { client, requests } = clientWith([status(429, { 'Retry-After': '7' }), ok()]);
    await settle(read(client));
    const [first, second] = requests;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBe(7000);
  });

  it('honours Retry-After as an HTTP date', async () => {
    const when = new Date(Date.now() + 12_000).toUTCString();
    const { client, requests } = clientWith([status(503, { 'Retry-After': when }), ok()]);
    await settle(read(client));
    const wait = (requests[1]?.at ?? 0) - (requests[0]?.at ?? 0);
    expect(wait).toBeGreaterThanOrEqual(11_000);
    expect(wait).toBeLessThanOrEqual(12_000);
  });

  it(`does not wait for a Retry-After over ${MAX_RETRY_AFTER_MS} ms: throws it with retryAfterMs`, async () => {
    const { client, requests } = clientWith([status(429, { 'Retry-After': '3600' }), ok()]);
    const { error } = await settle(read(client));
    expect(error).toMatchObject({ kind: 'api', status: 429, retryAfterMs: 3_600_000 });
    expect(requests).toHaveLength(1);
  });

  it('backs off exponentially with jitter', async () => {
    const { client, requests } = clientWith([status(500), status(500), status(500), ok()], { maxRetries: 3 });
    await settle(read(client));
    const waits = requests.slice(1).map((request, i) => request.at - (requests[i]?.at ?? 0));
    expect(waits[0]).toBeGreaterThanOrEqual(250);
    expect(waits[0]).toBeLessThanOrEqual(500);
    expect(waits[1]).toBeGreaterThanOrEqual(500);
    expect(waits[1]).toBeLessThanOrEqual(1000);
    expect(waits[2]).toBeGreaterThanOrEqual(1000);
    expect(waits[2]).toBeLessThanOrEqual(2000);
  });

  it('stops waiting when the caller aborts, with the caller reason', async () => {
    const { client, requests } = clientWith([status(503, { 'Retry-After': '30' }), ok()]);
    const controller = new AbortController();
    const call = outcomeOf(client.transferGet({ transfer_id: 't1' }, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(1000);
    expect(requests).toHaveLength(1);
    controller.abort(new Error('user went away'));
    const { error } = await call;
    expect((error as Error).message).toBe('user went away');
    expect(requests).toHaveLength(1);
  });
});

describe('time limits', () => {
  it('aborts an attempt after timeoutMs and throws SvcTimeoutError once retries are spent', async () => {
    const { client, requests } = clientWith(['hang'], { timeoutMs: 2000, maxRetries: 1 });
    const { error } = await settle(read(client));
    expect(error).toBeInstanceOf(SvcTimeoutError);
    expect(error).toMatchObject({
      kind: 'timeout',
      timeoutMs: 2000,
      attempts: 2,
      operation: '/transfer/get',
      status: null,
    });
    expect((error as Error).message).toBe(
      'POST /transfer/get got no response within 2000 ms (attempts: 2); the server may still have performed it',
    );
    expect(requests).toHaveLength(2);
  });

  it('says the status arrived when only the body is late (a slow body), not that no response came', async () => {
    // Headers at once, then a body that never finishes until the attempt is aborted.
    const slowBody = (request: Request) =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"request_id":'));
            request.signal.addEventListener('abort', () => controller.error(request.signal.reason), { once: true });
          },
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      );
    const { client } = clientWith([slowBody], { timeoutMs: 2000, maxRetries: 0 });
    const { error } = await settle(read(client));
    expect(error).toBeInstanceOf(SvcTimeoutError);
    expect(error).toMatchObject({ kind: 'timeout', status: 200, attempts: 1 });
    expect((error as Error).message).toBe(
      'POST /transfer/get got HTTP 200 but not its whole body within 2000 ms (attempts: 1)',
    );
  });

  it('retries a read after a timeout', async () => {
    const { client, requests } = clientWith(['hang', ok()], { timeoutMs: 2000 });
    expect((await settle(read(client))).value).toMatchObject({ request_id: 'r' });
    expect(requests).toHaveLength(2);
  });

  it('counts the response body in the time limit', async () => {
    const stalledBody = () =>
      new Response(new ReadableStream({ start: (controller) => controller.enqueue(new TextEncoder().encode('{')) }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    const { client } = clientWith([stalledBody], { timeoutMs: 500, maxRetries: 0 });
    expect((await settle(read(client))).error).toBeInstanceOf(SvcTimeoutError);
  });

  it('takes timeoutMs per call', async () => {
    const { client } = clientWith(['hang'], { timeoutMs: 60_000, maxRetries: 0 });
    const { error } = await settle(client.transferGet({ transfer_id: 't1' }, { timeoutMs: 50 }));
    expect(error).toMatchObject({ kind: 'timeout', timeoutMs: 50 });
  });

  it.each([
    ['client-wide', { timeoutMs: Number.POSITIVE_INFINITY }, undefined],
    ['per call', { timeoutMs: 1000 }, { timeoutMs: Number.POSITIVE_INFINITY }],
  ])(
    'runs an attempt without a time limit (%s timeoutMs: Infinity): no timer, no signal',
    async (_name, options, call) => {
      const seen: Request[] = [];
      let answer: (response: Response) => void = () => {};
      const fetch = (request: Request) => {
        seen.push(request);
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      };
      const client = createClient({ ...credentials, baseUrl, fetch, maxRetries: 0, ...options });
      let settled = false;
      const outcome = outcomeOf(client.transferGet({ transfer_id: 't1' }, call)).finally(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(30 * 24 * 3_600_000);
      expect(vi.getTimerCount()).toBe(0);
      expect(settled).toBe(false);
      expect(seen).toHaveLength(1);
      // The request carries no abort signal of the client's: nothing can abort it.
      expect(seen[0]?.signal.aborted).toBe(false);
      answer(ok());
      expect((await outcome).value).toMatchObject({ request_id: 'r' });
    },
  );

  it('still stops at once when the caller aborts an attempt without a time limit', async () => {
    const { client } = clientWith(['deaf'], { timeoutMs: Number.POSITIVE_INFINITY });
    const controller = new AbortController();
    const call = outcomeOf(client.transferGet({ transfer_id: 't1' }, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(10);
    controller.abort(new Error('cancelled by the user'));
    expect(((await call).error as Error).message).toBe('cancelled by the user');
  });

  it('gives fetch the abort signal of the attempt, which the time limit aborts', async () => {
    const { client, requests } = clientWith(['hang'], { timeoutMs: 2000, maxRetries: 0 });
    const { error } = await settle(read(client));
    expect(error).toBeInstanceOf(SvcTimeoutError);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.signal?.aborted).toBe(true);
  });

  it('gives fetch an abort signal that the caller aborts, with the caller reason', async () => {
    const { client, requests } = clientWith(['hang']);
    const controller = new AbortController();
    const call = outcomeOf(client.transferGet({ transfer_id: 't1' }, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(10);
    expect(requests[0]?.signal?.aborted).toBe(false);
    const reason = new Error('cancelled by the user');
    controller.abort(reason);
    expect((await call).error).toBe(reason);
    expect(requests[0]?.signal?.reason).toBe(reason);
  });

  it("shows the attempt's abort signal as the request's signal, for a fetch that reads it there", async () => {
    const seen: Request[] = [];
    const fetch = (request: Request) => {
      seen.push(request);
      return new Promise<Response>((_, reject) => {
        request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
      });
    };
    const client = createClient({ ...credentials, baseUrl, fetch, timeoutMs: 2000, maxRetries: 0 });
    const { error } = await settle(read(client));
    expect(error).toBeInstanceOf(SvcTimeoutError);
    expect(seen[0]?.signal.aborted).toBe(true);
  });

  it('times out a fetch that ignores its abort signal', async () => {
    const { client } = clientWith(['deaf'], { timeoutMs: 300, maxRetries: 0 });
    expect((await settle(read(client))).error).toBeInstanceOf(SvcTimeoutError);
  });

  it('gives a fetch that reads its abort signal only after the time limit passed an aborted one', async () => {
    let late: { signal?: AbortSignal } | undefined;
    const fetch = (_request: Request, init?: { signal?: AbortSignal }) => {
      late = init;
      return new Promise<Response>(() => {});
    };
    const client = createClient({ ...credentials, baseUrl, fetch, timeoutMs: 300, maxRetries: 0 });
    expect((await settle(read(client))).error).toBeInstanceOf(SvcTimeoutError);
    expect(late?.signal?.aborted).toBe(true);
  });

  it('stops at once when the caller aborts, even if the fetch ignores its signal', async () => {
    const { client } = clientWith(['deaf']);
    const controller = new AbortController();
    const call = outcomeOf(client.transferGet({ transfer_id: 't1' }, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(10);
    controller.abort(new Error('cancelled by the user'));
    expect(((await call).error as Error).message).toBe('cancelled by the user');
  });

  it('rejects with the caller reason when the caller aborts during an attempt', async () => {
    const { client } = clientWith(['hang']);
    const controller = new AbortController();
    const call = outcomeOf(client.transferGet({ transfer_id: 't1' }, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(10);
    controller.abort(new Error('cancelled by the user'));
    expect(((await call).error as Error).message).toBe('cancelled by the user');
  });
});

describe('network errors', () => {
  it('throws SvcNetworkError with the system code and the attempts made', async () => {
    const { client } = clientWith([fetchFailed('ECONNRESET', 'read ECONNRESET')], { maxRetries: 1 });
    const { error } = await settle(read(client));
    expect(error).toBeInstanceOf(SvcNetworkError);
    expect(error).toMatchObject({ kind: 'network', code: 'ECONNRESET', attempts: 2, operation: '/transfer/get' });
    expect((error as Error).message).toContain('fetch failed: read ECONNRESET');
    expect((error as Error).message).toBe(
      'POST /transfer/get got no response (ECONNRESET): fetch failed: read ECONNRESET (attempts: 2)',
    );
  });
});

describe('retry arithmetic', () => {
  it.each([
    [1, 0, 250],
    [1, 1, 500],
    [2, 0, 500],
    [3, 1, 2000],
    [5, 1, 8000],
    [9, 1, 8000],
  ])('backoffMs(retry %i, random %d) = %i', (retry, random, want) => {
    expect(backoffMs(retry, () => random)).toBe(want);
  });

  it.each([
    [null, null],
    ['3', 3000],
    [' 0 ', 0],
    ['soon', null],
    ['Wed, 21 Oct 2015 07:28:10 GMT', 10_000],
    ['Wed, 21 Oct 2015 07:27:00 GMT', 0],
  ])('retryAfterMs(%j) = %j', (value, want) => {
    expect(retryAfterMs(value, Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(want);
  });

  it('waits at least the backoff and at least Retry-After, and never past the cap', () => {
    expect(waitBeforeRetryMs(1, 0, () => 1)).toBe(500);
    expect(waitBeforeRetryMs(1, 4000, () => 1)).toBe(4000);
    expect(waitBeforeRetryMs(1, MAX_RETRY_AFTER_MS + 1)).toBeNull();
  });
});
