import { readFileSync } from 'node:fs';
import { createDocumentValidator, jsonContent, namedExamples, type OpenApiDocument } from '@svc/openapi-kit';
import { openapiJsonPath } from '@svc/spec';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { webhookChecks, webhookComponents, webhookPayloadChecks } from '../src/generated/webhooks.gen.js';
import { parseWebhook, SvcWebhookError, type WebhookPayload, type WebhookPayloads } from '../src/index.js';

const document = JSON.parse(readFileSync(openapiJsonPath, 'utf8')) as OpenApiDocument;
const validator = createDocumentValidator(document);
const codes = Object.keys(webhookComponents) as (keyof WebhookPayloads)[];

/** The named examples of a webhook's payload in the spec. */
function examplesOf(code: string): Record<string, unknown>[] {
  const operation = document.webhooks?.[code]?.post;
  return namedExamples(document, jsonContent(document, operation?.requestBody)).map(
    (example) => example.value as Record<string, unknown>,
  );
}

/** The error `parseWebhook` throws for `body`. */
function rejection(body: Parameters<typeof parseWebhook>[0]): SvcWebhookError {
  try {
    parseWebhook(body);
  } catch (error) {
    if (error instanceof SvcWebhookError) {
      return error;
    }
    throw error;
  }
  throw new Error('expected parseWebhook to throw');
}

const embeddedError = {
  error_type: 'ITEM_ERROR',
  error_code: 'ITEM_LOGIN_REQUIRED',
  error_message: 'the login details of this item have changed',
  display_message: null,
  causes: [],
  status: 400,
  documentation_url: 'https://docs.svc.example/errors/item#item_login_required',
  suggested_action: null,
};

/** Wrong values tried on each field (and on fields of the embedded error). */
const WRONG_VALUES: unknown[] = [
  null,
  0,
  -1,
  1.5,
  2 ** 31,
  '',
  'x',
  'not a url',
  'lower_case',
  [],
  ['a', 'a'],
  {},
  true,
];
const ERROR_VARIANTS: unknown[] = [
  embeddedError,
  { ...embeddedError, request_id: 'Zx9Qm2Lp4Rt8Wv1' },
  { ...embeddedError, request_id: '' },
  { ...embeddedError, status: null },
  { ...embeddedError, status: 'four hundred' },
  { ...embeddedError, error_type: 'NOT_A_TYPE' },
  { ...embeddedError, error_code: 'item_login_required' },
  { ...embeddedError, documentation_url: 'docs' },
  { ...embeddedError, causes: [1] },
  Object.fromEntries(Object.entries(embeddedError).filter(([key]) => key !== 'causes')),
];

/** Bodies derived from a valid example: one field removed, replaced, or added each time. */
function variants(example: Record<string, unknown>): unknown[] {
  const out: unknown[] = [example, { ...example, extra_field: 'allowed: payloads may grow' }];
  for (const key of Object.keys(example)) {
    if (key === 'webhook_code') {
      continue;
    }
    out.push(Object.fromEntries(Object.entries(example).filter(([name]) => name !== key)));
    for (const value of WRONG_VALUES) {
      out.push({ ...example, [key]: value });
    }
  }
  for (const error of ERROR_VARIANTS) {
    out.push({ ...example, error });
  }
  out.push(
    { ...example, new_webhook_url: 'https://hooks.example.com/svc?x=1%20' },
    { ...example, new_webhook_url: 'https://hooks.example.com/%zz' },
    { ...example, removed_transactions: ['a', 'b'] },
    { ...example, removed_transactions: ['a', ''] },
    { ...example, new_transactions: 2147483647 },
  );
  return out;
}

