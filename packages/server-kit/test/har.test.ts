import { describe, expect, it } from 'vitest';
import { harDocument, harEntry } from '../src/har.js';

const STARTED = new Date('2026-01-15T10:00:00.000Z');

describe('harEntry', () => {
  it('writes a JSON exchange as a HAR 1.2 entry', () => {
    const entry = harEntry({
      startedAt: STARTED,
      durationMs: 12.5,
      method: 'POST',
      url: 'http://127.0.0.1:4020/item/get?debug=1',
      requestHeaders: { 'Content-Type': 'application/json', 'SVC-CLIENT-ID': 'client' },
      requestBody: '{"access_token":"[redacted]"}',
      status: 200,
      responseHeaders: { 'content-type': 'application/json; charset=utf-8' },
      responseBody: '{"request_id":"Ab12Cd34Ef56Gh7","é":1}',
      custom: { requestId: 'Ab12Cd34Ef56Gh7' },
    });
    expect(entry).toEqual({
      startedDateTime: '2026-01-15T10:00:00.000Z',
      time: 12.5,
      request: {
        method: 'POST',
        url: 'http://127.0.0.1:4020/item/get?debug=1',
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: [
          { name: 'Content-Type', value: 'application/json' },
          { name: 'SVC-CLIENT-ID', value: 'client' },
        ],
        queryString: [{ name: 'debug', value: '1' }],
        postData: { mimeType: 'application/json', text: '{"access_token":"[redacted]"}' },
        headersSize: -1,
        bodySize: 29,
      },
      response: {
        status: 200,
        statusText: 'OK',
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: [{ name: 'content-type', value: 'application/json; charset=utf-8' }],
        content: {
          size: 39,
          mimeType: 'application/json; charset=utf-8',
          text: '{"request_id":"Ab12Cd34Ef56Gh7","é":1}',
        },
        redirectURL: '',
        headersSize: -1,
        bodySize: 39,
      },
      cache: {},
      timings: { send: 0, wait: 12.5, receive: 0 },
      _requestId: 'Ab12Cd34Ef56Gh7',
    });
  });

  it('writes an exchange without bodies and without a response', () => {
    const entry = harEntry({ startedAt: STARTED, durationMs: 0, method: 'GET', url: 'http://x.test/', status: 0 });
    expect(entry.request.postData).toBeUndefined();
    expect(entry.response).toMatchObject({
      status: 0,
      statusText: '',
      bodySize: -1,
      content: { size: 0, mimeType: 'x-unknown' },
    });
  });
});

describe('harDocument', () => {
  it('wraps entries in a HAR 1.2 log with its creator', () => {
    expect(harDocument([], { name: 'x', version: '1' })).toEqual({
      log: { version: '1.2', creator: { name: 'x', version: '1' }, entries: [] },
    });
  });
});
