import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, freePort } from '../../support/postgres.js';
import { post, startSandboxProcess } from '../../support/processes.js';
import { startReceiver } from '../../support/receiver.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) {
    rmSync(dir, { recursive: true, force: true });
  }
});

async function storeArgs(engine: 'sqlite' | 'postgres'): Promise<string[]> {
  if (engine === 'postgres') {
    return ['--database-url', await createTestDatabase(inject('pgAdminUrl'))];
  }
  const dir = mkdtempSync(join(tmpdir(), 'svc-sandbox-crash-'));
  dirs.push(dir);
  return ['--data-dir', dir];
}

describe.each(['sqlite', 'postgres'] as const)('kill -9 under write load [%s]', (engine) => {
  it('keeps every acknowledged write, half of none, and delivers pending webhooks after restart', async () => {
    const args = [...(await storeArgs(engine)), '--quiet'];
    const receiverPort = await freePort();
    const hook = `http://127.0.0.1:${receiverPort}/hooks`; // nobody listens yet: webhooks stay pending
    const first = await startSandboxProcess(args);
    const acknowledged: { accessToken: string; itemId: string; webhook: boolean }[] = [];
    let stop = false;
    const worker = async () => {
      while (!stop) {
        try {
          const created = await post(first.url, '/sandbox/public_token/create', {
            institution_id: 'ins_109508',
            initial_products: ['auth'],
          });
          if (created.status !== 200) {
            continue;
          }
          const exchanged = await post(first.url, '/item/public_token/exchange', {
            public_token: created.body.public_token,
          });
          if (exchanged.status !== 200) {
            continue;
          }
          const entry = {
            accessToken: String(exchanged.body.access_token),
            itemId: String(exchanged.body.item_id),
            webhook: false,
          };
          acknowledged.push(entry);
          const updated = await post(first.url, '/item/webhook/update', {
            access_token: entry.accessToken,
            webhook: hook,
          });
          entry.webhook = updated.status === 200;
        } catch {
          // The connection broke: the process was killed mid-request.
        }
      }
    };
    const workers = Array.from({ length: 6 }, worker);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await first.kill();
    stop = true;
    await Promise.all(workers);
    expect(acknowledged.length).toBeGreaterThan(5);

    const receiver = await startReceiver([], receiverPort);
    const second = await startSandboxProcess(args);
    try {
      for (const entry of acknowledged) {
        const auth = await post(second.url, '/auth/get', { access_token: entry.accessToken });
        expect(auth.status, JSON.stringify(auth.body)).toBe(200);
        expect((auth.body.item as { item_id: string }).item_id).toBe(entry.itemId);
        // Never half an Item: all its accounts are there.
        expect((auth.body.accounts as unknown[]).length).toBe(2);
      }
      const expected = new Set(acknowledged.filter((entry) => entry.webhook).map((entry) => entry.itemId));
      await expect
        .poll(
          () => {
            const delivered = new Set(
              receiver.deliveries.map((delivery) => (JSON.parse(delivery.body) as { item_id: string }).item_id),
            );
            return [...expected].filter((itemId) => !delivered.has(itemId)).length;
          },
          { timeout: 45_000, interval: 500 },
        )
        .toBe(0);
      process.stdout.write(
        `[${engine}] acknowledged before kill: ${acknowledged.length} Items (${expected.size} webhook updates); ` +
          `found after restart: ${acknowledged.length}; webhooks delivered after restart: ${receiver.deliveries.length}\n`,
      );
    } finally {
      await second.stop();
      await receiver.close();
    }
  }, 120_000);
});
