import { describe, expect, it } from 'vitest';
import { orRefuse, refused, refuseIf } from '../../../src/engine/errors/refusal.js';
import { SandboxError } from '../../../src/engine/errors/sandbox-error.js';

const errorOf = (code: string) => new SandboxError({ type: 'INVALID_INPUT', code, message: `refused: ${code}` });

describe('refusals as errors', () => {
  it('refuseIf throws the error of a refusal and nothing for none', () => {
    expect(() => refuseIf(null, errorOf)).not.toThrow();
    expect(() => refuseIf('INVALID_ACCOUNT_ID', errorOf)).toThrow('refused: INVALID_ACCOUNT_ID');
  });

  it('orRefuse gives the value of an accepted outcome and throws the error of a refused one', () => {
    expect(orRefuse({ ok: true, value: 42 }, errorOf)).toBe(42);
    expect(() => orRefuse(refused('INVALID_TRANSFER_ID'), errorOf)).toThrow(SandboxError);
  });
});
