import { describe, expect, it } from 'vitest';
import { isSandboxProcessor, newPartnerBToken, SANDBOX_PROCESSORS } from '../../../src/features/processor/partners.js';

describe('sandbox partners', () => {
  it('accepts 22 well-formed, distinct partner identifiers, the reference example among them', () => {
    expect(SANDBOX_PROCESSORS).toHaveLength(22);
    expect(new Set(SANDBOX_PROCESSORS).size).toBe(22);
    for (const processor of SANDBOX_PROCESSORS) {
      expect(processor).toMatch(/^[a-z0-9_]{2,50}$/);
    }
    expect(isSandboxProcessor('acme_payments')).toBe(true);
    expect(isSandboxProcessor('acme_paymnts')).toBe(false);
  });

  it('makes partner B tokens of the form bank-account-sandbox-<identifier>', () => {
    expect(newPartnerBToken()).toMatch(/^bank-account-sandbox-[0-9a-f-]{36}$/);
    expect(newPartnerBToken()).not.toBe(newPartnerBToken());
  });
});
