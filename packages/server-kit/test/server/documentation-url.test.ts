import { afterEach, describe, expect, it } from 'vitest';
import { createApiError } from '../../src/api-error.js';
import { errorDocumentationUrl, setDocumentationBase } from '../../src/documentation-url.js';
import { documentationUrl } from '../../src/generated/error-catalogue.gen.js';

afterEach(() => setDocumentationBase(undefined));

const init = { status: 400, errorType: 'INVALID_REQUEST', errorCode: 'MISSING_FIELDS', message: 'm' } as const;

describe('documentation_url', () => {
  it("is the catalogue's URL of the hosted docs by default", () => {
    expect(createApiError(init).documentation_url).toBe(documentationUrl('INVALID_REQUEST', 'MISSING_FIELDS'));
  });

  it.each([
    ['http://127.0.0.1:4030/', 'http://127.0.0.1:4030/#section/invalid_request'],
    ['http://127.0.0.1:4030', 'http://127.0.0.1:4030/#section/invalid_request'],
  ])('points at the section of the type in the reference served at %s', (base, url) => {
    setDocumentationBase(base);
    expect(createApiError(init).documentation_url).toBe(url);
    expect(errorDocumentationUrl('RATE_LIMIT_EXCEEDED', 'RATE_LIMIT')).toBe(
      url.replace('invalid_request', 'rate_limit_exceeded'),
    );
  });

  it('refuses a base that is not an http(s) URL', () => {
    expect(() => setDocumentationBase('docs')).toThrow(/http\(s\) URL/);
  });
});
