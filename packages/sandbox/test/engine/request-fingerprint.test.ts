import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { requestFingerprint } from '../../src/engine/request-fingerprint.js';

describe('requestFingerprint', () => {
  const body = { idempotency_key: 'k1', amount: '12.34', user: { legal_name: 'A', email_address: 'a@example.com' } };

  it('ignores key order, credentials and null fields', () => {
    const same = {
      user: { email_address: 'a@example.com', legal_name: 'A', routing_number: null },
      secret: 's',
      client_id: 'c',
      amount: '12.34',
      idempotency_key: 'k1',
      origination_account_id: null,
    };
    expect(requestFingerprint('bankTransferCreate', same)).toBe(requestFingerprint('bankTransferCreate', body));
  });

  it('differs when a field, a nested field or the operation differs', () => {
    const base = requestFingerprint('bankTransferCreate', body);
    expect(requestFingerprint('bankTransferCreate', { ...body, amount: '12.35' })).not.toBe(base);
    expect(requestFingerprint('bankTransferCreate', { ...body, user: { legal_name: 'B' } })).not.toBe(base);
    expect(requestFingerprint('processorBankTransferCreate', body)).not.toBe(base);
  });

  it('is the SHA-256 of the operation and the sorted fields, as stored fingerprints were made', () => {
    // Fingerprints are stored with their keys: a different recipe would turn the repeat of a
    // request made before an upgrade into IDEMPOTENCY_KEY_REUSED.
    const stored = createHash('sha256')
      .update(
        '["bankTransferCreate",{"amount":"12.34","idempotency_key":"k1","user":{"email_address":"a@example.com","legal_name":"A"}}]',
      )
      .digest('hex');
    expect(requestFingerprint('bankTransferCreate', { ...body, client_id: 'c', secret: 's' })).toBe(stored);
  });

  it('drops credentials only at the top level', () => {
    const nested = { ...body, user: { ...body.user, secret: 'not a credential here' } };
    expect(requestFingerprint('x', nested)).not.toBe(requestFingerprint('x', body));
  });

  it('keeps array order significant', () => {
    expect(requestFingerprint('x', { a: [1, 2] })).not.toBe(requestFingerprint('x', { a: [2, 1] }));
  });
});
