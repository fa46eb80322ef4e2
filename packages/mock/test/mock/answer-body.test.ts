// Issue 42: a static answer is serialised once and each request splices in its own request_id.
// What goes out must be byte for byte what sendJson(withOwnIds(body)) sends, log line included.
import type { ServerResponse } from 'node:http';
import { createRequestCore, inject, type LogEntry, sendJson, setDocumentationBase } from '@svc/server-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareAnswer, withOwnIds } from '../../src/mock/answer-body.js';

const REQUEST_ID = 'Ab3dEf6hIj9kLm2';

/** Status, body and headers of a response written by `send`, with its request log line. */
async function written(send: (res: ServerResponse) => void) {
  const logs: LogEntry[] = [];
  const listener = createRequestCore({
    service: 'svc-test',
    openapi: { json: '{}', yaml: '' },
    logger: (entry) => logs.push(entry),
    handle: (_req, res) => send(res),
  });
  const response = await inject(listener, { method: 'POST', url: '/x', body: {} });
  expect(logs).toHaveLength(1);
  const { duration_ms: _, ...log } = logs[0] as LogEntry;
  return { status: response.status, headers: response.headers, body: response.body, log };
}

const error = {
  error_type: 'INVALID_INPUT',
  error_code: 'MISSING_CREDENTIALS',
  error_message: 'missing',
  display_message: null,
  request_id: 'Hi8Jk4mNo5PqRs6',
  documentation_url: 'https://docs.example/errors#invalid_input',
};

afterEach(() => setDocumentationBase(undefined));

describe('prepareAnswer', () => {
  it.each<[string, number, Record<string, string>, unknown]>([
    ['a success with request_id first', 200, {}, { request_id: 'Hi8Jk4mNo5PqRs6', item: { id: 'é', n: [1, 2] } }],
    ['a success with request_id last', 200, {}, { accounts: [], request_id: 'Hi8Jk4mNo5PqRs6' }],
    ['a body without request_id', 200, {}, { removed: true }],
    ['an array', 200, {}, [{ request_id: 'x' }]],
    ['an error example with documentation_url', 401, {}, error],
    [
      'an error with no documentation_url',
      429,
      { 'Retry-After': '30' },
      { error_code: 'RATE_LIMIT_EXCEEDED', request_id: 'x' },
    ],
    ['a body holding the splice marker', 200, {}, { request_id: 'x', note: 'svc-mock-request-id-placeholder' }],
  ])('%s: what sendJson(withOwnIds) writes', async (_name, status, headers, body) => {
    const answer = prepareAnswer(status, headers, body);
    const expected = await written((res) => sendJson(res, status, withOwnIds(body, REQUEST_ID), headers));
    expect(await written((res) => answer(res, REQUEST_ID))).toEqual(expected);
  });

  it('gives each request its own request_id', async () => {
    const answer = prepareAnswer(200, {}, { request_id: 'Hi8Jk4mNo5PqRs6', ok: true });
    const first = await written((res) => answer(res, 'AAAAAAAAAAAAAAA'));
    const second = await written((res) => answer(res, 'BBBBBBBBBBBBBBB'));
    expect(JSON.parse(first.body)).toEqual({ request_id: 'AAAAAAAAAAAAAAA', ok: true });
    expect(JSON.parse(second.body)).toEqual({ request_id: 'BBBBBBBBBBBBBBB', ok: true });
    expect(second.log).toMatchObject({ request_id: 'BBBBBBBBBBBBBBB' });
  });

  it('follows a docs setting changed after it was prepared', async () => {
    const answer = prepareAnswer(401, {}, error);
    setDocumentationBase('http://127.0.0.1:4030/');
    const { body } = await written((res) => answer(res, REQUEST_ID));
    expect(JSON.parse(body).documentation_url).toBe('http://127.0.0.1:4030/#section/invalid_input');
  });
});
