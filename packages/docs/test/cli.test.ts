import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../bin/svc-docs.js', import.meta.url));
const run = (args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 20_000 });

describe('svc-docs', () => {
  it.each([['--help'], ['-h'], ['serve', '--help']])('prints its usage with %s and exits 0', (...args) => {
    const result = run(args);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('usage: svc-docs build | svc-docs serve');
    expect(result.stdout).toContain('--port');
  });

  it.each([
    [['serve', '--prot', '4030'], "svc-docs: unknown option '--prot' (svc-docs --help lists the options)"],
    [['serve', '--port'], "svc-docs: option '--port <value>' argument missing (svc-docs --help lists the options)"],
    [
      ['publish'],
      'svc-docs: usage: svc-docs build | svc-docs serve [--port <n>] [--local-sandbox <url>] (svc-docs --help says more)',
    ],
  ])('refuses %j with one line and exit code 2', (args, line) => {
    const result = run(args);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`${line}\n`);
  });
});
