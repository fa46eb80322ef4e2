/**
 * The `x-decimal-places` rule for validators that do not know the keyword (the mock's Prism):
 * it finds the fields of the bundled spec that carry it, and words a violation exactly as the
 * request validator (which knows the keyword through `@svc/openapi-ajv`) does.
 */
import { readFileSync } from 'node:fs';
import { openapiDereferencedJsonPath, openapiJsonPath } from '@svc/spec';
import { describe, expect, it } from 'vitest';
import { createDecimalPlacesCheck, createRequestValidator, validationError } from '../src/index.js';

const document = JSON.parse(readFileSync(openapiJsonPath, 'utf8'));
const check = createDecimalPlacesCheck(document);
const validator = createRequestValidator(JSON.parse(readFileSync(openapiDereferencedJsonPath, 'utf8')));

const SIGNAL = {
  access_token: 'access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6',
  account_id: 'BxBXxLj1m4HMXBm9WZZmCWVbPjX16EHwv99vp',
  client_transaction_id: 'txn-1',
};

describe('createDecimalPlacesCheck', () => {
  it.each([
    ['signalEvaluate', { ...SIGNAL, amount: 102.051 }, ['amount']],
    ['signalEvaluate', { ...SIGNAL, amount: 10.005 }, ['amount']],
    ['paymentInitiationPaymentCreate', { amount: { currency: 'GBP', value: 12.345 } }, ['amount', 'value']],
  ])('%s: finds the field with too many decimal places in %j', (operationId, body, path) => {
    expect(check(operationId, body)).toEqual([
      {
        location: 'body',
        path,
        keyword: 'x-decimal-places',
        message: 'must have at most 2 decimal places',
        value: expect.any(Number),
      },
    ]);
  });

  it.each([
    ['signalEvaluate', { ...SIGNAL, amount: 102.05 }],
    ['signalEvaluate', { ...SIGNAL, amount: 0.07 }],
    ['paymentInitiationPaymentCreate', { amount: { currency: 'EUR', value: 1234567.89 } }],
    ['paymentInitiationPaymentCreate', { amount: 'not an object' }],
    ['itemRemove', { access_token: 'x', amount: 1.234 }],
  ])('%s: nothing to say about %j', (operationId, body) => {
    expect(check(operationId, body)).toEqual([]);
  });

  it('words a violation exactly as the request validator does', () => {
    const body = { ...SIGNAL, amount: 102.051 };
    const fromValidator = validator.validate('signalEvaluate', body, { 'content-type': 'application/json' });
    const fromCheck = check('signalEvaluate', body);
    expect(fromValidator).toHaveLength(1);
    const { request_id: _a, ...viaValidator } = validationError(fromValidator);
    const { request_id: _b, ...viaCheck } = validationError(fromCheck);
    expect(viaCheck).toEqual(viaValidator);
    expect(viaCheck.error_message).toContain('amount must have at most 2 decimal places');
  });
});
