import { describe, expect, it } from 'vitest';
import { processorRefusalError } from '../../../src/features/processor/errors.js';
import {
  balanceFreshnessRefusal,
  type ProcessorRefusal,
  partnerTokenRefusal,
  processorAuthRefusal,
  processorRefusal,
} from '../../../src/features/processor/rules.js';

const CHECKING = { account_id: 'a-1', type: 'depository', subtype: 'checking' };
const CARD = { account_id: 'a-3', type: 'credit', subtype: 'credit card' };
const NOW = new Date('2026-11-25T12:00:00.000Z');

describe('processor rules', () => {
  it.each([
    [CHECKING, null],
    [CARD, { code: 'ACCOUNT_NOT_SUPPORTED', account: CARD, namedBy: 'processor_token', use: 'auth covers' }],
  ])('auth over a processor token of %j', (account, refusal) => {
    expect(processorAuthRefusal(account)).toEqual(refusal);
  });

  it.each([
    [CHECKING, null],
    [
      CARD,
      { code: 'ACCOUNT_NOT_SUPPORTED', account: CARD, namedBy: 'account_id', use: 'partner tokens are issued for' },
    ],
  ])('a partner token for %j', (account, refusal) => {
    expect(partnerTokenRefusal(account, 'partner tokens')).toEqual(refusal);
  });

  it.each([
    ['acme_payments', null],
    ['acme_paymnts', { code: 'INVALID_PROCESSOR', processor: 'acme_paymnts' }],
  ])('processor %s', (processor, refusal) => {
    expect(processorRefusal(processor)).toEqual(refusal);
  });

  it.each([
    [undefined, null],
    ['2026-11-25T11:00:00Z', null],
    ['2026-11-25T12:00:00Z', null],
    [
      '2026-11-25T12:00:01Z',
      {
        code: 'LAST_UPDATED_DATETIME_OUT_OF_RANGE',
        refreshedAt: '2026-11-25T12:00:00.000Z',
        minimum: '2026-11-25T12:00:01Z',
      },
    ],
  ])('min_last_updated_datetime %s', (minimum, refusal) => {
    expect(balanceFreshnessRefusal(minimum, NOW)).toEqual(refusal);
  });

  it.each<[ProcessorRefusal, string, string]>([
    [
      { code: 'ACCOUNT_NOT_SUPPORTED', account: CARD, namedBy: 'processor_token', use: 'auth covers' },
      'INVALID_INPUT',
      'the account behind processor_token is a credit card account; auth covers checking and savings accounts only',
    ],
    [
      { code: 'INVALID_PROCESSOR', processor: 'x' },
      'INVALID_INPUT',
      'processor x is not a supported integration partner',
    ],
    [
      { code: 'LAST_UPDATED_DATETIME_OUT_OF_RANGE', refreshedAt: 'r', minimum: 'm' },
      'INSTITUTION_ERROR',
      'the institution last updated this balance at r, before options.min_last_updated_datetime m',
    ],
  ])('answers %j as its code, worded once', (refusal, type, message) => {
    expect(processorRefusalError(refusal).init).toMatchObject({ type, code: refusal.code, message });
  });
});