describe('parseWebhook', () => {
  it('has checks for every webhook of the spec', () => {
    expect(codes.sort()).toEqual(Object.keys(document.webhooks ?? {}).sort());
  });

  it('has a check for every payload, and for every component a check references (the interpreter relies on it)', () => {
    expect(Object.keys(webhookPayloadChecks).sort()).toEqual([...codes].sort());
    const refs = new Set<string>();
    JSON.stringify([webhookPayloadChecks, webhookChecks], (key, value) => {
      if (key === 'ref') {
        refs.add(value);
      }
      return value;
    });
    expect(refs.size).toBeGreaterThan(3);
    expect([...refs].filter((name) => !Object.hasOwn(webhookChecks, name))).toEqual([]);
  });

  for (const code of codes) {
    describe(code, () => {
      const examples = examplesOf(code);

      it('has examples in the spec', () => {
        expect(examples.length).toBeGreaterThan(0);
      });

      it('accepts each spec example as text, bytes and parsed JSON', () => {
        for (const example of examples) {
          const text = JSON.stringify(example);
          const bytes = new TextEncoder().encode(text);
          for (const body of [text, bytes, bytes.buffer, Buffer.from(text), example]) {
            expect(parseWebhook(body as Parameters<typeof parseWebhook>[0])).toEqual(example);
          }
        }
      });

      it('agrees with Ajv on the schema for every variant of the examples', () => {
        const pointer = `#/components/schemas/${webhookComponents[code]}`;
        const disagreements: string[] = [];
        let rejected = 0;
        for (const example of examples) {
          for (const body of variants(example)) {
            const ajv = validator.validate(pointer, body);
            let ours: string[] = [];
            try {
              parseWebhook(body as Record<string, unknown>);
            } catch (error) {
              ours = error instanceof SvcWebhookError ? [...error.problems] : [String(error)];
            }
            if (ajv.valid !== (ours.length === 0)) {
              disagreements.push(
                `${JSON.stringify(body)}: ajv ${JSON.stringify(ajv.errors)}, ours ${JSON.stringify(ours)}`,
              );
            }
            rejected += ours.length > 0 ? 1 : 0;
          }
        }
        expect(disagreements).toEqual([]);
        expect(rejected).toBeGreaterThan(50);
      });
    });
  }

  it.each([
    ['text that is not JSON', '{"webhook_code": ', 'INVALID_JSON', /the body is not JSON/],
    ['bytes that are not UTF-8', new Uint8Array([0xff, 0xfe, 0x7b]), 'INVALID_JSON', /not UTF-8/],
    ['an array', '[1,2]', 'NOT_AN_OBJECT', /must be a JSON object, got an array/],
    ['null', 'null', 'NOT_AN_OBJECT', /must be a JSON object, got null/],
    ['no webhook_code', '{"item_id":"x"}', 'UNKNOWN_WEBHOOK_CODE', /must have a string webhook_code \(one of /],
    [
      'an unknown webhook_code',
      '{"webhook_code":"NEW_ACCOUNTS_AVAILABLE"}',
      'UNKNOWN_WEBHOOK_CODE',
      /"NEW_ACCOUNTS_AVAILABLE" is not one/,
    ],
  ])('rejects %s with a clear typed error', (_name, body, reason, message) => {
    const error = rejection(body);
    expect(error.kind).toBe('webhook');
    expect(error.reason).toBe(reason);
    expect(error.message).toMatch(message);
  });

  it('names every field that is wrong, by JSON pointer', () => {
    const error = rejection({
      webhook_type: 'TRANSACTIONS',
      webhook_code: 'TRANSACTIONS_REMOVED',
      item_id: 'eVBnVMp7zdTJLkRNr33Rs6zr7KNJqBFL9DrE6',
      environment: 'staging',
      error: null,
      removed_transactions: ['a', 'a', 7],
    });
    expect(error.reason).toBe('INVALID_PAYLOAD');
    expect(error.webhook_code).toBe('TRANSACTIONS_REMOVED');
    expect(error.problems).toEqual([
      '/environment must be one of "sandbox", "development", "production"',
      '/removed_transactions must not contain duplicates',
      '/removed_transactions/2 must be string',
    ]);
    expect(error.message).toContain(
      'invalid TRANSACTIONS_REMOVED webhook body (INVALID_PAYLOAD): /environment must be',
    );
  });

  it('returns a union discriminated by webhook_code', () => {
    const [example] = examplesOf('DEFAULT_UPDATE');
    const webhook: WebhookPayload = parseWebhook(JSON.stringify(example));
    expectTypeOf(webhook.webhook_code).toEqualTypeOf<
      | 'WEBHOOK_UPDATE_ACKNOWLEDGED'
      | 'DEFAULT_UPDATE'
      | 'TRANSACTIONS_REMOVED'
      | 'ITEM_ERROR'
      | 'PENDING_EXPIRATION'
      | 'USER_PERMISSION_REVOKED'
      | 'LOGIN_REPAIRED'
      | 'TRANSFER_EVENTS_UPDATE'
      | 'BANK_TRANSFERS_EVENTS_UPDATE'
    >();
    switch (webhook.webhook_code) {
      case 'DEFAULT_UPDATE':
        expectTypeOf(webhook.new_transactions).toEqualTypeOf<number>();
        expect(webhook.new_transactions).toBeGreaterThan(0);
        break;
      case 'TRANSACTIONS_REMOVED':
        expectTypeOf(webhook.removed_transactions).toEqualTypeOf<string[]>();
        break;
      case 'WEBHOOK_UPDATE_ACKNOWLEDGED':
        expectTypeOf(webhook.new_webhook_url).toEqualTypeOf<string>();
        break;
      case 'PENDING_EXPIRATION':
        expectTypeOf(webhook.consent_expiration_time).toEqualTypeOf<string>();
        break;
    }
  });
});
