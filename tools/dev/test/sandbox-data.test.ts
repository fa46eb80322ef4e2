import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rootDir } from '../root.mjs';
import { SANDBOX_DATA_DIR, sandboxArguments } from '../sandbox-data.mjs';

describe("npm start's sandbox data, reached by npm run sandbox", () => {
  it('is .svc-sandbox/ at the repository root, whatever the working directory', () => {
    expect(SANDBOX_DATA_DIR).toBe(join(rootDir, '.svc-sandbox'));
  });

  it.each([
    [
      ['clients', 'add', '--name', 'My app'],
      ['clients', 'add', '--name', 'My app', '--data-dir', SANDBOX_DATA_DIR],
    ],
    [
      ['--port', '4020'],
      ['--port', '4020', '--data-dir', SANDBOX_DATA_DIR],
    ],
    [
      ['clients', 'list', '--data-dir', '/tmp/x'],
      ['clients', 'list', '--data-dir', '/tmp/x'],
    ],
    [['--data-dir=/tmp/x'], ['--data-dir=/tmp/x']],
    [['--memory'], ['--memory']],
    [
      ['--database-url', 'postgres://h/db'],
      ['--database-url', 'postgres://h/db'],
    ],
    [['--help'], ['--help']],
  ])('gives svc-sandbox %j as %j', (args, expected) => {
    expect(sandboxArguments(args)).toEqual(expected);
  });

  it('is the data the root script runs svc-sandbox on (the script npm start prints no 404 for)', () => {
    const scripts = (JSON.parse(
      spawnSync('npm', ['pkg', 'get', 'scripts'], { cwd: rootDir, encoding: 'utf8' }).stdout,
    ) ?? {}) as Record<string, string>;
    expect(scripts.sandbox).toBe('node tools/dev/sandbox.mjs');
  });
});
