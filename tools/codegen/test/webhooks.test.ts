import { readFileSync } from 'node:fs';
import { openapiJsonPath } from '@svc/spec';
import { describe, expect, it } from 'vitest';
import { compileCheck, describeWebhooks, generateWebhooks } from '../src/index.js';

const bundled = JSON.parse(readFileSync(openapiJsonPath, 'utf8'));

describe('compileCheck', () => {
  it('keeps validation keywords, drops annotations, turns $ref into ref', () => {
    const refs = new Set<string>();
    const check = compileCheck(
      {
        type: 'object',
        title: 'X',
        description: 'd',
        'x-extensible-enum': ['a'],
        required: ['a'],
        additionalProperties: true,
        properties: {
          a: { type: ['string', 'null'], minLength: 1, pattern: '^a', examples: ['a'] },
          b: { anyOf: [{ $ref: '#/components/schemas/B' }, { type: 'null' }] },
          c: { type: 'array', items: { type: 'integer', format: 'int32', minimum: 1 }, uniqueItems: true },
          d: { type: 'string', format: 'uri', const: 'x', enum: ['x'] },
        },
      },
      '#/components/schemas/X',
      refs,
    );
    expect(check).toEqual({
      type: ['object'],
      required: ['a'],
      properties: {
        a: { type: ['string', 'null'], minLength: 1, pattern: '^a' },
        b: { anyOf: [{ ref: 'B' }, { type: ['null'] }] },
        c: { type: ['array'], items: { type: ['integer'], format: 'int32', minimum: 1 }, uniqueItems: true },
        d: { type: ['string'], format: 'uri', const: 'x', enum: ['x'] },
      },
    });
    expect([...refs]).toEqual(['B']);
  });

  it('turns additionalProperties: false (or a lone unevaluatedProperties: false) into a closed object', () => {
    expect(compileCheck({ additionalProperties: false }, '#', new Set())).toEqual({ additionalProperties: false });
    expect(compileCheck({ unevaluatedProperties: false }, '#', new Set())).toEqual({ additionalProperties: false });
  });

  it.each([
    [{ if: { type: 'string' } }, '#/components/schemas/X/if: keyword "if" is not supported'],
    [{ maxLength: 3 }, '#/components/schemas/X/maxLength: keyword "maxLength" is not supported'],
    [{ oneOf: [{}] }, '#/components/schemas/X/oneOf: keyword "oneOf" is not supported'],
    [{ format: 'email' }, '#/components/schemas/X/format: format "email" is not checked'],
    [{ additionalProperties: { type: 'string' } }, '#/components/schemas/X/additionalProperties: only true or false'],
    [{ $ref: 'other.yaml#/X' }, 'only #/components/schemas/<Name> references are supported'],
    [{ allOf: [{}], unevaluatedProperties: false }, 'unevaluatedProperties: false beside an applicator'],
    [{ properties: { a: false } }, '#/components/schemas/X/properties/a: unsupported schema false'],
  ])('refuses %j, naming where', (schema, error) => {
    expect(() => compileCheck(schema, '#/components/schemas/X', new Set())).toThrow(error);
  });
});

describe('describeWebhooks', () => {
  it('reads each webhook of the spec with its payload component', () => {
    expect(describeWebhooks(bundled).map(({ code, component }) => [code, component])).toEqual([
      ['WEBHOOK_UPDATE_ACKNOWLEDGED', 'WebhookUpdateAcknowledgedWebhook'],
      ['DEFAULT_UPDATE', 'DefaultUpdateWebhook'],
      ['TRANSACTIONS_REMOVED', 'TransactionsRemovedWebhook'],
      ['ITEM_ERROR', 'ItemErrorWebhook'],
      ['PENDING_EXPIRATION', 'PendingExpirationWebhook'],
      ['USER_PERMISSION_REVOKED', 'UserPermissionRevokedWebhook'],
      ['LOGIN_REPAIRED', 'LoginRepairedWebhook'],
      ['TRANSFER_EVENTS_UPDATE', 'TransferEventsUpdateWebhook'],
      ['BANK_TRANSFERS_EVENTS_UPDATE', 'BankTransfersEventsUpdateWebhook'],
    ]);
  });

  it('refuses a payload whose webhook_code const differs from the webhook key', () => {
    const document = {
      openapi: '3.1.0',
      webhooks: {
        A: {
          post: {
            requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/P' } } } },
          },
        },
      },
      components: { schemas: { P: { required: ['webhook_code'], properties: { webhook_code: { const: 'B' } } } } },
    };
    expect(() => describeWebhooks(document)).toThrow('webhook A: P must require webhook_code with const "A"');
  });
});

describe('generateWebhooks', () => {
  it('writes the payload types, the components and the checks of every schema used', () => {
    const out = generateWebhooks(bundled);
    expect(out).toContain('  DEFAULT_UPDATE: components["schemas"]["DefaultUpdateWebhook"];');
    expect(out).toContain('  TRANSACTIONS_REMOVED: "TransactionsRemovedWebhook",');
    // The check of a payload (DefaultUpdateWebhook) is keyed by its webhook_code; those it references by name.
    for (const name of ['DEFAULT_UPDATE', 'EmbeddedError', 'ErrorCode', 'ErrorType', 'RequestId']) {
      expect(out).toMatch(new RegExp(`^  ${name}: \\{`, 'm'));
    }
    expect(out).toMatch(/^ {2}DEFAULT_UPDATE: \{"type":\["object"\],"required":\["webhook_type","webhook_code",/m);
    expect(out).not.toMatch(/^ {2}DefaultUpdateWebhook: \{/m);
  });
});
