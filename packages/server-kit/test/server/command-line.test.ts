import { describe, expect, it } from 'vitest';
import {
  drainDelayOption,
  listOption,
  logFormatOption,
  parseCommandLine,
  UsageError,
} from '../../src/server/command-line.js';

const options = { port: { type: 'string', default: '4010' }, quiet: { type: 'boolean', default: false } } as const;

describe('parseCommandLine', () => {
  it('parses known options', () => {
    expect(parseCommandLine('svc-x', ['--port', '1', '--quiet'], options).values).toEqual({ port: '1', quiet: true });
  });

  it.each([
    [['--prot', '1'], "svc-x: unknown option '--prot' (svc-x --help lists the options)"],
    [['--port'], "svc-x: option '--port <value>' argument missing (svc-x --help lists the options)"],
    [['extra'], /^svc-x: unexpected argument 'extra'/],
  ])('reports %j as one line with exit code 2', (args, message) => {
    let caught: unknown;
    try {
      parseCommandLine('svc-x', args, options);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(UsageError);
    expect((caught as UsageError).exitCode).toBe(2);
    expect(`svc-x: ${(caught as Error).message}`).toMatch(message);
    expect((caught as Error).message).not.toContain('\n');
  });
});

describe('logFormatOption', () => {
  it.each([
    [undefined, undefined],
    ['json', 'json'],
    ['pretty', 'pretty'],
  ])('%s → %s', (value, format) => {
    expect(logFormatOption(value)).toBe(format);
  });

  it('refuses another format as a usage error', () => {
    expect(() => logFormatOption('xml')).toThrow(UsageError);
  });
});

describe('drainDelayOption', () => {
  it.each([
    [undefined, undefined],
    ['0', 0],
    ['5000', 5000],
  ])('%s → %s ms', (value, ms) => {
    expect(drainDelayOption(value)).toBe(ms);
  });

  it.each(['-1', '1.5', '5s', '', '600001'])('refuses %j as a usage error', (value) => {
    expect(() => drainDelayOption(value)).toThrow(UsageError);
  });
});

describe('listOption', () => {
  it.each([
    ['--allowed-origins', '*', '*'],
    [
      '--allowed-origins',
      'http://localhost:3000, https://app.example.com',
      ['http://localhost:3000', 'https://app.example.com'],
    ],
    ['--allowed-origins', 'http://localhost:*', ['http://localhost:*']],
    ['--allowed-hosts', 'sandbox.dev.test,dev.local', ['sandbox.dev.test', 'dev.local']],
  ] as const)('%s %s', (option, value, expected) => {
    expect(listOption(option, value)).toEqual(expected);
  });

  it.each([
    ['--allowed-origins', '', /comma-separated list/],
    ['--allowed-origins', '*,http://a.test', /\* alone/],
    ['--allowed-origins', 'localhost:3000', /"localhost:3000" is not an origin/],
    ['--allowed-origins', 'http://a.test/path', /is not an origin/],
    ['--allowed-hosts', 'a b', /is not a host name/],
  ] as const)('refuses %s %j', (option, value, message) => {
    expect(() => listOption(option, value)).toThrow(UsageError);
    expect(() => listOption(option, value)).toThrow(message);
  });
});
