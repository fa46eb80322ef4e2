/**
 * Redaction of request records: every secret and token field of the one list, any `*_token`,
 * `*secret` or `*password` field, and token shapes inside other strings become `[redacted]`;
 * identifiers, other fields and the structure stay; long bodies are cut with a note.
 */
import fc from 'fast-check';
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

  it('returns a body with nothing to redact as it is, without copying it', () => {
    const input = { transfer: { id: 't-1', amounts: ['1.00', { value: 2 }] }, status: 'pending', none: null };
    expect(redact(input)).toBe(input);
  });

  it('copies only the path to what it redacts, sharing every unchanged member', () => {
    const unchanged = { id: 't-1', list: [1, 2] };
    const input = { transfer: unchanged, items: [unchanged, { access_token: 't' }], secret: 's' };
    const redacted = redact(input) as typeof input;
    expect(redacted).toEqual({ transfer: unchanged, items: [unchanged, { access_token: REDACTED }], secret: REDACTED });
    expect(redacted.transfer).toBe(unchanged);
    expect(redacted.items[0]).toBe(unchanged);
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

  it('keeps the text already made of a value with nothing to redact, and serialises anew one with something', () => {
    // The listener hands over the answer's JSON text as sent; a spaced text shows which was used.
    const clean = { transfer: { id: 't-1', amount: '12.34' } };
    const sent = JSON.stringify(clean, null, 1);
    expect(redactedJson(clean, sent)).toBe(sent);
    const secret = { client_id: 'c', secret: 's' };
    expect(redactedJson(secret, JSON.stringify(secret, null, 1))).toBe(`{"client_id":"c","secret":"${REDACTED}"}`);
    const long = { data: 'x'.repeat(MAX_BODY_CHARS * 2) };
    expect(redactedJson(long, JSON.stringify(long))).toBe(redactedJson(long));
  });
});

describe('redact on the parsed value', () => {
  const SECRET = 'caller-own-secret-value';

  it.each([
    ['a secret holding an object', { secret: { v: SECRET } }],
    ['a secret holding a list of objects', { secret: [{ v: SECRET }] }],
    ['a name with a trailing space', { 'secret ': SECRET }],
    ['a name in another case with punctuation', { 'Client-Secret': SECRET }],
    ['a name after a key ending in a backslash', { 'a\\': [' ', ':'], secret: SECRET }],
    ['a name ending in a backslash', { 'secret\\': SECRET }],
    ['a name holding a quote', { 'x"': 1, secret: SECRET }],
    ['a nested override_password', { options: { override_password: SECRET } }],
    ['an override_password holding an object', { options: { override_password: { p: SECRET } } }],
    ['a secret inside a list inside a list', [[{ access_token: SECRET }]]],
  ])('hides %s', (_name, body) => {
    expect(redactedJson(body)).not.toContain(SECRET);
  });

  /** Names that spell a secret as the redaction must read them. */
  const secretName = fc.oneof(
    fc.constantFrom(...SECRET_FIELDS),
    fc
      .tuple(
        fc.constantFrom('secret', 'client_secret', 'password', 'access_token', 'override_password'),
        fc.constantFrom('', ' ', '\\', '  ', '\t', '"'),
      )
      .map(([name, tail]) => name + tail),
    fc.string().map((prefix) => `${prefix}_token`),
    fc.constantFrom('SECRET', 'Secret ', ' password', 'Access-Token'),
  );
  /** A JSON value with the secret planted under a secret name somewhere inside. */
  const bodyWithSecret = fc
    .tuple(
      fc.jsonValue({ maxDepth: 3 }),
      secretName,
      fc.oneof(fc.constant(SECRET), fc.constant({ v: SECRET }), fc.constant([SECRET])),
      fc.array(fc.string(), { maxLength: 3 }),
    )
    .map(([noise, name, secret, path]) => {
      let planted: unknown = { [name]: secret, noise };
      for (const key of path) {
        planted = { [key]: planted, other: noise };
      }
      return planted;
    });

  it('never lets a planted secret through (property)', () => {
    fc.assert(
      fc.property(bodyWithSecret, (body) => {
        expect(redactedJson(body)).not.toContain(SECRET);
      }),
      { numRuns: 2000, seed: 37 },
    );
  });

  it('keeps a body without secrets, tokens or URLs as it was (property)', () => {
    const plain = fc
      .jsonValue({ maxDepth: 3 })
      .filter((value) => !/token|secret|password|-sandbox-|http/i.test(JSON.stringify(value)));
    fc.assert(
      fc.property(plain, (body) => {
        expect(JSON.parse(redactedJson(body))).toEqual(JSON.parse(JSON.stringify(body)));
      }),
      { numRuns: 1000, seed: 37 },
    );
  });
});
