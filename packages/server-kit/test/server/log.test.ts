import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { chooseLogFormat, createLogger, type LogFormat } from '../../src/server/log.js';
import { formatLogLine } from '../../src/server/pretty-log.js';

function capture(format: LogFormat, colour = false) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: createLogger({ stream, format, colour }) };
}

const request = {
  level: 'info' as const,
  event: 'request',
  request_id: 'm8MDnv9okwxFNBV',
  method: 'POST',
  path: '/item/remove',
  operation: 'itemRemove',
  status: 400,
  error_code: 'INVALID_FIELD',
  duration_ms: 1.25,
};

describe('createLogger', () => {
  it('writes JSON lines with time and level', () => {
    const { lines, logger } = capture('json');
    logger(request);
    expect(lines).toHaveLength(1);
    const record = JSON.parse(lines[0] ?? '');
    expect(record).toMatchObject({ ...request, level: 'info' });
    expect(record.time).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('writes a readable line with the status, the route, the duration and error_code', () => {
    const { lines, logger } = capture('pretty');
    logger(request);
    expect(lines[0]).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} INFO {2}400 POST \/item\/remove 1\.3 ms request_id=m8MDnv9okwxFNBV operation=itemRemove error_code=INVALID_FIELD\n$/,
    );
  });

  it('colours a readable line only when asked', () => {
    const { lines, logger } = capture('pretty', true);
    logger({ level: 'error', event: 'store_unavailable', error: 'down' });
    expect(lines[0]).toContain('\u001b[31mERROR');
    expect(formatLogLine({ level: 'warn', event: 'x' }, false)).not.toContain('\u001b');
  });

  it('censors fields that could hold a credential, at the top and one level down', () => {
    const { lines, logger } = capture('json');
    logger({ level: 'warn', event: 'x', secret: 's3cr3t', body: { access_token: 'access-1', kept: 1 } });
    expect(lines[0]).not.toContain('s3cr3t');
    expect(lines[0]).not.toContain('access-1');
    expect(JSON.parse(lines[0] ?? '').body).toEqual({ access_token: '[redacted]', kept: 1 });
  });
});

describe('chooseLogFormat', () => {
  it.each([
    [true, {}, 'pretty'],
    [false, {}, 'json'],
    [true, { SVC_LOG_FORMAT: 'json' }, 'json'],
    [false, { SVC_LOG_FORMAT: 'pretty' }, 'pretty'],
  ])('on a terminal: %s, environment %j → %s', (isTTY, env, format) => {
    expect(chooseLogFormat({ isTTY } as NodeJS.WriteStream, env)).toBe(format);
  });

  it('refuses another format', () => {
    expect(() => chooseLogFormat(process.stdout, { SVC_LOG_FORMAT: 'xml' })).toThrow(/json or pretty/);
  });
});
