import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { addClient } from '../../../src/engine/clients/clients.js';
import { openStore, type StoreLocation } from '../../../src/engine/store/open-store.js';
import { seedIfEmpty } from '../../../src/seed.js';
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

  it('keeps the clients added with clients add through a reset, with their credentials, and wipes their data', async () => {
    const where = await location(engine);
    // As `svc-sandbox clients add` does: into the seeded store, before the sandbox starts.
    const adding = await openStore(where);
    await seedIfEmpty(adding, new Date('2026-11-02T10:00:00Z'));
    const added = await addClient(adding, 'My app', new Date('2026-11-02T10:00:00Z'));
    await adding.close();
    const as = { clientId: added.clientId, secret: added.secret };

    const first = await startTestSandbox(engine, { store: where });
    const { public_token } = await first.ok(
      'sandboxPublicTokenCreate',
      { institution_id: 'ins_109508', initial_products: ['auth'] },
      as,
    );
    await first.ok('sandboxClockAdvance', { duration: 'P1D' }, as);
    await first.stop();

    const second = await startTestSandbox(engine, { store: where, reset: true });
    try {
      // Still accepted with the same secret; its Item is gone and its clock is back at the sandbox's.
      expect((await second.ok('sandboxClockGet', {}, as)).clock.offset_ms).toBe(0);
      expect(second.sandbox.addedClientsKept).toBe(1);
      expect((await second.fail('itemPublicTokenExchange', { public_token }, as)).body.error_code).toBe(
        'INVALID_PUBLIC_TOKEN',
      );
      // The in-process reset keeps it too; the canonical clients are seeded again.
      await second.sandbox.reset();
      await second.ok('sandboxClockGet', {}, as);
      await second.ok('itemWebhookUpdate', {
        access_token: 'access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6',
        webhook: 'https://www.example.com/after-reset',
      });
    } finally {
      await second.stop();
    }
  });
});
