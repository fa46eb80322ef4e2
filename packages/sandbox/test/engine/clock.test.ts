import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createManualClock, createStartedClock, parseStartTime } from '../../src/engine/clock.js';
import { DEFAULT_CLIENT } from '../../src/features/world/world.js';
import { EXAMPLES_TIME, startSandbox } from '../../src/start-sandbox.js';

describe('parseStartTime', () => {
  it.each([
    ['2026-11-20T14:00:00Z', '2026-11-20T14:00:00.000Z'],
    ['2026-11-20T14:00Z', '2026-11-20T14:00:00.000Z'],
    ['2026-11-20T14:00:00.250+02:00', '2026-11-20T12:00:00.250Z'],
    ['2031-01-02', '2031-01-02T00:00:00.000Z'],
    ['  2032-02-29 ', '2032-02-29T00:00:00.000Z'],
  ])('reads %s as %s', (text, iso) => {
    expect(parseStartTime(text).toISOString()).toBe(iso);
  });

  it.each([
    'tomorrow',
    '2026-11-20T14:00:00', // no offset: whose 14:00?
    '2026-02-31',
    '2026-13-01T00:00:00Z',
    '2031-02-29T10:00:00Z',
    '1763647200',
    '',
  ])('refuses %j, naming the option, the value and the forms it takes', (text) => {
    expect(() => parseStartTime(text)).toThrow(
      `--start-time must be a date-time with its offset (2026-11-20T14:00:00Z) or a date (2026-11-20), not "${text}"`,
    );
  });
});

describe('createStartedClock', () => {
  it('reads the start time at first, then runs at the pace of its base clock', () => {
    const base = createManualClock('2026-11-28T08:00:00Z');
    const clock = createStartedClock('2031-01-02T00:00:00Z', base);
    expect(clock.now().toISOString()).toBe('2031-01-02T00:00:00.000Z');
    base.advance(90_000);
    expect(clock.now().toISOString()).toBe('2031-01-02T00:01:30.000Z');
  });
});

describe('startSandbox({ startTime })', () => {
  it("seeds the world and answers on the sandbox's clock started at that time", async () => {
    const sandbox = await startSandbox({
      port: 0,
      store: { kind: 'memory' },
      startTime: EXAMPLES_TIME,
      logger: () => {},
    });
    try {
      const response = await fetch(`${sandbox.url}/sandbox/clock/get`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'SVC-CLIENT-ID': DEFAULT_CLIENT.clientId,
          'SVC-SECRET': DEFAULT_CLIENT.secret,
        },
        body: '{}',
      });
      const body = (await response.json()) as { clock: { current_time: string } };
      expect(response.status).toBe(200);
      const elapsedMs = Date.parse(body.clock.current_time) - Date.parse(EXAMPLES_TIME);
      expect(elapsedMs).toBeGreaterThanOrEqual(0);
      expect(elapsedMs).toBeLessThan(60_000);
    } finally {
      await sandbox.stop();
    }
  });

  it('refuses a clock and a start time together, and a start time that is not one', async () => {
    await expect(
      startSandbox({ port: 0, store: { kind: 'memory' }, clock: createManualClock(), startTime: EXAMPLES_TIME }),
    ).rejects.toThrow('startSandbox takes a clock or a startTime, not both');
    await expect(startSandbox({ port: 0, store: { kind: 'memory' }, startTime: 'next monday' })).rejects.toThrow(
      'startTime must be a date-time with its offset',
    );
  });
});

describe('svc-sandbox --start-time', () => {
  const bin = join(import.meta.dirname, '..', '..', 'bin', 'svc-sandbox.js');

  it('says where its clock starts, and refuses a bad value with one line and exit code 2', async () => {
    const child = spawn(process.execPath, [bin, '--memory', '--port', '0', '--quiet', '--start-time', '2031-01-02'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    await expect.poll(() => output, { timeout: 20_000 }).toContain('Press Ctrl+C to stop.');
    expect(output).toContain('time      started at 2031-01-02T00:00:00.000Z (--start-time), running from there');
    child.kill('SIGINT');
    await once(child, 'exit');

    const bad = spawn(process.execPath, [bin, '--memory', '--start-time', '2031-02-29'], { stdio: 'pipe' });
    let errors = '';
    bad.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      errors += chunk;
    });
    const [code] = await once(bad, 'exit');
    expect(code).toBe(2);
    expect(errors.trim()).toMatch(/--start-time must be a date-time with its offset .* not "2031-02-29"$/);
  });
});
