/**
 * Issue 38's proof on both engines: the same small integration suite runs twice against ONE
 * running sandbox, each run with its own throwaway client from `@svc/client/testing` (create,
 * the canonical public token exchanged, Auth and transactions read, an authorization and a
 * transfer, the clock advanced, the transfer simulated, a snapshot, a restore, a fork, deletes),
 * and the two runs' records of every answer are identical once normalised: request ids, the
 * clients' credentials, and ids a run makes (mapped to the order they were first seen). A run
 * that shares its client with the run before (no throwaway client) records otherwise.
 */
import { SvcApiError, type SvcClient } from '@svc/client';
import { createThrowawayClient, type ThrowawayClient } from '@svc/client/testing';
import { expect, it } from 'vitest';
import { CANONICAL_ITEM } from '../../../src/features/world/index.js';
import { describeEngines, type TestSandbox } from '../../support/harness.js';
import { TEST_ADMIN_KEY } from './throwaway-support.js';

/** One recorded answer: the step, then the body (or the refusal). */
type Entry = [step: string, answer: unknown];

/** The answer of `work`, or its refusal as the API's error fields. */
async function answerOf(work: () => Promise<object>): Promise<unknown> {
  try {
    const { request_id: _, ...body } = (await work()) as Record<string, unknown>;
    return body;
  } catch (error) {
    if (error instanceof SvcApiError) {
      return { status: error.status, error_type: error.error_type, error_code: error.error_code };
    }
    throw error;
  }
}

/** The suite: every answer it got, in order; `client` is the client it runs as (deleted after unless `keep`). */
async function suite(sandbox: ThrowawayClient, keep = false): Promise<Entry[]> {
  const records: Entry[] = [];
  const step = async (name: string, work: (client: SvcClient) => Promise<object>, as = sandbox) => {
    records.push([name, await answerOf(() => work(as.client))]);
  };
  await step('exchange the canonical public token', (c) =>
    c.itemPublicTokenExchange({ public_token: CANONICAL_ITEM.publicToken }),
  );
  const accessToken = CANONICAL_ITEM.accessToken;
  await step('auth', (c) => c.authGet({ access_token: accessToken }));
  await step('transactions', (c) =>
    c.transactionsGet({ access_token: accessToken, start_date: '2026-09-01', end_date: '2026-11-01' }),
  );
  const { account_id } = (await sandbox.client.authGet({ access_token: accessToken })).accounts[0] ?? {};
  const authorization = {
    access_token: accessToken,
    account_id: account_id ?? '',
    type: 'debit' as const,
    network: 'ach' as const,
    amount: '12.34',
    ach_class: 'ppd' as const,
    user: { legal_name: 'Alberta Bobbeth Charleson' },
  };
  const authorized = await sandbox.client.transferAuthorizationCreate(authorization);
  records.push(['authorization', await answerOf(async () => authorized)]);
  const created = await sandbox.client.transferCreate({
    ...authorization,
    authorization_id: authorized.authorization.id,
    idempotency_key: 'suite-twice-1',
    description: 'Suite',
  });
  records.push(['transfer', await answerOf(async () => created)]);
  const transferId = created.transfer.id;
  await step('advance a day', (c) => c.sandboxClockAdvance({ duration: 'P1D' }));
  await step('post the transfer', (c) => c.sandboxTransferSimulate({ transfer_id: transferId, event_type: 'posted' }));
  const snapshotId = await sandbox.snapshot('after posting');
  records.push(['snapshot', snapshotId]);
  await step('settle the transfer', (c) =>
    c.sandboxTransferSimulate({ transfer_id: transferId, event_type: 'settled' }),
  );
  await step('settled', (c) => c.transferGet({ transfer_id: transferId }));
  await sandbox.restore(snapshotId);
  await step('posted again after the restore', (c) => c.transferGet({ transfer_id: transferId }));
  await step('the clock after the restore', (c) => c.sandboxClockGet({}));
  const fork = await sandbox.fork(snapshotId);
  await step('the fork: the transfer', (c) => c.transferGet({ transfer_id: transferId }), fork);
  await step('the fork: its transfers', (c) => c.transferList({}), fork);
  await step('the fork: its clock', (c) => c.sandboxClockGet({}), fork);
  await fork.delete();
  await step('events', (c) => c.transferEventSync({ after_id: 0 }));
  if (!keep) {
    await sandbox.delete();
  }
  return records;
}

/** Keys whose values are ids or tokens a run may make: mapped to the order first seen. */
const ID_KEY = /(^id$|_id$|_token$|^snapshot$)/;

/** `records` with what must differ between runs replaced: ids by first-seen order, credentials by their role. */
function normalised(records: Entry[], clients: ThrowawayClient[]): unknown {
  const seen = new Map<string, string>();
  for (const client of clients) {
    seen.set(client.clientId, 'a client id');
    seen.set(client.secret, 'a secret');
  }
  const map = (value: unknown, key = ''): unknown => {
    if (typeof value === 'string') {
      if (!seen.has(value) && ID_KEY.test(key)) {
        seen.set(value, `id #${seen.size}`);
      }
      return seen.get(value) ?? value;
    }
    if (Array.isArray(value)) {
      return value.map((element) => map(element, key));
    }
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([name, element]) => [name, map(element, name)]));
    }
    return value;
  };
  return records.map(([step, answer]) => [step, map(answer, step === 'snapshot' ? 'snapshot' : '')]);
}

/** A new throwaway client of `sandbox`. */
function throwaway(sandbox: TestSandbox, name: string): Promise<ThrowawayClient> {
  return createThrowawayClient({ baseUrl: sandbox.url, adminKey: TEST_ADMIN_KEY, name });
}

describeEngines(
  'a suite run twice against one sandbox, a throwaway client each',
  (sandbox) => {
    it('records identical answers in both runs', { timeout: 60_000 }, async () => {
      const first = await throwaway(sandbox(), 'run 1');
      const one = normalised(await suite(first), [first]);
      const second = await throwaway(sandbox(), 'run 2');
      const two = normalised(await suite(second), [second]);
      expect(two).toEqual(one);
      expect(JSON.stringify(one)).toContain('posted');
      const left = await sandbox()
        .sandbox.store.db.selectFrom('clients')
        .select('client_id')
        .where('client_id', 'in', [first.clientId, second.clientId])
        .execute();
      expect(left).toEqual([]);
    });

    it('records otherwise when the second run shares the first run’s client (the records see a leak)', {
      timeout: 60_000,
    }, async () => {
      const shared = await throwaway(sandbox(), 'shared');
      const one = normalised(await suite(shared, true), [shared]);
      const two = normalised(await suite(shared), [shared]);
      expect(two).not.toEqual(one);
    });
  },
  { adminKey: TEST_ADMIN_KEY, delivery: { concurrency: 0 } },
);
