import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = (name: string) => fileURLToPath(new URL(`../${name}`, import.meta.url));
const run = (name: string, args: string[]) =>
  spawnSync(process.execPath, [script(name), ...args], { encoding: 'utf8', timeout: 20_000 });

describe.each([
  ['npm start', 'start.mjs', '--mock-port'],
  ['npm test', 'test.mjs', '--no-install'],
])('%s', (command, file, option) => {
  it('prints its usage with --help and exits 0, before installing or building anything', () => {
    const result = run(file, ['--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`usage: ${command}`);
    expect(result.stdout).toContain(option);
    expect(result.stdout).not.toContain('[1/');
  });

  it('refuses an unknown option with one line and exit code 2', () => {
    const result = run(file, ['--port', '4020']);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`${command}: unknown option '--port' (${command} -- --help lists the options)\n`);
    expect(result.stdout).toBe('');
  });
});

describe('npm start', () => {
  it.each([
    ['--mock-port', 'x'],
    ['--docs-port', '70000'],
  ])('refuses %s %s with one line and exit code 2', (flag, value) => {
    const result = run('start.mjs', [flag, value]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`npm start: ${flag} must be a whole number from 0 to 65535, not "${value}"\n`);
  });
});
