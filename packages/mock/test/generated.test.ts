import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openapiJsonPath } from '@svc/spec';
import { describe, expect, it } from 'vitest';
import { createPrismEngine } from '../src/prism/prism-engine.js';

const GENERATOR = fileURLToPath(new URL('../scripts/generate-response-table.mjs', import.meta.url));
const TABLE = fileURLToPath(new URL('../src/generated/responses.md', import.meta.url));

describe('src/generated/responses.md', () => {
  it('is what the generator writes from the bundled spec (run `pnpm generate` when this fails)', () => {
    const run = spawnSync(process.execPath, [GENERATOR, '--check'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('lists exactly the statuses and example names the mock lets Prefer choose', async () => {
    const engine = await createPrismEngine(JSON.parse(readFileSync(openapiJsonPath, 'utf8')));
    const table = readFileSync(TABLE, 'utf8');
    const fromTable = new Map<string, string[]>();
    let operationId = '';
    for (const line of table.split('\n').filter((row) => /^\|.*\| \d{3} \|/.test(row))) {
      const [operation = '', , status = '', examples = ''] = line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim());
      operationId = operation.replaceAll('`', '') || operationId;
      const names = examples.split('<br>').flatMap((part) => /^`([^`]+)`/.exec(part)?.[1] ?? []);
      fromTable.set(`${operationId} ${status}`, names);
    }
    const fromEngine = new Map(
      engine.operations.flatMap((operation) =>
        operation.catalogue.map((entry) => [`${operation.operationId} ${entry.status}`, entry.examples] as const),
      ),
    );
    expect(fromTable).toEqual(fromEngine);
  }, 30_000);
});
