import { errorCatalogue } from '@svc/server-kit';
import { describe, expect, it } from 'vitest';
import { formatFault, parseDuration, parseFault } from '../../../src/features/faults/grammar.js';

describe('fault grammar', () => {
  it.each([
    ['latency=800ms', { latencyMs: 800 }],
    ['latency=2s', { latencyMs: 2000 }],
    ['error=RATE_LIMIT_EXCEEDED', { error: { type: 'RATE_LIMIT_EXCEEDED', code: 'RATE_LIMIT' } }],
    ['error=RATE_LIMIT', { error: { type: 'RATE_LIMIT_EXCEEDED', code: 'RATE_LIMIT' } }],
    ['error=INTERNAL_SERVER_ERROR', { error: { type: 'API_ERROR', code: 'INTERNAL_SERVER_ERROR' } }],
    ['error=API_ERROR/SERVICE_UNAVAILABLE', { error: { type: 'API_ERROR', code: 'SERVICE_UNAVAILABLE' } }],
    ['error=INSTITUTION_NOT_RESPONDING', { error: { type: 'INSTITUTION_ERROR', code: 'INSTITUTION_NOT_RESPONDING' } }],
    ['drop=before', { drop: 'before' }],
    ['drop=after_commit', { drop: 'after_commit' }],
    ['slow_body=300ms', { slowBodyMs: 300 }],
    [
      ' latency = 5ms ; error=RATE_LIMIT ;',
      { latencyMs: 5, error: { type: 'RATE_LIMIT_EXCEEDED', code: 'RATE_LIMIT' } },
    ],
    [
      'error=INTERNAL_SERVER_ERROR; slow_body=1s',
      { error: { type: 'API_ERROR', code: 'INTERNAL_SERVER_ERROR' }, slowBodyMs: 1000 },
    ],
    ['latency=10ms; drop=after_commit', { latencyMs: 10, drop: 'after_commit' }],
  ])('parses %j', (text, fault) => {
    expect(parseFault(text, errorCatalogue)).toEqual({ ok: true, fault });
  });

  it.each([
    ['', 'is empty'],
    [' ; ', 'is empty'],
    ['timeout=5s', 'unknown directive "timeout"'],
    ['latency', 'gives latency no value'],
    ['latency=fast', 'gives latency "fast", which is not a duration'],
    ['latency=1.5s', 'which is not a duration'],
    ['latency=31s', 'gives latency 31s, over the 30s limit; write at most 30s (30000ms)'],
    ['slow_body=30001ms', 'gives slow_body 30001ms, over the 30s limit'],
    ['latency=5ms; latency=6ms', 'repeats latency'],
    ['drop=sometimes', 'gives drop "sometimes"; use drop=before or drop=after_commit'],
    ['error=NO_SUCH_CODE', 'error NO_SUCH_CODE, which is not an error_code or error_type'],
    ['error=API_ERROR', 'names 3 catalogue errors'],
    ['error=API_ERROR/RATE_LIMIT', 'which is not an error_code or error_type'],
    ['drop=before; error=RATE_LIMIT', 'combines drop with error'],
    ['drop=after_commit; slow_body=1s', 'combines drop with slow_body'],
  ])('refuses %j, saying what is wrong', (text, reason) => {
    const parsed = parseFault(text, errorCatalogue);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.reason).toContain(reason);
  });

  it('formats a fault in a fixed order that parses back to the same fault', () => {
    const parsed = parseFault('slow_body=1s; error=RATE_LIMIT_EXCEEDED; latency=2s', errorCatalogue);
    if (!parsed.ok) {
      throw new Error(parsed.reason);
    }
    const text = formatFault(parsed.fault);
    expect(text).toBe('latency=2000ms; error=RATE_LIMIT_EXCEEDED/RATE_LIMIT; slow_body=1000ms');
    expect(parseFault(text, errorCatalogue)).toEqual(parsed);
  });

  it.each([
    ['0ms', 0],
    ['30s', 30_000],
    ['30000ms', 30_000],
    ['30001ms', undefined],
    ['-1ms', undefined],
    ['5', undefined],
  ])('reads the duration %j as %j ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });
});
