/**
 * Redaction of request records: every secret and token field of the one list, any `*_token`,
 * `*secret` or `*password` field, and token shapes inside other strings become `[redacted]`;
 * identifiers, other fields and the structure stay; long bodies are cut with a note.
 */
import { describe, expect, it } from 'vitest';
import { MAX_BODY_CHARS, REDACTED, redact, redactedJson, SECRET_FIELDS } from '../../../src/engine/inspector/redact.js';

describe('redact', () => {
  it.each([...SECRET_FIELDS])('redacts the field %s wherever it is', (field) => {
    expect(redact({ [field]: 'value-1', nested: { list: [{ [field]: ['value-2'] }] } })).toEqual({
      [field]: REDACTED,
      nested: { list: [{ [field]: REDACTED }] },
    });
  });

  it.each([
    ['a field ending in _token', { some_new_token: 'x' }, { some_new_token: REDACTED }],
    ['a field ending in _tokens', { link_tokens: ['x', 'y'] }, { link_tokens: REDACTED }],
    ['a field ending in secret (any case)', { ClientSecret: 'x' }, { ClientSecret: REDACTED }],
    ['a field ending in password', { override_password: 'x' }, { override_password: REDACTED }],
    [
      'an access token inside a message',
      { error_message: 'access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6 is not valid' },
      { error_message: `${REDACTED} is not valid` },
    ],
    [
      'every token shape inside strings',
      [
        'public-sandbox-1',
        'processor-sandbox-0asd1-a92nc',
        'bank-account-sandbox-2',
        'assets-sandbox-3',
        'a-sandbox-4',
        'payment-token-sandbox-5',
      ],
      [REDACTED, REDACTED, REDACTED, REDACTED, REDACTED, REDACTED],
    ],
    [
      'identifiers, which are kept',
      {
        item_id: 'Ed6bjNrDLJfGvZWwnkQlfxwoNz54B5C97ejBr',
        payment_id: 'payment-id-sandbox-1',
        recipient_id: 'recipient-id-sandbox-2',
        refund_id: 'wallet-transaction-id-sandbox-3',
        idempotency_key: 'key-1',
        payment_token_expiration_time: '2026-01-01T00:00:00Z',
      },
      null,
    ],
    [
      'a URL with a query string or user info',
      { webhook: 'https://user:pw@hooks.example/h?token=abc', other: 'http://127.0.0.1:4000/x?y=1' },
      { webhook: 'https://***@hooks.example/h?***', other: 'http://127.0.0.1:4000/x?***' },
    ],
    ['a URL without either, which is kept', { webhook: 'https://hooks.example/h' }, null],
    ['null secrets, which stay null', { access_token: null }, { access_token: null }],
    ['scalars', [1, true, null, 'text'], [1, true, null, 'text']],
  ])('handles %s', (_name, input, expected) => {
    expect(redact(input)).toEqual(expected ?? input);
  });

  it('does not change its input', () => {
    const input = { secret: 's', inner: { access_token: 't' } };
    redact(input);
    expect(input).toEqual({ secret: 's', inner: { access_token: 't' } });
  });
});

describe('redactedJson', () => {
  it('serialises the redacted value', () => {
    expect(JSON.parse(redactedJson({ client_id: 'c', secret: 's' }))).toEqual({ client_id: 'c', secret: REDACTED });
  });

  it('cuts a long body and says how long it was', () => {
    const text = redactedJson({ data: 'x'.repeat(MAX_BODY_CHARS * 2) });
    expect(text.length).toBeLessThan(MAX_BODY_CHARS + 100);
    expect(text).toMatch(/… \[cut: \d+ characters in all\]$/);
  });
});
