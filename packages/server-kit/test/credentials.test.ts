import { readFileSync } from 'node:fs';
import { openapiJsonPath } from '@svc/spec';
import { describe, expect, it } from 'vitest';
import {
  CREDENTIALS,
  malformedCredentialFields,
  missingCredentialsError,
  readCredentials,
} from '../src/credentials.js';
import { validationError } from '../src/validation-error.js';

const headers = { 'svc-client-id': 'hid', 'svc-secret': 'hsecret' };

describe('readCredentials', () => {
  it.each([
    ['both headers', headers, {}, { clientId: 'hid', secret: 'hsecret' }, { clientId: 'header', secret: 'header' }],
    [
      'both body fields',
      {},
      { client_id: 'bid', secret: 'bsecret' },
      { clientId: 'bid', secret: 'bsecret' },
      { clientId: 'body', secret: 'body' },
    ],
    [
      'id in a header, secret in the body',
      { 'svc-client-id': 'hid' },
      { secret: 'bsecret' },
      { clientId: 'hid', secret: 'bsecret' },
      { clientId: 'header', secret: 'body' },
    ],
    [
      'secret in a header, id in the body',
      { 'svc-secret': 'hsecret' },
      { client_id: 'bid' },
      { clientId: 'bid', secret: 'hsecret' },
      { clientId: 'body', secret: 'header' },
    ],
    [
      'both forms (the header wins)',
      headers,
      { client_id: 'bid', secret: 'bsecret' },
      { clientId: 'hid', secret: 'hsecret' },
      { clientId: 'header', secret: 'header' },
    ],
  ])('accepts %s', (_name, given, body, values, sources) => {
    const result = readCredentials(given, body, 'req');
    expect(result).toEqual({ ok: true, credentials: { ...values, sources } });
  });

  it.each([
    ['nothing', {}, {}, ['client_id', 'secret']],
    ['only the id', { 'svc-client-id': 'hid' }, {}, ['secret']],
    ['only the secret, in the body', {}, { secret: 's' }, ['client_id']],
    ['empty headers', { 'svc-client-id': ' ', 'svc-secret': '' }, {}, ['client_id', 'secret']],
  ])('rejects %s with 401 MISSING_CREDENTIALS naming what is missing', (_name, given, body, missing) => {
    const result = readCredentials(given, body, 'req');
    expect(result.ok).toBe(false);
    if (result.ok) {
      return;
    }
    const { error } = result.response;
    expect(error).toMatchObject({
      error_type: 'INVALID_INPUT',
      error_code: 'MISSING_CREDENTIALS',
      status: 401,
      request_id: 'req',
      documentation_url: 'https://docs.svc.example/errors/invalid-input#missing_credentials',
    });
    expect(error.causes.map((cause) => cause.field)).toEqual(missing);
    for (const field of missing) {
      expect(error.error_message).toContain(field);
    }
  });

  it('leaves a body credential of the wrong type to request validation instead of calling it missing', () => {
    const result = readCredentials({}, { client_id: 42, secret: 's' }, 'req');
    expect(result.ok).toBe(true);
  });
});

describe('malformedCredentialFields', () => {
  // Issue 22: the mock said 400 INVALID_FIELD and the sandbox 401 INVALID_API_KEYS for these.
  it.each([
    ['a number', { client_id: 42, secret: 's' }, ['client_id']],
    ['an empty string', { client_id: '', secret: 's' }, ['client_id']],
    ['null', { client_id: null, secret: 's' }, ['client_id']],
    ['an object', { client_id: {}, secret: [] }, ['client_id', 'secret']],
  ])('names a body credential that is %s', (_name, body, fields) => {
    const violations = malformedCredentialFields({}, body);
    expect(violations.map((violation) => violation.path[0])).toEqual(fields);
    expect(validationError(violations, 'req')).toMatchObject({ status: 400, error_code: 'INVALID_FIELD' });
  });

  it('leaves a body field to request validation when its header is sent', () => {
    expect(malformedCredentialFields({ 'svc-client-id': 'abc' }, { client_id: 42, secret: 's' })).toEqual([]);
  });

  it('never quotes a malformed secret', () => {
    const error = validationError(malformedCredentialFields({}, { client_id: 'a', secret: ['s3cr3t-value'] }));
    expect(JSON.stringify(error)).not.toContain('s3cr3t-value');
  });
});

describe('missingCredentialsError', () => {
  // The spec's example of this error is a copy of what a server says (the mock serves it when a
  // 401 is forced): it must be the server's wording, field for field.
  it('is the example ErrorMissingCredentials of the spec, request id aside', () => {
    const document = JSON.parse(readFileSync(openapiJsonPath, 'utf8')) as {
      components: { examples: Record<string, { value: Record<string, unknown> }> };
    };
    const example = document.components.examples.ErrorMissingCredentials?.value;
    const error = missingCredentialsError([CREDENTIALS.clientId, CREDENTIALS.secret], 'Hq7Lw1sNcT0aPzv');
    expect(error).toEqual({ ...example, request_id: 'Hq7Lw1sNcT0aPzv' });
  });
});
