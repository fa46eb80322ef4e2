import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { StoreLocation } from '../../../src/engine/store/open-store.js';
import { ENGINES, type EngineName, startTestSandbox } from '../../support/harness.js';
import { createTestDatabase } from '../../support/postgres.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) {
    rmSync(dir, { recursive: true, force: true });
  }
});

async function location(engine: EngineName): Promise<StoreLocation> {
  if (engine === 'postgres') {
    return { kind: 'postgres', url: await createTestDatabase(inject('pgAdminUrl')) };
  }
  const dir = mkdtempSync(join(tmpdir(), 'svc-sandbox-data-'));
  dirs.push(dir);
  return { kind: 'sqlite', dataDir: dir };
}

describe.each(ENGINES)('restart persistence [%s]', (engine) => {
  it('keeps the Item and its tokens across a stop and a start on the same data', async () => {
    const store = await location(engine);
    const first = await startTestSandbox(engine, { store });
    const { public_token } = await first.ok('sandboxPublicTokenCreate', {
      institution_id: 'ins_109508',
      initial_products: ['auth'],
    });
    const { access_token, item_id } = await first.ok('itemPublicTokenExchange', { public_token });
    const unused = (
      await first.ok('sandboxPublicTokenCreate', { institution_id: 'ins_109508', initial_products: ['auth'] })
    ).public_token;
    await first.stop();

    const second = await startTestSandbox(engine, { store });
    try {
      const { item } = await second.ok('itemWebhookUpdate', { access_token, webhook: 'https://www.example.com/after' });
      expect(item.item_id).toBe(item_id);
      // The used public token is still used; the unused one still exchanges.
      expect((await second.fail('itemPublicTokenExchange', { public_token })).body.error_code).toBe(
        'INVALID_PUBLIC_TOKEN',
      );
      await second.ok('itemPublicTokenExchange', { public_token: unused });
    } finally {
      await second.stop();
    }
  });

  it('starts again from the canonical world with reset', async () => {
    const store = await location(engine);
    const first = await startTestSandbox(engine, { store });
    await first.ok('itemRemove', { access_token: 'access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6' });
    await first.stop();
    const second = await startTestSandbox(engine, { store, reset: true });
    try {
      await second.ok('itemWebhookUpdate', {
        access_token: 'access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6',
        webhook: 'https://www.example.com/again',
      });
    } finally {
      await second.stop();
    }
  });
});
