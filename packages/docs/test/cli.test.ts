import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../bin/svc-docs.js', import.meta.url));
const run = (args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 20_000 });

describe('svc-docs', () => {
  it.each([
    [['--help'], 'usage: svc-docs build | svc-docs serve', '--port'],
    [['-h'], 'usage: svc-docs build | svc-docs serve', '--port'],
    [['serve', '--help'], 'usage: svc-docs serve [--port <n>]', '--local-sandbox'],
    [['build', '-h'], 'usage: svc-docs build\n', 'dist/index.html'],
  ])('prints its usage with %j and exits 0', (args, usage, option) => {
    const result = run(args);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(usage);
    expect(result.stdout).toContain(option);
    expect(result.stderr).toBe('');
  });

  it.each([
    [['serve', '--prot', '4030'], "svc-docs: unknown option '--prot' (svc-docs serve --help lists the options)"],
    [
      ['serve', '--port'],
      "svc-docs: option '--port <value>' argument missing (svc-docs serve --help lists the options)",
    ],
    [['--prot'], "svc-docs: unknown option '--prot' (svc-docs --help lists the options)"],
    [['publish'], 'svc-docs: unknown command "publish" (svc-docs --help lists the commands)'],
    [[], 'svc-docs: name a command: build, serve (svc-docs --help lists the commands)'],
    [['serve', 'now'], 'svc-docs: unexpected argument "now" (svc-docs serve --help says more)'],
  ])('refuses %j with one line and exit code 2', (args, line) => {
    const result = run(args);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`${line}\n`);
  });
});
