import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

describe('@svc/server-kit', () => {
  it('is importable through the package exports and loads no Prism module', () => {
    const script = [
      "import('@svc/server-kit').then((http) => {",
      "  const prism = Object.keys(require.cache).filter((path) => path.includes('@stoplight'));",
      '  process.stdout.write(JSON.stringify({ names: Object.keys(http), prism }));',
      '});',
    ].join('\n');
    const run = spawnSync(process.execPath, ['-e', script], { cwd: PACKAGE_DIR, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const { names, prism } = JSON.parse(run.stdout) as { names: string[]; prism: string[] };
    expect(names).toEqual(
      expect.arrayContaining([
        'acceptRequest',
        'readJsonObjectBody',
        'readCredentials',
        'createApiError',
        'validationError',
        'applyCors',
        'answerPreflight',
        'createRouteTable',
        'routeError',
        'sendJson',
        'createRequestValidator',
        'schemaViolations',
      ]),
    );
    expect(prism).toEqual([]);
  });

  // `@svc/openapi-ajv` is the Ajv setup shared with the response validator of the tests (it
  // depends on Ajv and ajv-formats only), so it counts as Ajv here.
  it('imports nothing but its own modules, Node built-ins and Ajv', () => {
    const dir = fileURLToPath(new URL('../src/', import.meta.url));
    const imports = readdirSync(dir)
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) =>
        [...readFileSync(`${dir}${file}`, 'utf8').matchAll(/ from '([^']+)';$/gm)].map((match) => match[1]),
      );
    expect(imports.length).toBeGreaterThan(0);
    expect(
      imports.filter(
        (source) =>
          !source?.startsWith('./') &&
          !source?.startsWith('node:') &&
          !source?.startsWith('ajv') &&
          source !== '@svc/openapi-ajv',
      ),
    ).toEqual([]);
  });
});
